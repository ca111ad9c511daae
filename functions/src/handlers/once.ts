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

/**
 * `onceInTransaction` for several events committed together (a group commit): their ledger
 * entries are read in one go, `effects` gets the indexes of the events not processed yet
 * (an id twice in the batch counts once, at its first place), and the entries of those are
 * written in the same transaction as the effects. Resolves, per event, whether it applied.
 */
export async function onceEachInTransaction(
  docs: Docs,
  subscriber: string,
  eventIds: readonly string[],
  now: Date,
  effects: (tx: DocTransaction, fresh: readonly number[]) => Promise<void>,
): Promise<boolean[]> {
  const unique = [...new Set(eventIds)];
  const applied = await docs.transaction(async (tx) => {
    const entries = await tx.getAll(unique.map((eventId) => [ledgerPath(subscriber, eventId), ledgerEntrySchema] as const));
    const done = new Set(unique.filter((_, index) => entries[index] !== undefined));
    const fresh: number[] = [];
    eventIds.forEach((eventId, index) => {
      if (done.has(eventId)) return;
      done.add(eventId);
      fresh.push(index);
    });
    await effects(tx, fresh);
    for (const index of fresh) tx.set(ledgerPath(subscriber, eventIds[index]!), ledgerEntry(subscriber, eventIds[index]!, now));
    const freshSet = new Set(fresh);
    return eventIds.map((_, index) => freshSet.has(index));
  });
  applied.forEach((wasApplied, index) => {
    if (!wasApplied) logs.eventDuplicate({ subscriber, eventId: eventIds[index]! });
  });
  return applied;
}
