import { DateTime } from 'luxon';
import type { Festival } from '../schemas/festival.js';

/**
 * Festival days in the festival's own time zone, whatever the device's zone.
 *
 * A festival night runs past midnight: a set at 01:30 on Saturday belongs to Friday's
 * programme. A festival day therefore starts at `dayStartsAtHour` local time (06:00 by
 * default) and ends at the same wall-clock hour the next morning, which makes it 23 or
 * 25 hours long when daylight saving time changes that night.
 */

export const DEFAULT_DAY_STARTS_AT_HOUR = 6;

export type FestivalClock = Pick<Festival, 'timeZone' | 'dayStartsAtHour'>;

export interface FestivalDay {
  /** YYYY-MM-DD: the calendar date the night starts on. */
  date: string;
  /** First instant of this festival day. */
  startsAt: Date;
  /** First instant of the next festival day (exclusive end). */
  endsAt: Date;
}

function dayStartHour(festival: FestivalClock): number {
  return festival.dayStartsAtHour ?? DEFAULT_DAY_STARTS_AT_HOUR;
}

/** The festival day (YYYY-MM-DD) an instant belongs to. */
export function festivalDayOf(instant: Date, festival: FestivalClock): string {
  const local = DateTime.fromJSDate(instant, { zone: festival.timeZone });
  const day = local.hour < dayStartHour(festival) ? local.minus({ days: 1 }) : local;
  return day.toISODate()!;
}

/** The instant a festival day starts: `date` at the day-start hour, local time. */
function startOfFestivalDay(date: string, festival: FestivalClock): DateTime {
  const local = DateTime.fromISO(date, { zone: festival.timeZone });
  if (!local.isValid) throw new RangeError(`"${date}" is not a YYYY-MM-DD date`);
  // If the start hour does not exist that day (DST spring-forward at that hour), luxon
  // moves it forward to the first valid instant, which is what a person would expect.
  return local.set({ hour: dayStartHour(festival), minute: 0, second: 0, millisecond: 0 });
}

/** The bounds of one festival day. */
export function festivalDay(date: string, festival: FestivalClock): FestivalDay {
  const start = startOfFestivalDay(date, festival);
  const nextDate = start.plus({ days: 1 }).toISODate()!;
  return { date, startsAt: start.toJSDate(), endsAt: startOfFestivalDay(nextDate, festival).toJSDate() };
}

/** Every day of a festival, from `startsOn` to `endsOn` inclusive. */
export function festivalDays(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>): FestivalDay[] {
  const days: FestivalDay[] = [];
  let date = festival.startsOn;
  while (date <= festival.endsOn) {
    days.push(festivalDay(date, festival));
    date = DateTime.fromISO(date).plus({ days: 1 }).toISODate()!;
  }
  return days;
}

/** Local wall-clock time of an instant in the festival's zone, e.g. `"01:30"`. */
export function localTime(instant: Date, festival: Pick<Festival, 'timeZone'>): string {
  return DateTime.fromJSDate(instant, { zone: festival.timeZone }).toFormat('HH:mm');
}

/** Length of an interval in whole minutes. */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}
