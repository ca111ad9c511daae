import { createHash } from 'node:crypto';

/**
 * Receipts make pushes idempotent: one per (subject, device token), created in a
 * transaction before the send. Keyed by the token rather than the device document, so a
 * browser whose token sits in two device documents (a guest who then signed in to another
 * account on it) still gets each push once.
 */
export const RECEIPT_TTL_DAYS = 8;

/** What is pushed, as a receipt key: one subject, whatever event or run sends it. */
export const pushKeys = {
  announcement: (festivalId: string, announcementId: string) => `announcement|${festivalId}|${announcementId}`,
  notice: (uid: string, noticeId: string) => `notice|${uid}|${noticeId}`,
  reminder: (festivalId: string, performanceId: string, uid: string) => `reminder|${festivalId}|${performanceId}|${uid}`,
  /** A new help request (issue 36), to each opted-in staff device once. */
  helpRequest: (festivalId: string, requestId: string) => `help|${festivalId}|${requestId}`,
};

/** A fixed-length document id for (key, token): tokens are long and may hold any character. */
export function receiptId(key: string, token: string): string {
  return createHash('sha256').update(key).update('\n').update(token).digest('hex');
}

export function receiptExpiry(now: Date): Date {
  return new Date(now.getTime() + RECEIPT_TTL_DAYS * 86_400_000);
}
