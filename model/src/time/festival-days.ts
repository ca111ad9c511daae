// TZDateMini: TZDate's date arithmetic without its string formatting (toString and friends, which
// pull in time zone names): the app's first page carries this file, and formats with Intl.
import { TZDateMini } from '@date-fns/tz';
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
  const local = new TZDateMini(instant.getTime(), festival.timeZone);
  // Before the day-start hour, the night still belongs to the previous date.
  if (local.getHours() < dayStartHour(festival)) local.setDate(local.getDate() - 1);
  return isoDate(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone: midnight to midnight, not the festival's day. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const local = new TZDateMini(instant.getTime(), timeZone);
  return isoDate(local.getFullYear(), local.getMonth() + 1, local.getDate());
}

/**
 * How many calendar days lie from one instant's date to another's, on the zone's calendar:
 * what people mean by "in 12 days" (12 on 2 August for a set on 14 August, whatever the hours
 * of either), not 24-hour periods.
 */
export function calendarDaysBetween(from: Date, to: Date, timeZone: string): number {
  const [fromYear, fromMonth, fromDay] = parseIsoDate(calendarDateIn(from, timeZone));
  const [toYear, toMonth, toDay] = parseIsoDate(calendarDateIn(to, timeZone));
  return Math.round((Date.UTC(toYear, toMonth - 1, toDay) - Date.UTC(fromYear, fromMonth - 1, fromDay)) / 86_400_000);
}

/**
 * Day starts already worked out, by zone, hour and date, in epoch ms. TZDate asks Intl for the
 * zone's offset several times per date, and pages ask for the same few days on every render
 * (the programme: its days, its phase, today, the filter's day), which made a first visit's
 * render of the programme spend ~15 ms in the offsets. Bounded: a long-running process that
 * meets many festivals starts over rather than growing.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 1000;

/** The instant a festival day starts: `date` at the day-start hour, local time. */
function startOfFestivalDay(date: string, festival: FestivalClock): Date {
  const hour = dayStartHour(festival);
  const key = `${festival.timeZone}|${hour}|${date}`;
  let startsAt = dayStarts.get(key);
  if (startsAt === undefined) {
    const [year, month, day] = parseIsoDate(date);
    // If the start hour does not exist that day (DST spring-forward at that hour), TZDate
    // moves it forward to the first valid instant, which is what a person would expect.
    startsAt = new TZDateMini(year, month - 1, day, hour, 0, 0, 0, festival.timeZone).getTime();
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, startsAt);
  }
  // A new Date each time: callers own what they get.
  return new Date(startsAt);
}

/** The bounds of one festival day. */
export function festivalDay(date: string, festival: FestivalClock): FestivalDay {
  return { date, startsAt: startOfFestivalDay(date, festival), endsAt: startOfFestivalDay(nextIsoDate(date), festival) };
}

/** Every day of a festival, from `startsOn` to `endsOn` inclusive. */
export function festivalDays(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>): FestivalDay[] {
  const days: FestivalDay[] = [];
  for (let date = festival.startsOn; date <= festival.endsOn; date = nextIsoDate(date)) days.push(festivalDay(date, festival));
  return days;
}

/** Local wall-clock time of an instant in the festival's zone, e.g. `"01:30"`. */
export function localTime(instant: Date, festival: Pick<Festival, 'timeZone'>): string {
  const local = new TZDateMini(instant.getTime(), festival.timeZone);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/**
 * The instant the hour an instant is in began, on the zone's clock: the festival's own hours
 * (in Adelaide or Kolkata they start at half past, UTC). `stats/hourly` is keyed by these.
 */
export function hourStartIn(instant: Date, timeZone: string): Date {
  const local = new TZDateMini(instant.getTime(), timeZone);
  local.setMinutes(0, 0, 0);
  return new Date(local.getTime());
}

/**
 * The instant a wall-clock time in a zone stands for: `zonedInstant('2026-08-15', '21:30',
 * 'Europe/Amsterdam')`. Null when the date or time is malformed (hour 0-23, minute 0-59).
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date | null {
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!clock || !ISO_DATE.test(date)) return null;
  const [hour, minute] = [Number(clock[1]), Number(clock[2])];
  if (hour > 23 || minute > 59) return null;
  let parts: [number, number, number];
  try {
    parts = parseIsoDate(date);
  } catch {
    return null;
  }
  return new Date(new TZDateMini(parts[0], parts[1] - 1, parts[2], hour, minute, 0, 0, timeZone).getTime());
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseIsoDate(date: string): [number, number, number] {
  const match = ISO_DATE.exec(date);
  const parts = match ? ([Number(match[1]), Number(match[2]), Number(match[3])] as const) : null;
  // Round-trip through UTC to refuse dates such as 2026-02-30.
  if (!parts || new Date(Date.UTC(parts[0], parts[1] - 1, parts[2])).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`"${date}" is not a YYYY-MM-DD date`);
  }
  return [parts[0], parts[1], parts[2]];
}

/** The calendar date after `date` (calendar arithmetic in UTC: no zone involved). */
function nextIsoDate(date: string): string {
  const [year, month, day] = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** Length of an interval in whole minutes. */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}
