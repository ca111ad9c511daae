
export interface SetTiming {
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  stageId: string;
}

export type ProgrammeChange = 'moved' | 'cancelled';

/** What visitors must hear about: a set cancelled, or moved in time or to another stage. */
export function programmeChange(before: SetTiming | null, after: SetTiming | null): ProgrammeChange | null {
  if (!before || !after) return null;
  if (before.status !== 'cancelled' && after.status === 'cancelled') return 'cancelled';
  if (after.status === 'cancelled') return null;
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() || before.endsAt.getTime() !== after.endsAt.getTime() || before.stageId !== after.stageId;
  return moved ? 'moved' : null;
}

/** Fans are notified in batches of this many, one Pub/Sub message each. */
export const NOTICE_BATCH_SIZE = 100;

/** A notice id stable per (change event, user), so a redelivered batch rewrites, never duplicates. */
export function noticeId(eventId: string, performanceId: string): string {
  return `${performanceId.slice(0, 100)}-${encodeURIComponent(eventId).slice(-200)}`;
}
