import { DateTime } from 'luxon';

/** Figures counted per festival day, rolled up nightly into `stats/daily-YYYY-MM-DD`. */
export const DAILY_FIELDS = ['favoritesAdded', 'favoritesRemoved', 'photosUploaded', 'photosRejected', 'reactions', 'reports'] as const;
export type DailyField = (typeof DAILY_FIELDS)[number];

/** The calendar day of an instant in the festival's zone (daily stats follow local days). */
export function localDay(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).toISODate()!;
}

export function previousLocalDay(at: Date, timeZone: string): string {
  return DateTime.fromJSDate(at, { zone: timeZone }).minus({ days: 1 }).toISODate()!;
}

export function dailyShardPath(festivalId: string, day: string, shard: number): string {
  return `festivals/${festivalId}/dailyShards/${day}_${shard}`;
}

/** The instants a festival day starts and ends in the festival's zone (end exclusive). */
export function localDayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  const start = DateTime.fromISO(day, { zone: timeZone }).startOf('day');
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
}
