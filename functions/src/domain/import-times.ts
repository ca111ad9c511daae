import { DateTime } from 'luxon';
import { DEFAULT_DAY_STARTS_AT_HOUR, zonedInstant, type Festival } from '@encore/model';

/**
 * Days and times as organisers write them, placed on the festival's clock. A set's day is
 * the night's day (the festival day); a time after midnight is written either as the
 * clock shows it (`00:30`, before the festival's day boundary, so the next calendar date)
 * or past 24 (`24:30`, `25:00`).
 */

export type FestivalDates = Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>;

const WEEKDAYS: Record<string, number> = {
  monday: 1, mon: 1, maandag: 1, ma: 1,
  tuesday: 2, tue: 2, tues: 2, dinsdag: 2, di: 2,
  wednesday: 3, wed: 3, woensdag: 3, wo: 3,
  thursday: 4, thu: 4, thurs: 4, donderdag: 4, do: 4,
  friday: 5, fri: 5, vrijdag: 5, vr: 5,
  saturday: 6, sat: 6, zaterdag: 6, za: 6,
  sunday: 7, sun: 7, zondag: 7, zo: 7,
};
const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, mrt: 3, maa: 3, apr: 4, may: 5, mei: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, okt: 10, nov: 11, dec: 12,
};

const pad = (value: number) => String(value).padStart(2, '0');

function festivalDates(festival: FestivalDates): string[] {
  const dates: string[] = [];
  for (let date = DateTime.fromISO(festival.startsOn, { zone: 'UTC' }); date.toISODate()! <= festival.endsOn; date = date.plus({ days: 1 })) dates.push(date.toISODate()!);
  return dates;
}

function validDate(year: number, month: number, day: number): string | null {
  const date = DateTime.fromObject({ year, month, day }, { zone: 'UTC' });
  return date.isValid ? date.toISODate() : null;
}

/** The year of a date written without one: the festival's (its last year, for a festival over new year). */
const yearFor = (festival: FestivalDates, month: number) => Number((month >= Number(festival.startsOn.slice(5, 7)) ? festival.startsOn : festival.endsOn).slice(0, 4));

/**
 * A day cell (`2026-08-14`, `14-08-2026`, `14/8`, `14 aug`, `Friday`, `vr 14 aug`) as a
 * festival date (YYYY-MM-DD); `bad` when unreadable, `outside` when not a festival day.
 */
export function readDay(value: string, festival: FestivalDates): { date: string } | { error: 'bad' | 'outside' } {
  // 14.08.2026 is 14-08-2026; other dots and commas ("vr. 14 aug.", "Friday, 14 August") are spaces.
  const text = value.trim().toLowerCase().replace(/(\d)\.(\d)/g, '$1-$2').replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  const dates = festivalDates(festival);
  const inFestival = (date: string | null) => (date === null ? { error: 'bad' as const } : dates.includes(date) ? { date } : { error: 'outside' as const });
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (match) return inFestival(validDate(Number(match[1]), Number(match[2]), Number(match[3])));
  match = /^(?:[a-z]+ )?(\d{1,2})[-/](\d{1,2})(?:[-/](\d{2,4}))?$/.exec(text);
  if (match) {
    const month = Number(match[2]);
    const year = match[3] ? Number(match[3].length === 2 ? `20${match[3]}` : match[3]) : yearFor(festival, month);
    return inFestival(validDate(year, month, Number(match[1])));
  }
  match = /^(?:[a-z]+ )?(\d{1,2}) ([a-z]+)(?: (\d{4}))?$/.exec(text) ?? /^(?:[a-z]+ )?([a-z]+) (\d{1,2})(?: (\d{4}))?$/.exec(text);
  if (match) {
    const [day, monthName] = /^\d/.test(match[1]!) ? [Number(match[1]), match[2]!] : [Number(match[2]), match[1]!];
    const month = MONTHS[monthName.slice(0, 3)];
    if (month === undefined) return { error: 'bad' };
    return inFestival(validDate(match[3] ? Number(match[3]) : yearFor(festival, month), month, day));
  }
  const weekday = WEEKDAYS[text];
  if (weekday !== undefined) {
    const matching = dates.filter((date) => DateTime.fromISO(date, { zone: 'UTC' }).weekday === weekday);
    // A weekday names one day only in a festival of at most a week.
    return matching.length === 1 ? { date: matching[0]! } : { error: matching.length === 0 ? 'outside' : 'bad' };
  }
  return { error: 'bad' };
}

/** A clock time as written (`21:30`, `21.30`, `9:05`, `21u30`, `24:30`, `21:30:00`): hours may run past 24 into the night. */
export function readClock(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2})(?:[:.hu](\d{2}))?(?::\d{2})?\s*(?:u|uur|h)?$/i.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  return hour <= 29 && minute <= 59 ? { hour, minute } : null;
}

/** A full date-time in the cell (`2026-08-14 21:30`, or ISO with an offset), as before names came in. */
export function readDateTime(value: string, timeZone: string): Date | null {
  const text = value.trim().replace(' ', 'T');
  if (!/^\d{4}-\d{2}-\d{2}T\d{1,2}:\d{2}/.test(text)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const instant = hasZone ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromISO(text, { zone: timeZone });
  return instant.isValid ? instant.toJSDate() : null;
}

/**
 * The instant of a clock time on a festival day (the night's date): past 24, or before the
 * day boundary (06:00 unless the festival says otherwise), it is the next calendar date.
 */
export function placeOnNight(night: string, clock: { hour: number; minute: number }, festival: FestivalDates): Date | null {
  const boundary = festival.dayStartsAtHour ?? DEFAULT_DAY_STARTS_AT_HOUR;
  const nextDay = clock.hour >= 24 || clock.hour < boundary;
  const date = nextDay ? DateTime.fromISO(night, { zone: 'UTC' }).plus({ days: 1 }).toISODate()! : night;
  return zonedInstant(date, `${pad(clock.hour % 24)}:${pad(clock.minute)}`, festival.timeZone);
}
