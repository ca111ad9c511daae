import { localTime } from '@encore/model';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { SetCard, type FavoriteProps } from './SetCard';

const PX_PER_MINUTE = 1.6;
const HOUR = 3_600_000;

/** The timetable on wide screens: one column per stage, sets placed by time. */
export function StageColumns({
  programme,
  performances,
  favorites,
  now,
}: {
  programme: Programme;
  performances: PerformanceDoc[];
  favorites: FavoriteProps;
  now: Date;
}) {
  if (performances.length === 0) return null;
  const first = Math.floor(Math.min(...performances.map((set) => set.startsAt.getTime())) / HOUR) * HOUR;
  const last = Math.ceil(Math.max(...performances.map((set) => set.endsAt.getTime())) / HOUR) * HOUR;
  const height = ((last - first) / 60_000) * PX_PER_MINUTE;
  const stages = programme.stages.filter((stage) => performances.some((set) => set.stageId === stage.id));
  const hours: number[] = [];
  for (let t = first; t < last; t += HOUR) hours.push(t);
  const nowOffset = now.getTime() >= first && now.getTime() <= last ? ((now.getTime() - first) / 60_000) * PX_PER_MINUTE : null;

  return (
    <div className="timetable" style={{ ['--columns' as string]: stages.length }}>
      <div className="timetable-hours" aria-hidden="true" style={{ height }}>
        {hours.map((hour) => (
          <span key={hour} style={{ top: ((hour - first) / 60_000) * PX_PER_MINUTE }}>
            {localTime(new Date(hour), programme.festival)}
          </span>
        ))}
      </div>
      {stages.map((stage) => (
        <section key={stage.id} className="timetable-stage" aria-labelledby={`stage-${stage.id}`}>
          <h2 id={`stage-${stage.id}`} className="timetable-stage-name" style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }}>
            {stage.name}
          </h2>
          <div className="timetable-column" style={{ height }}>
            {nowOffset !== null ? <div className="timetable-now" style={{ top: nowOffset }} aria-hidden="true" /> : null}
            {performances
              .filter((set) => set.stageId === stage.id)
              .map((set) => (
                <SetCard
                  key={set.id}
                  performance={set}
                  programme={programme}
                  favorites={favorites}
                  now={now}
                  style={{
                    position: 'absolute',
                    top: ((set.startsAt.getTime() - first) / 60_000) * PX_PER_MINUTE,
                    height: ((set.endsAt.getTime() - set.startsAt.getTime()) / 60_000) * PX_PER_MINUTE - 4,
                  }}
                />
              ))}
          </div>
        </section>
      ))}
    </div>
  );
}
