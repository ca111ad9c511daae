import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import type { PerformanceDoc, Programme, StageDoc } from '../../festival/programme';
import { clockTime } from '../../time/format';
import { Icon } from '../../ui/icons';
import { afterFirstContent } from '../../app/first-content';
import type * as TimelineClashes from './timeline-clashes';
import { SetCard, type FavoriteProps } from './SetCard';
import type { EarlyPicker } from './TimelineStagePicker';
import { holdsOneLine, isOnTimeline, minuteOf, type TimelineLayout } from './timeline-layout';

// The stage picker (react-aria's menu) loads once the sets are on screen (app/first-content.ts): it was half the first page's JavaScript.
const TimelineStagePicker = lazy(() => afterFirstContent().then(() => import('./TimelineStagePicker')));

// Plain descriptors: react-intl's defineMessages types its entries as taking no values.
const messages = {
  pickStage: { id: 'programme.timeline.pickStage', defaultMessage: 'Go to a stage' },
  clashesWith: { id: 'programme.timeline.clashesWith', defaultMessage: 'Clashes with {sets}' },
  clashingSet: { id: 'programme.timeline.clashingSet', defaultMessage: '{artist} ({stage})' },
};

/**
 * The Clashfinder-style timetable: stages side by side, time flowing down, each set a block
 * as long as the set. Drawn with CSS custom properties (`--at`, `--length`, in minutes; the
 * scale is `--px-per-minute`), so the layout is arithmetic and the look
 * is the stylesheet's.
 *
 * Reading order: the DOM is one section per stage (a heading, then its sets in time order),
 * which is how a person reads a timetable column by column, and how Clashfinder's own text
 * view lists it. Screen readers therefore get the timeline too, navigable by stage heading,
 * each set announcing its artist and time (and, for a set of mine that overlaps another of
 * mine, which ones); the hour axis and the stage names above are visual duplicates and
 * hidden from them, the stage picker beside those names is not. The list view (every stage interleaved by start
 * time) is one tap away for anyone who wants "what is on at nine" instead.
 */

/** The stages that have a set in view, in programme order. */
export function stagesWithSets(programme: Programme, performances: readonly PerformanceDoc[]): StageDoc[] {
  return programme.stages.filter((stage) => performances.some((set) => set.stageId === stage.id));
}

/**
 * The stage names above the columns: sticky with the toolbar, scrolled sideways with the body
 * (ProgrammeView keeps the two in step). Its corner, above the hour axis, holds the stage
 * picker: a phone shows two or three of the stages at once, and the picker brings any one of
 * them to the left edge (a menu, so keyboards and screen readers have it too).
 */
export const TimelineHead = memo(function TimelineHead({ stages, ref }: { stages: StageDoc[]; ref?: Ref<HTMLDivElement> }) {
  const intl = useIntl();
  // What the placeholder was given while the picker's code loaded (the focus, a tap): the picker takes it over.
  const early = useRef<EarlyPicker>({ focused: false, opened: false });
  const head = useRef<HTMLDivElement | null>(null);
  const setHead = (element: HTMLDivElement | null) => {
    head.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  const showStage = (stageId: string) => {
    const strip = head.current;
    const name = strip?.querySelector<HTMLElement>(`[data-stage-name="${CSS.escape(stageId)}"]`);
    const corner = strip?.querySelector<HTMLElement>('.timeline-corner');
    if (!strip || !name || !corner) return;
    // The column's left edge just right of the hour axis (and its gap), where scroll snapping puts a column too.
    const gap = Number.parseFloat(getComputedStyle(name.parentElement!).columnGap) || 0;
    strip.scrollTo({ left: strip.scrollLeft + name.getBoundingClientRect().left - corner.getBoundingClientRect().right - gap, behavior: 'instant' });
  };
  return (
    <div className="timeline-head" ref={setHead}>
      <div className="timeline-columns" style={{ ['--stages' as string]: stages.length }}>
        <span className="timeline-corner">
          {/* Until its chunk is in (a moment after the sets show), a plain button with the same
              name and face: it can be reached and pressed (the menu opens once its code is in), and
              the strip, which scrolls, always holds something the keyboard can reach. */}
          <Suspense
            fallback={
              <button
                type="button"
                className="timeline-stage-picker"
                aria-label={intl.formatMessage(messages.pickStage)}
                aria-haspopup="menu"
                aria-expanded="false"
                onFocus={() => (early.current.focused = true)}
                onBlur={() => (early.current.focused = false)}
                onClick={() => (early.current.opened = true)}
              >
                <Icon name="timeline" width={18} height={18} />
                <span aria-hidden="true">▾</span>
              </button>
            }
          >
            <TimelineStagePicker stages={stages} onPick={showStage} label={intl.formatMessage(messages.pickStage)} early={early} />
          </Suspense>
        </span>
        {stages.map((stage) => (
          <span key={stage.id} className="timeline-stage-name" data-stage-name={stage.id} aria-hidden="true" style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }}>
            {stage.name}
          </span>
        ))}
      </div>
    </div>
  );
});

