import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import type { PerformanceDoc, Programme, StageDoc } from '../../festival/programme';
import { clockTime } from '../../time/format';
import { SetCard, type FavoriteProps } from './SetCard';
import { holdsOneLine, isOnTimeline, minuteOf, type TimelineLayout } from './timeline-layout';

/**
 * The Clashfinder-style timetable: stages side by side, time flowing down, each set a block
 * as long as the set. Drawn with CSS custom properties (`--at`, `--length`, in minutes; the
 * scale is `--px-per-minute`), so the layout is arithmetic and the look
 * is the stylesheet's.
 *
 * Reading order: the DOM is one section per stage (a heading, then its sets in time order),
 * which is how a person reads a timetable column by column, and how Clashfinder's own text
 * view lists it. Screen readers therefore get the timeline too, navigable by stage heading,
 * each set announcing its artist and time; the hour axis and the stage strip above are
 * visual duplicates and hidden from them. The list view (every stage interleaved by start
 * time) is one tap away for anyone who wants "what is on at nine" instead.
 */

/** The stages that have a set in view, in programme order. */
export function stagesWithSets(programme: Programme, performances: readonly PerformanceDoc[]): StageDoc[] {
  return programme.stages.filter((stage) => performances.some((set) => set.stageId === stage.id));
}

/** The stage names above the columns: sticky with the toolbar, scrolled sideways with the body. */
export function TimelineHead({ stages, ref }: { stages: StageDoc[]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className="timeline-head" ref={ref} aria-hidden="true">
      <div className="timeline-columns" style={{ ['--stages' as string]: stages.length }}>
        <span className="timeline-corner" />
        {stages.map((stage) => (
          <span key={stage.id} className="timeline-stage-name" style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }}>
            {stage.name}
          </span>
        ))}
      </div>
    </div>
  );
}

export function Timeline({
  programme,
  performances,
  stages,
  layout,
  favorites,
  now,
  ref,
}: {
  programme: Programme;
  performances: PerformanceDoc[];
  stages: StageDoc[];
  layout: TimelineLayout;
  favorites: FavoriteProps;
  now: Date;
  ref?: Ref<HTMLDivElement>;
}) {
  const intl = useIntl();
  const showNow = isOnTimeline(layout, now);
  return (
    <div className="timeline" ref={ref}>
      <div
        className="timeline-columns timeline-body"
        data-starts-at={layout.startsAt.toISOString()}
        style={{ ['--stages' as string]: stages.length, ['--timeline-minutes' as string]: layout.minutes }}
      >
        <div className="timeline-axis" aria-hidden="true">
          {layout.hours.map((hour) => (
            <span key={hour.minute} style={{ ['--at' as string]: hour.minute }}>
              {hour.label}
            </span>
          ))}
        </div>
        {stages.map((stage) => (
          <section key={stage.id} className="timeline-stage" aria-labelledby={`timeline-stage-${stage.id}`}>
            <h3 id={`timeline-stage-${stage.id}`} className="visually-hidden">
              {stage.name}
            </h3>
            <ol className="timeline-sets">
              {performances
                .filter((set) => set.stageId === stage.id)
                .map((set) => {
                  const length = minuteOf(layout, set.endsAt) - minuteOf(layout, set.startsAt);
                  return (
                    <li key={set.id} style={{ ['--at' as string]: minuteOf(layout, set.startsAt), ['--length' as string]: length }} data-one-line={holdsOneLine(length) ? '' : undefined}>
                      <SetCard performance={set} programme={programme} favorites={favorites} now={now} variant="block" headingLevel={4} />
                    </li>
                  );
                })}
            </ol>
          </section>
        ))}
        {showNow ? (
          <div
            className="timeline-now"
            data-now-line
            // Minutes since the last hour mark and to the next: the pill moves off an hour label it would cover.
            style={{ ['--at' as string]: minuteOf(layout, now), ['--past-hour' as string]: minuteOf(layout, now) % 60, ['--to-hour' as string]: 60 - (minuteOf(layout, now) % 60) }}
            aria-hidden="true"
          >
            <span>{clockTime(intl, now, programme.festival)}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
