import { DEFAULT_DAY_STARTS_AT_HOUR, zonedInstant, type Festival } from '@encore/model';

/**
 * Staff type set times as on the poster: a festival day and a local "HH:mm". Times before
 * the day-start hour belong to that night, so "01:30" on Friday is Saturday 01:30.
 */
export function instantOn(day: string, time: string, festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour'>): Date | null {
  const local = zonedInstant(day, time, festival.timeZone);
  if (!local) return null;
  const afterMidnight = Number(time.slice(0, 2)) < (festival.dayStartsAtHour ?? DEFAULT_DAY_STARTS_AT_HOUR);
  // The next calendar date at the same wall-clock time (not +24 h, which DST would shift).
  return afterMidnight ? zonedInstant(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), time, festival.timeZone) : local;
}