type ClashModule = typeof TimelineClashes;
/** Kept once loaded: a timeline drawn later (another day, coming back) has the rings in its first frame. */
let clashModule: ClashModule | null = null;
const NO_CLASHES: ReadonlyMap<string, PerformanceDoc[]> = new Map();

/**
 * My sets' clash partners (timeline-clashes.ts). Its code (with the model's clash rules) loads
 * only once I have a favourite, after the sets are on screen: a first visit has none, and the
 * first page's JavaScript stays the sets' (`npm run bench -- bundle-size`). Until then no rings.
 */
function useClashPartners(performances: readonly PerformanceDoc[], mine: ReadonlySet<string>): ReadonlyMap<string, PerformanceDoc[]> {
  const [loaded, setLoaded] = useState(clashModule);
  const wanted = mine.size > 0;
  useEffect(() => {
    if (loaded || !wanted) return;
    let current = true;
    void afterFirstContent()
      .then(() => import('./timeline-clashes'))
      .then((module) => {
        clashModule = module;
        if (current) setLoaded(module);
      })
      // Its chunk not cached and no network: no rings now; a timeline drawn again tries again.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [loaded, wanted]);
  return useMemo(() => (loaded && wanted ? loaded.clashPartners(performances, mine) : NO_CLASHES), [loaded, wanted, performances, mine]);
}

/**
 * Memo'd: a day tab's tap renders the page again at once with the previous day's sets
 * (ProgrammeView defers them), and then nothing here must render.
 */
export const Timeline = memo(function Timeline({
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
  // Clashes among all my sets of the programme (a filter may hide one side; the mark still tells).
  const clashes = useClashPartners(programme.performances, favorites.ids);
  const stageName = (id: string) => programme.stages.find((stage) => stage.id === id)?.name ?? '';
  const clashWords = (others: readonly PerformanceDoc[]) =>
    intl.formatMessage(messages.clashesWith, {
      sets: intl.formatList(others.map((other) => intl.formatMessage(messages.clashingSet, { artist: programme.artists.get(other.artistId)?.name ?? '', stage: stageName(other.stageId) }))),
    });
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
                  const clashing = clashes.get(set.id);
                  return (
                    <li key={set.id} style={{ ['--at' as string]: minuteOf(layout, set.startsAt), ['--length' as string]: length }} data-one-line={holdsOneLine(length) ? '' : undefined} data-clash={clashing ? '' : undefined}>
                      <SetCard performance={set} programme={programme} favorites={favorites} now={now} variant="block" headingLevel={4} />
                      {clashing ? (
                        <span className="timeline-clash" role="img" aria-label={clashWords(clashing)} title={clashWords(clashing)}>
                          <Icon name="alert" width={14} height={14} />
                        </span>
                      ) : null}
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
});
