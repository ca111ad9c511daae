import { REMINDER_LEAD_MINUTES, festivalDay, type Festival, type Performance } from '@encore/model';

/**
 * Reminders before one's sets, as pure rules: which lead times are due for a set now, who
 * of its fans that means, and which festivals a run has to look at.
 *
 * A scheduled run every `REMINDER_INTERVAL_MINUTES` sends, for each set that has not begun,
 * the reminders whose window holds the moment of the run. A lead time L's window opens one
 * interval before "L minutes before the start" and closes one interval after it: the first
 * run in the window sends (so a reminder comes between L and L + interval minutes ahead,
 * never later than promised), and the second catches a run that was skipped. Receipts make
 * the second, or an overlapping run, send nothing twice (handlers/push-delivery.ts).
 */
export type ReminderLead = (typeof REMINDER_LEAD_MINUTES)[number];

export const REMINDER_INTERVAL_MINUTES = 5;
const MINUTE = 60_000;
const LONGEST_LEAD = Math.max(...REMINDER_LEAD_MINUTES);

/** How far ahead a run looks for sets: the longest lead time and one interval. */
export function reminderHorizon(now: Date, intervalMinutes = REMINDER_INTERVAL_MINUTES): Date {
  return new Date(now.getTime() + (LONGEST_LEAD + intervalMinutes) * MINUTE);
}

/** The lead times whose window holds `now` for a set starting at `startsAt` (none once it has begun). */
export function dueLeads(startsAt: Date, now: Date, intervalMinutes = REMINDER_INTERVAL_MINUTES): ReminderLead[] {
  const untilStart = startsAt.getTime() - now.getTime();
  if (untilStart <= 0) return [];
  // Due while the start is more than L - interval and at most L + interval minutes away.
  return REMINDER_LEAD_MINUTES.filter((lead) => untilStart > (lead - intervalMinutes) * MINUTE && untilStart <= (lead + intervalMinutes) * MINUTE);
}

/** A set people should be reminded of: scheduled, not cancelled, and not begun. */
export function isRemindable(set: Pick<Performance, 'status' | 'startsAt'>, now: Date): boolean {
  return set.status === 'scheduled' && set.startsAt.getTime() > now.getTime();
}

/** The fans whose chosen lead time is due now; a person without one (null or absent) asked for none. */
export function dueFans<F extends { reminderMinutes: number | null | undefined }>(fans: readonly F[], leads: readonly ReminderLead[]): F[] {
  return fans.filter((fan) => typeof fan.reminderMinutes === 'number' && (leads as readonly number[]).includes(fan.reminderMinutes));
}

/** Whole minutes from now to the start, as the reminder says it ("starts in 12 minutes"); at least 1. */
export function minutesUntil(startsAt: Date, now: Date): number {
  return Math.max(1, Math.round((startsAt.getTime() - now.getTime()) / MINUTE));
}

/** Whether a run has to look at this festival: from a reminder horizon before its first day to the end of its last. */
export function festivalIsOn(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>, now: Date): boolean {
  const opens = festivalDay(festival.startsOn, festival).startsAt.getTime() - (LONGEST_LEAD + REMINDER_INTERVAL_MINUTES) * MINUTE;
  const closes = festivalDay(festival.endsOn, festival).endsAt.getTime();
  return now.getTime() >= opens && now.getTime() < closes;
}
