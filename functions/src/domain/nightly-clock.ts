import { DateTime } from 'luxon';

/**
 * Nightly work on each festival's own clock (issue 35). The scheduled job runs every hour
 * (UTC); a festival's night is the local date whose NIGHTLY_LOCAL_HOUR has passed last on its
 * own clock, and its work is done by the first run that finds that night not recorded yet in
 * the ledger (handlers/nightly.ts): at 04:00-04:59 local on an ordinary night, and at the next
 * run when one failed, was missed, or the festival is new. A zone at a half or quarter hour
 * from UTC gets it at 04:30 or 04:15 local.
 */

/** After the last set (a festival night may run until 05:00 or 06:00, see dayStartsAtHour) and long before the gates open. */
export const NIGHTLY_LOCAL_HOUR = 4;
/** The clock of the project-wide part of the night's work (orphaned originals, the ledger's purge, expired locations). */
export const PROJECT_TIME_ZONE = 'Etc/UTC';
/** The ledger's scope for the project-wide part (festival ids are slugs, so never this). */
export const PROJECT_SCOPE = '(project)';

/** The local date (`YYYY-MM-DD`) of the latest night whose work hour has passed at `now` in `timeZone`. */
export function latestNight(now: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  return (local.hour >= NIGHTLY_LOCAL_HOUR ? local : local.minus({ days: 1 })).toISODate()!;
}

/** The ledger's event id for one scope's night: `{festivalId}~{YYYY-MM-DD}`, or the project's. */
export function nightKey(scope: string, night: string): string {
  return `${scope}~${night}`;
}
