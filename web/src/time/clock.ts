import { zonedInstant } from '@encore/model';

/**
 * The app's clock. Real time by default; in development `?now=2026-08-15T21:00` pins the
 * start of the clock to that festival-local time (it then runs on normally), so "now / next"
 * can be seen on the seed festival on any day. Production builds ignore the parameter.
 */

/** The pinned instant from `?now=...`, read in the festival's zone; null when absent or unreadable. */
export function pinnedInstant(search: string, timeZone: string): Date | null {
  const value = new URLSearchParams(search).get('now');
  if (!value) return null;
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (local) return zonedInstant(local[1]!, local[2]!, timeZone);
  // An explicit offset ("...Z", "...+02:00") needs no zone.
  if (!/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export interface Clock {
  now(): Date;
  pinned: boolean;
}

export function realClock(): Clock {
  return { now: () => new Date(), pinned: false };
}

/** A clock that starts at `start` and then runs at real speed. */
export function pinnedClock(start: Date, realNow: number = Date.now()): Clock {
  const offset = start.getTime() - realNow;
  return { now: () => new Date(Date.now() + offset), pinned: true };
}

export function clockFor(search: string, timeZone: string, allowPinning: boolean): Clock {
  const pinned = allowPinning ? pinnedInstant(search, timeZone) : null;
  return pinned ? pinnedClock(pinned) : realClock();
}
