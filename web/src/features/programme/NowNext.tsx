import { nowAndNext } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { clockTime, nextLabel } from '../../time/format';

/**
 * "Now and next", compact: one card per stage in a strip that scrolls sideways on phones
 * (three short lines each: the stage, what plays until when, what comes next), so it never
 * pushes the timetable off the first screen. Re-rendered as the clock ticks.
 */
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
      <h2 id="now-next-title" className="now-next-title">
        <FormattedMessage id="programme.nowNext.title" defaultMessage="Now and next" />
      </h2>
      <ul className="now-next-strip">
        {rows.map((row) => {
          const stage = programme.stages.find((candidate) => candidate.id === row.stageId)!;
          return (
            <li key={row.stageId} style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }}>
              <p className="now-next-stage">{stage.name}</p>
              {row.now ? (
                <p className="now-next-line">
                  <span className="now-next-label">
                    <FormattedMessage id="programme.nowNext.now" defaultMessage="Now" />
                  </span>{' '}
                  <Link to={`/performances/${row.now.id}`}>{name(row.now.artistId)}</Link>{' '}
                  <span className="now-next-when">
                    <FormattedMessage id="programme.nowNext.until" defaultMessage="until {time}" values={{ time: clockTime(intl, row.now.endsAt, programme.festival) }} />
                  </span>
                </p>
              ) : (
                <p className="now-next-line now-next-when">
                  <FormattedMessage id="programme.nowNext.nothing" defaultMessage="Nothing on right now" />
                </p>
              )}
              {row.next ? (
                <p className="now-next-line">
                  <span className="now-next-label">
                    <FormattedMessage id="programme.nowNext.next" defaultMessage="Next" />
                  </span>{' '}
                  <Link to={`/performances/${row.next.id}`}>{name(row.next.artistId)}</Link>{' '}
                  <span className="now-next-when">{nextLabel(intl, now, row.next.startsAt, programme.festival)}</span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
