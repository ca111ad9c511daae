import type { Festival } from '../schemas/festival.js';
import { festivalDay } from '../time/festival-days.js';

/** Whether an admin archived the festival: read-only for every client, no nightly work (docs/data-contract.md, "Editions"). */
export function isArchived(festival: Pick<Festival, 'archivedAt'>): boolean {
  return festival.archivedAt !== undefined;
}

/**
 * When the festival's last day ends on its own clock: the hour its days start
 * (`dayStartsAtHour`, default 6) on the day after `endsOn`, so a set at 02:00 after the
 * last night still belongs to the festival.
 */
export function festivalEndsAt(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>): Date {
  return festivalDay(festival.endsOn, festival).endsAt;
}

/** Whether a festival may be archived now: its last day has ended in its own zone. */
export function festivalHasEnded(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>, now: Date): boolean {
  return now.getTime() >= festivalEndsAt(festival).getTime();
}
