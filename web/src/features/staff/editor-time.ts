import { DEFAULT_DAY_STARTS_AT_HOUR, type Festival } from '@encore/model';
import { DateTime } from 'luxon';

/**
 * Staff type set times as on the poster: a festival day and a local "HH:mm". Times before
 * the day-start hour belong to that night, so "01:30" on Friday is Saturday 01:30.
 */
export function instantOn(day: string, time: string, festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour'>): Date | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  const local = DateTime.fromISO(`${day}T${time}`, { zone: festival.timeZone });
  if (!local.isValid) return null;
  const afterMidnight = local.hour < (festival.dayStartsAtHour ?? DEFAULT_DAY_STARTS_AT_HOUR);
  return (afterMidnight ? local.plus({ days: 1 }) : local).toJSDate();
}
