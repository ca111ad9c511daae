import { clashingIds, festivalDay, festivalDays, findClashes } from '@encore/model';
import type { PerformanceDoc, Programme, StageDoc } from '../../festival/programme';
import { timelineLayout, type TimelineLayout } from '../programme/timeline-layout';

/**
 * The printed timetable's arithmetic: one band per festival day the person has sets on,
 * Clashfinder style (every stage a column, time down, every set of the day drawn and theirs
 * highlighted), scaled so all the bands fit one page. Heights are millimetres: the print
 * stylesheet fixes every other height on the page to the constants below.
 */

/** The page's printable height: A4 (297 mm) and US Letter (279 mm) less 10 mm margins, and a little to spare. */
export const PRINT_HEIGHT_MM = 255;
/** The title, the note and the legend above the bands. */
export const PRINT_HEADER_MM = 20;
/** Per band: the day's heading, the stage names and the gap after it. */
export const PRINT_DAY_CHROME_MM = 13;
/** No taller than this, however few days there are: 12 mm an hour. */
const MAX_MM_PER_MINUTE = 0.2;

export interface PrintDay {
  date: string;
  stages: StageDoc[];
  /** Every set of the day, theirs and the others. */
  sets: PerformanceDoc[];
  layout: TimelineLayout;
}

export interface PrintTimetableModel {
  days: PrintDay[];
  /** Millimetres per minute, the same for every band. */
  mmPerMinute: number;
  mine: ReadonlySet<string>;
  /** Their sets that overlap another of theirs, and those with too little time to walk between stages. */
  overlapping: ReadonlySet<string>;
  tight: ReadonlySet<string>;
  clashCount: number;
}

export function printTimetable(programme: Programme, mine: ReadonlySet<string>): PrintTimetableModel {
  const mySets = programme.performances.filter((set) => mine.has(set.id));
  const clashes = findClashes(mySets);
  const days = festivalDays(programme.festival).flatMap((day): PrintDay[] => {
    const bounds = festivalDay(day.date, programme.festival);
    const sets = programme.performances.filter((set) => set.startsAt >= bounds.startsAt && set.startsAt < bounds.endsAt);
    const layout = timelineLayout(sets, programme.festival);
    if (!layout || !sets.some((set) => mine.has(set.id))) return [];
    return [{ date: day.date, stages: programme.stages.filter((stage) => sets.some((set) => set.stageId === stage.id)), sets, layout }];
  });
  const minutes = days.reduce((total, day) => total + day.layout.minutes, 0);
  const room = PRINT_HEIGHT_MM - PRINT_HEADER_MM - days.length * PRINT_DAY_CHROME_MM;
  return {
    days,
    mmPerMinute: minutes > 0 ? Math.min(MAX_MM_PER_MINUTE, room / minutes) : MAX_MM_PER_MINUTE,
    mine,
    overlapping: clashingIds(clashes, ['overlap']),
    tight: clashingIds(clashes, ['tight']),
    clashCount: clashes.length,
  };
}
