import { nowAndNext } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { clockTime, nextLabel } from '../../time/format';

/** "Now / next" per stage at the given instant; re-rendered as the clock ticks. */
export function NowNext({ programme, now }: { programme: Programme; now: Date }) {
  const intl = useIntl();
  const rows = nowAndNext(
    programme.performances,
    programme.stages.map((stage) => stage.id),
    now,
  ).filter((row) => row.now || row.next);
  if (rows.length === 0) return null;
  const name = (artistId: string) => programme.artists.get(artistId)?.name ?? intl.formatMessage({ id: 'programme.nowNext.unknownArtist', defaultMessage: 'Unknown artist' });
  return (
    <section className="now-next" aria-labelledby="now-next-title">
      <h2 id="now-next-title">
        <FormattedMessage id="programme.nowNext.title" defaultMessage="Now and next" />
      </h2>
      <ul>
        {rows.map((row) => {
          const stage = programme.stages.find((candidate) => candidate.id === row.stageId)!;
          return (
            <li key={row.stageId} style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }}>
              <p className="now-next-stage">{stage.name}</p>
              {row.now ? (
                <p>
                  <span className="now-next-label">
                    <FormattedMessage id="programme.nowNext.now" defaultMessage="Now" />
                  </span> <Link to={`/performances/${row.now.id}`}>{name(row.now.artistId)}</Link>{' '}
                  <span className="muted">
                    <FormattedMessage id="programme.nowNext.until" defaultMessage="until {time}" values={{ time: clockTime(intl, row.now.endsAt, programme.festival) }} />
                  </span>
                </p>
              ) : (
                <p className="muted">
                  <FormattedMessage id="programme.nowNext.nothing" defaultMessage="Nothing on right now" />
                </p>
              )}
              {row.next ? (
                <p>
                  <span className="now-next-label">
                    <FormattedMessage id="programme.nowNext.next" defaultMessage="Next" />
                  </span> <Link to={`/performances/${row.next.id}`}>{name(row.next.artistId)}</Link>{' '}
                  <span className="muted">{nextLabel(intl, now, row.next.startsAt, programme.festival)}</span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
