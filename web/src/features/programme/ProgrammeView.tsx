import { festivalDayOf, festivalDays } from '@encore/model';
import { lazy, memo, startTransition, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useValueAfterPaint } from '../../app/after-next-paint';
import { preloadable } from '../../app/preloadable';
import { afterFirstContent, holdFirstContent } from '../../app/first-content';
import { festivalPhase } from '../../festival/festival-phase';
import type { Programme } from '../../festival/programme';
import { dayLabel, dayLabelWithYear, shortDayLabel } from '../../time/format';
import { FiltersButton } from './FiltersButton';
import { Icon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { CLEARED_FILTER, activeFilterCount, filterPerformances, type ProgrammeFilter, type ProgrammeLayout } from './programme-filter';
import { priorityToggle, type FavoriteProps } from './SetCard';
import { Timeline, TimelineHead, stagesWithSets } from './Timeline';
import { timelineLayout } from './timeline-layout';
import './programme.css';

export interface ProgrammeViewProps {
  programme: Programme;
  filter: ProgrammeFilter;
  favorites: FavoriteProps;
  now: Date;
  layout: ProgrammeLayout;
  onFilterChange(next: Partial<ProgrammeFilter>): void;
  onLayoutChange(layout: ProgrammeLayout): void;
  /** The URL for a day tab (keeps the other filters). */
  dayHref(day: string): string;
  /** On the festival's current day, open with the current time in view (the page does; tests need not). */
  openAtNow?: boolean;
  /**
   * Commit the header first and the sets after it (the page does, for its first paint; tests
   * need not); the header then waits for its line before or after the festival, in the page's
   * Suspense boundary.
   */
  setsAfterHeader?: boolean;
}

/** Whether the festival is on (from twelve hours before its first day): "now and next" and the Now control show. */
function festivalIsOn(programme: Programme, now: Date): boolean {
  const days = festivalDays(programme.festival);
  return now >= new Date(days[0]!.startsAt.getTime() - 12 * 3_600_000) && now < days[days.length - 1]!.endsAt;
}

// What only matters while the festival is on (now and next, the jump to now) loads only then,
// and the strip once the sets are on screen (app/first-content.ts): its placeholder keeps its
// height meanwhile, and the first download stays the sets'.
const NowNext = lazy(() => afterFirstContent().then(() => import('./festival-now')));
// And what only matters before or after it (the countdown, "it has ended") only then: neither
// is on the first download during the festival, when the programme page is busiest.
const FestivalState = lazy(() => import('./FestivalState'));
// The list layout (every stage interleaved, with the must-see/maybe pair on each card) with its
// toggles' code, on the first switch to it: the timeline is the default, and the first
// download stays the timeline's.
const setList = preloadable(() => Promise.all([import('./SetList'), priorityToggle.preload()]).then(([module]) => module.SetList));

/**
 * The previous list while the new one holds the same sets in the same order: a heart changes
 * the favourites (which the "only mine" filter reads) but seldom the sets shown, and a new
 * list would draw the whole day again in the background after every tap.
 */
function useSameList<List extends readonly unknown[]>(list: List): List {
  const [kept, setKept] = useState(list);
  const same = kept === list || (kept.length === list.length && kept.every((item, index) => item === list[index]));
  if (!same) setKept(list);
  return same ? kept : list;
}

/** Once per page load: coming back to the programme later keeps where the person was. */
let openedAtNow = false;

/**
 * The programme, phone first: a sticky bar with the day tabs, "Now" (during the festival)
 * and one Filters control; "now and next" as a compact strip; then the day as a
 * Clashfinder-style timeline (or a list), whose stage names stick under the bar.
 * Memo'd: a change elsewhere (the favourites' loading state, the account) does not render
 * every set again while the programme, the filter, the hearts and the minute are the same.
 */
export const ProgrammeView = memo(function ProgrammeView({ programme, filter, favorites, now, layout, onFilterChange, onLayoutChange, dayHref, openAtNow = false, setsAfterHeader = false }: ProgrammeViewProps) {
  const intl = useIntl();
  const days = festivalDays(programme.festival);
  const matching = useSameList(useMemo(() => filterPerformances(programme, filter, favorites.ids), [programme, filter, favorites.ids]));
  // A tap on a day tab (or a filter) paints its own answer first (the tab selected, the
  // filter's control set, the count in the sheet), and the new day's sets follow after that
  // paint, in a background render React can interrupt: drawing a whole day held the tap's next paint for
  // ~450 ms at 4x CPU slowdown (bench/inp.ts). Until then the sets, their heading and the
  // stage names are the previous ones, together.
  const shown = useValueAfterPaint(useMemo(() => ({ filter, sets: matching }), [filter, matching]));
  const { sets } = shown;
  const shownDay = shown.filter.day;
  const stages = useMemo(() => stagesWithSets(programme, sets), [programme, sets]);
  const timeline = useMemo(() => timelineLayout(sets, programme.festival), [sets, programme.festival]);
  const isOn = festivalIsOn(programme, now);
  const phase = festivalPhase(programme.festival, now);
  const today = festivalDayOf(now, programme.festival);

  // The header first, the sets after it: the first commit holds the header (the page's
  // largest content, what a first visit waits for) and the toolbar, and the sets (the day's
  // whole timeline: most of the first visit's rendering, layout and paint) follow in a
  // transition started by that commit's effects, which React renders in slices, so the browser
  // paints the header meanwhile instead of after the sets. The deferred downloads
  // (app/first-content.ts) still wait for the sets.
  const [setsShown, setSetsShown] = useState(!setsAfterHeader);
  // On screen once they are drawn and caught up with the programme (the shown value follows a
  // frame behind: a first visit's programme and its default day arrive after the first commit).
  // The list's code loads apart: opened on the list, its sets are on screen once it is drawn.
  const [listDrawn, setListDrawn] = useState(false);
  const setsOnScreen = setsShown && shown.sets === matching && (layout !== 'list' || sets.length === 0 || listDrawn);
  useLayoutEffect(() => (setsOnScreen ? undefined : holdFirstContent()), [setsOnScreen]);
  useEffect(() => startTransition(() => setSetsShown(true)), []);

  const sticky = useRef<HTMLDivElement>(null);
  const head = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);

  // The stage names scroll sideways with the timeline (and the timeline with them).
  useEffect(() => {
    const body = scroller.current;
    const names = head.current;
    if (!body || !names) return;
    const follow = (from: HTMLElement, to: HTMLElement) => () => {
      if (to.scrollLeft !== from.scrollLeft) to.scrollLeft = from.scrollLeft;
    };
    const fromBody = follow(body, names);
    const fromNames = follow(names, body);
    body.addEventListener('scroll', fromBody, { passive: true });
    names.addEventListener('scroll', fromNames, { passive: true });
    return () => {
      body.removeEventListener('scroll', fromBody);
      names.removeEventListener('scroll', fromNames);
    };
  }, [layout, stages.length, setsShown]);

  // "Now": switch to today if needed, then (once that day is drawn) scroll and focus.
  const [jump, setJump] = useState<{ focus: boolean } | null>(() => (openAtNow && isOn && filter.day === today && !openedAtNow ? { focus: false } : null));
  useLayoutEffect(() => {
    if (!jump || !setsShown || shownDay !== today || !content.current) return;
    openedAtNow = true;
    const page = { root: content.current, sticky: sticky.current, scroller: layout === 'timeline' ? scroller.current : null };
    // Its chunk is requested a task later, once the commit that put the sets in has ended (the
    // jump waited for the network anyway): requested from this effect, it shared that task's
    // layout work with the sets and counted as the first download's.
    const options = jump;
    setTimeout(() => void import('./festival-now').then(({ jumpToNow }) => jumpToNow(page, now, options)), 0);
    setJump(null);
  }, [jump, setsShown, shownDay, today, layout, now]);

  // Switching List and Timeline keeps the time at the top of the view (`keep-time.ts`, loaded on the first switch).
  const keptTime = useRef<{ instant: number; restore: (page: { root: HTMLElement; sticky: HTMLElement | null }, instant: number) => void } | null>(null);
  const switchLayout = (next: ProgrammeLayout) => {
    if (next === layout) return;
    // The list's code with keep-time's, so the list is drawn in the tap's answer, not after a fallback.
    void Promise.all([import('./keep-time'), next === 'list' ? setList.preload() : null]).then(([{ timeAtTop, scrollToTime }]) => {
      const instant = content.current ? timeAtTop({ root: content.current, sticky: sticky.current }) : null;
      keptTime.current = instant === null ? null : { instant, restore: scrollToTime };
      onLayoutChange(next);
    });
  };
  useLayoutEffect(() => {
    const kept = keptTime.current;
    keptTime.current = null;
    if (kept && content.current) kept.restore({ root: content.current, sticky: sticky.current }, kept.instant);
  }, [layout]);

  const stateLine = phase === 'before' || phase === 'after' ? <FestivalState programme={programme} now={now} ended={phase === 'after'} /> : null;
  return (
    <div className="programme">
      <header className="page-header programme-header">
        <h1>
          <FormattedMessage id="programme.view.title" defaultMessage="Programme" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="programme.view.intro"
            defaultMessage="{venue}. Times are festival time ({zone})."
            values={{ venue: programme.festival.venue, zone: programme.festival.timeZone.replace('_', ' ') }}
          />
        </p>
        {/* On the page, the header waits for this line (its chunk is small): arriving after it,
            it moved everything below and became the largest paint of its own. */}
        {setsAfterHeader ? stateLine : <Suspense fallback={null}>{stateLine}</Suspense>}
      </header>
      {isOn ? (
        // The placeholder keeps the strip's height, so nothing below moves when it arrives.
        <Suspense fallback={<div className="now-next" aria-hidden="true" />}>
          <NowNext programme={programme} now={now} />
        </Suspense>
      ) : null}
      <div className="day-heading-row">
        <h2 className="day-heading">
          {dayLabel(intl, shownDay)}{' '}
          <span className="muted">
            · <FormattedMessage id="programme.view.setCount" defaultMessage="{count, plural, one {# set} other {# sets}}" values={{ count: sets.length }} />
          </span>
        </h2>
      </div>
      <div className="programme-sticky" ref={sticky}>
        <div className="programme-toolbar">
          <nav className="day-tabs" aria-label={intl.formatMessage({ id: 'programme.view.days', defaultMessage: 'Festival days' })}>
            {days.map((day) => (
              <Link key={day.date} to={dayHref(day.date)} className="day-tab" aria-current={day.date === filter.day ? 'page' : undefined}>
                <span className="day-tab-short" aria-hidden="true">
                  {shortDayLabel(intl, day.date)}
                  {/* Once it is over, the year: looking back at last year's programme should say so. */}
                  {phase === 'after' ? <span className="day-tab-year">{day.date.slice(0, 4)}</span> : null}
                </span>
                <span className="visually-hidden">{phase === 'after' ? dayLabelWithYear(intl, day.date) : dayLabel(intl, day.date)}</span>
              </Link>
            ))}
          </nav>
          {isOn ? (
            <button
              type="button"
              className="toolbar-button now-button"
              aria-label={intl.formatMessage({ id: 'programme.view.jumpToNow', defaultMessage: 'Jump to now' })}
              onClick={() => {
                if (filter.day !== today) onFilterChange({ day: today });
                setJump({ focus: true });
              }}
            >
              <Icon name="now" width={20} height={20} />
              <span className="toolbar-button-label">
                <FormattedMessage id="programme.view.now" defaultMessage="Now" />
              </span>
            </button>
          ) : null}
          {/* In the sticky bar, so it is at hand wherever one has scrolled to: the switch keeps that time in view. */}
          <div className="view-switch" role="group" aria-label={intl.formatMessage({ id: 'programme.view.layout', defaultMessage: 'Show the day as' })}>
            <button type="button" aria-pressed={layout === 'timeline'} onClick={() => switchLayout('timeline')}>
              <Icon name="timeline" width={20} height={20} />
              <span className="view-switch-label">
                <FormattedMessage id="programme.view.timeline" defaultMessage="Timeline" />
              </span>
            </button>
            <button type="button" aria-pressed={layout === 'list'} onClick={() => switchLayout('list')}>
              <Icon name="list" width={20} height={20} />
              <span className="view-switch-label">
                <FormattedMessage id="programme.view.list" defaultMessage="List" />
              </span>
            </button>
          </div>
          <FiltersButton programme={programme} filter={filter} matching={matching.length} onChange={onFilterChange} />
        </div>
        {layout === 'timeline' && timeline ? <TimelineHead ref={head} stages={stages} /> : null}
      </div>
      <div ref={content}>
        {!setsShown ? null : sets.length === 0 ? (
          <div className="empty">
            <p>
              {shown.filter.onlyMine && activeFilterCount(shown.filter) === 1 ? (
                <FormattedMessage id="programme.view.emptyMine" defaultMessage="Nothing in your schedule on this day yet: tap ♡ on a set to add it." />
              ) : (
                <FormattedMessage id="programme.view.emptyFiltered" defaultMessage="No sets match these filters." />
              )}
            </p>
            {activeFilterCount(shown.filter) > 0 ? (
              <button type="button" className="button button-secondary" onClick={() => onFilterChange(CLEARED_FILTER)}>
                <FormattedMessage id="programme.view.clearFilters" defaultMessage="Clear the filters" />
              </button>
            ) : null}
          </div>
        ) : layout === 'timeline' && timeline ? (
          <Timeline ref={scroller} programme={programme} performances={sets} stages={stages} layout={timeline} favorites={favorites} now={now} />
        ) : (
          // Opened on the list (an address with ?layout=list): its code first, the skeleton meanwhile.
          <Suspense fallback={<Skeleton label={<FormattedMessage id="programme.view.loadingList" defaultMessage="Loading the list…" />} />}>
            <setList.Component programme={programme} performances={sets} favorites={favorites} now={now} />
            <Drawn onDrawn={setListDrawn} />
          </Suspense>
        )}
      </div>
    </div>
  );
});

/** Says when the Suspense boundary it is in has drawn its content (not the fallback). */
function Drawn({ onDrawn }: { onDrawn: (drawn: true) => void }) {
  useLayoutEffect(() => onDrawn(true), [onDrawn]);
  return null;
}
