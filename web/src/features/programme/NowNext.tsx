import { nowAndNext } from '@encore/model';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { nextLabel, timeRange } from '../../time/format';

/** "Now / next" per stage at the given instant; re-rendered as the clock ticks. */
export function NowNext({ programme, now }: { programme: Programme; now: Date }) {
  const rows = nowAndNext(
    programme.performances,
    programme.stages.map((stage) => stage.id),
    now,
  ).filter((row) => row.now || row.next);
  if (rows.length === 0) return null;
  const name = (artistId: string) => programme.artists.get(artistId)?.name ?? 'Unknown artist';
  return (
    <section className="now-next" aria-labelledby="now-next-title">
      <h2 id="now-next-title">Now and next</h2>
      <ul>
        {rows.map((row) => {
          const stage = programme.stages.find((candidate) => candidate.id === row.stageId)!;
          return (
            <li key={row.stageId} style={{ ['--stage-color' as string]: stage.color ?? '#6b6b80' }}>
              <p className="now-next-stage">{stage.name}</p>
              {row.now ? (
                <p>
                  <span className="now-next-label">Now</span> <Link to={`/performances/${row.now.id}`}>{name(row.now.artistId)}</Link>{' '}
                  <span className="muted">until {timeRange(row.now.startsAt, row.now.endsAt, programme.festival).split('–')[1]}</span>
                </p>
              ) : (
                <p className="muted">Nothing on right now</p>
              )}
              {row.next ? (
                <p>
                  <span className="now-next-label">Next</span> <Link to={`/performances/${row.next.id}`}>{name(row.next.artistId)}</Link>{' '}
                  <span className="muted">{nextLabel(now, row.next.startsAt, programme.festival)}</span>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
