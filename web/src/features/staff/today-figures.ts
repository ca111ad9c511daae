import { festivalDayOf, hourStartIn, zonedInstant, type TodayStats } from '@encore/model';

/**
 * The dashboard's figures of today and of the last hours, from the published aggregates
 * only (`stats/today`, `stats/hourly`): the console never counts with a query nor reads a
 * favourite. Today is the festival's calendar day in its time zone, as the daily figures are.
 */

export interface TodayFigures {
  /** The festival's calendar date now (YYYY-MM-DD). */
  day: string;
  photosUploaded: number;
  reports: number;
  reactions: number;
  /** Favourites added minus removed since midnight, festival time. */
  favorites: number;
}

const HOUR_MS = 3_600_000;

/** Today's date in the festival's zone (midnight as the boundary, as `stats/today` counts). */
export const calendarDayOf = (now: Date, timeZone: string) => festivalDayOf(now, { timeZone, dayStartsAtHour: 0 });

export function todayFigures(now: Date, timeZone: string, today: TodayStats | undefined, hourly: Readonly<Record<string, number>> | undefined): TodayFigures {
  const day = calendarDayOf(now, timeZone);
  // A `stats/today` of another day: nothing has been counted yet today.
  const counted = today?.day === day ? today : undefined;
  const midnight = zonedInstant(day, '00:00', timeZone)?.getTime() ?? now.getTime() - 24 * HOUR_MS;
  const favorites = Object.entries(hourly ?? {})
    .filter(([hour]) => {
      const at = Date.parse(hour);
      return at >= midnight && at <= now.getTime();
    })
    .reduce((sum, [, change]) => sum + change, 0);
  return { day, photosUploaded: counted?.photosUploaded ?? 0, reports: counted?.reports ?? 0, reactions: counted?.reactions ?? 0, favorites };
}

/** The festival's last `count` hours up to now, oldest first, each with its favourites (0 for an hour nobody changed). */
export function lastHours(now: Date, timeZone: string, hourly: Readonly<Record<string, number>> | undefined, count = 12): Array<{ hour: Date; value: number }> {
  const current = hourStartIn(now, timeZone).getTime();
  const values = new Map(Object.entries(hourly ?? {}).map(([hour, value]) => [Date.parse(hour), value]));
  return Array.from({ length: count }, (_, index) => {
    const hour = current - (count - 1 - index) * HOUR_MS;
    return { hour: new Date(hour), value: values.get(hour) ?? 0 };
  });
}
