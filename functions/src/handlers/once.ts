import { ledgerEntrySchema } from '@encore/model';
import type { DocTransaction, Docs } from '../platform/docs.js';
import { ledgerEntry, ledgerPath } from '../domain/ledger.js';
import { logs } from '../logs.js';

/**
 * Runs a subscriber's effects at most once per event id: the ledger entry is read first
 * and written in the same transaction as the effects, so a duplicate delivery, a retry
 * after a crash, or two instances racing on one message all leave one set of effects.
 * Returns false when the event had been processed already.
 */
export async function onceInTransaction(
  docs: Docs,
  subscriber: string,
  eventId: string,
  now: Date,
  effects: (tx: DocTransaction) => Promise<void>,
): Promise<boolean> {
  const path = ledgerPath(subscriber, eventId);
  const applied = await docs.transaction(async (tx) => {
    if (await tx.get(path, ledgerEntrySchema)) return false;
    await effects(tx);
    tx.set(path, ledgerEntry(subscriber, eventId, now));
    return true;
  });
  if (!applied) logs.eventDuplicate({ subscriber, eventId });
  return applied;
}
