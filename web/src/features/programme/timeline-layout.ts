import { localTime, type Festival } from '@encore/model';

/**
 * Where things go on the timeline, in minutes from its top: the programme is drawn in CSS
 * (`top: calc(var(--at) * var(--px-per-minute))`), so phones and laptops differ only in
 * the stylesheet, and the layout itself is plain arithmetic, tested on its own.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface TimelineLayout {
  /** The top of the timeline: the earliest start, down to the festival's full hour. */
  startsAt: Date;
  /** Its length, down to the festival's full hour after the last set ends. */
  minutes: number;
  /** A mark per full hour in festival time ("21:00"), with its place. */
  hours: Array<{ at: Date; minute: number; label: string }>;
}

/** The festival's full hour at or before an instant (time zones with half-hour offsets included). */
function floorToFestivalHour(instant: Date, festival: Pick<Festival, 'timeZone'>): Date {
  const minutesPastHour = Number(localTime(instant, festival).slice(3));
  return new Date(instant.getTime() - minutesPastHour * MINUTE - (instant.getTime() % MINUTE));
}

export function timelineLayout(sets: ReadonlyArray<{ startsAt: Date; endsAt: Date }>, festival: Pick<Festival, 'timeZone'>): TimelineLayout | null {
  if (sets.length === 0) return null;
  const first = new Date(Math.min(...sets.map((set) => set.startsAt.getTime())));
  const last = Math.max(...sets.map((set) => set.endsAt.getTime()));
  const startsAt = floorToFestivalHour(first, festival);
  const hourCount = Math.ceil((last - startsAt.getTime()) / HOUR);
  const hours = Array.from({ length: hourCount + 1 }, (_, index) => {
    const at = new Date(startsAt.getTime() + index * HOUR);
    return { at, minute: index * 60, label: localTime(at, festival) };
  });
  return { startsAt, minutes: hourCount * 60, hours };
}

/** Minutes from the top of the timeline to an instant. */
export function minuteOf(layout: Pick<TimelineLayout, 'startsAt'>, instant: Date): number {
  return (instant.getTime() - layout.startsAt.getTime()) / MINUTE;
}

/** Whether an instant falls on the drawn timeline (for the "now" line). */
export function isOnTimeline(layout: TimelineLayout, instant: Date): boolean {
  const minute = minuteOf(layout, instant);
  return minute >= 0 && minute <= layout.minutes;
}

/** programme.css's `--px-per-minute` (the same on phones and laptops). */
export const PX_PER_MINUTE = 1.6;
/** A block's height is its length at that scale less a 3 px gap; at 84 px or less it holds one line of name above its row. */
const ONE_LINE_MAX_PX = 84;

/** Whether a set of this many minutes gets a block with room for one line of its name only (programme.css, `[data-one-line]`). */
export function holdsOneLine(lengthMinutes: number): boolean {
  return lengthMinutes * PX_PER_MINUTE - 3 <= ONE_LINE_MAX_PX;
}
