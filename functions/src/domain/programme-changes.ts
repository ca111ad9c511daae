
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
/**
 * The fan-out reads fans this many at a time (ten batches a query): a popular set's 10,000
 * fans are ten queries rather than a hundred, each of which costs a round trip (and, on the
 * emulator, a scan of the collection group).
 */
export const FAN_OUT_PAGE_SIZE = 10 * NOTICE_BATCH_SIZE;

/** A notice id stable per (change event, user), so a redelivered batch rewrites, never duplicates. */
export function noticeId(eventId: string, performanceId: string): string {
  return `${performanceId.slice(0, 100)}-${encodeURIComponent(eventId).slice(-200)}`;
}
