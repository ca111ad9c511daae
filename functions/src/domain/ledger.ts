/**
 * The processed-events ledger that makes every subscriber idempotent. One document per
 * (subscriber, event id), written in the same transaction as the subscriber's effects, so
 * a redelivered or duplicated event finds its entry and changes nothing. `expiresAt` is
 * the field a Firestore TTL policy deletes on; the nightly job purges it too.
 */

export const LEDGER_COLLECTION = 'eventLedger';
/** Pub/Sub retries for at most 7 days; keep entries a little longer than that. */
export const LEDGER_TTL_DAYS = 8;

/** Firestore ids cannot hold `/`; event ids are encoded so any id maps to one document. */
export function ledgerPath(subscriber: string, eventId: string): string {
  return `${LEDGER_COLLECTION}/${subscriber}~${encodeURIComponent(eventId)}`;
}

export function ledgerEntry(subscriber: string, eventId: string, now: Date) {
  return { subscriber, eventId, processedAt: now, expiresAt: new Date(now.getTime() + LEDGER_TTL_DAYS * 86_400_000) };
}
