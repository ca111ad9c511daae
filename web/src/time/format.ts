import { festivalDayOf, localTime, type Festival } from '@encore/model';
import { DateTime } from 'luxon';

/** Display formats, always in the festival's zone so a visitor abroad sees the posters' times. */

type Zoned = Pick<Festival, 'timeZone'>;

/** "Friday 14 August" for a festival day (YYYY-MM-DD). */
export function dayLabel(date: string): string {
  return DateTime.fromISO(date).setLocale('en-GB').toFormat('cccc d LLLL');
}

/** "Fri 14" for compact day tabs. */
export function shortDayLabel(date: string): string {
  return DateTime.fromISO(date).setLocale('en-GB').toFormat('ccc d');
}

/** "21:30–22:45". */
export function timeRange(startsAt: Date, endsAt: Date, festival: Zoned): string {
  return `${localTime(startsAt, festival)}–${localTime(endsAt, festival)}`;
}

/** "Friday 14 August, 21:30–22:45" (the festival day, so a 01:00 set reads as the night before). */
export function slotLabel(startsAt: Date, endsAt: Date, festival: Festival): string {
  return `${dayLabel(festivalDayOf(startsAt, festival))}, ${timeRange(startsAt, endsAt, festival)}`;
}

/** "14 Aug 2026, 10:00" in the festival's zone, for timestamps such as announcements. */
export function instantLabel(instant: Date, festival: Zoned): string {
  return DateTime.fromJSDate(instant, { zone: festival.timeZone }).setLocale('en-GB').toFormat('d LLL yyyy, HH:mm');
}

/** "in 25 min" soon, "Sun 12:00" when the next set is more than three hours away. */
export function nextLabel(from: Date, to: Date, festival: Festival): string {
  if (to.getTime() - from.getTime() <= 3 * 3_600_000) return untilLabel(from, to);
  return `${shortDayLabel(festivalDayOf(to, festival))}, ${localTime(to, festival)}`;
}

/** "in 25 min", "in 2 h 10 min". */
export function untilLabel(from: Date, to: Date): string {
  const minutes = Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `in ${hours} h` : `in ${hours} h ${rest} min`;
}
