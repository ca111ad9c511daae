import { deviceSchema, firestorePaths, pushReceiptSchema, type Locale, type PushPayload } from '@encore/model';
import { pushVerdict } from '../domain/push-errors.js';
import { receiptExpiry, receiptId } from '../domain/push-receipts.js';
import { readsOf } from '../platform/docs.js';
import type { PushMessage } from '../platform/push.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

/** One device to push to, and the language to write to it in. */
export interface PushTarget {
  uid: string;
  deviceId: string;
  token: string;
  locale: Locale;
}

/** One push to one device, with the subject it is about (its receipt key, see domain/push-receipts.ts). */
export interface Outgoing {
  key: string;
  target: PushTarget;
  payload: PushPayload;
  ttlSeconds: number;
  urgent: boolean;
}

export interface DeliveryReport {
  sent: number;
  /** Already pushed before (a redelivered event, an overlapping run): not sent again. */
  duplicates: number;
  /** Tokens the push service called dead: their device documents were deleted. */
  dead: number;
  /** Refused for a reason retrying will not fix (logged). */
  failed: number;
  /** Refused for now (the push service is down or busy): released, so a retry sends them. */
  retrying: number;
  /** Not sent because the subject was called off meanwhile (`stillWanted` said no): released. */
  stopped: number;
}

export interface DeliveryOptions {
  /**
   * Asked before each send to the push service: false (an urgent announcement withdrawn or
   * lowered meanwhile) sends nothing more, and what was claimed but not sent is released.
   */
  stillWanted?: () => Promise<boolean>;
}

/** A delivery that left some pushes to a later attempt: the caller's event (or run) is retried. */
export class PushRetryError extends Error {
  override readonly name = 'PushRetryError';
}

/** Receipts are claimed in transactions of this many (a read and a write each, within Firestore's 500). */
const CLAIM_CHUNK = 200;

/**
 * Sends pushes at most once per (subject, device token), and keeps the device list clean.
 *
 * 1. Claim: a transaction per chunk reads the receipts and creates the missing ones; only
 *    what it claimed is sent. So a redelivered event, an overlapping scheduled run, or two
 *    instances racing send nothing twice: the transactions serialise on the receipts.
 * 2. Send through the Push port, in the service's batches (500 for FCM's `sendEach`).
 * 3. Dead tokens: their device documents are deleted (if they still hold that token: the
 *    app may have refreshed it meanwhile). Transient refusals give their receipts back and
 *    end in a PushRetryError, so the retry sends exactly those. A claim whose send never
 *    happened (the instance died in between) is not retried: a push is missed rather than
 *    doubled, and the in-app notice or banner still says it.
 */
export async function deliverPush(deps: Pick<Deps, 'docs' | 'push' | 'now'>, outgoing: readonly Outgoing[], options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, duplicates: 0, dead: 0, failed: 0, retrying: 0, stopped: 0 };
  // The same token twice (in two device documents) is one device.
  const unique = new Map<string, Outgoing>();
  for (const item of outgoing) {
    const id = receiptId(item.key, item.target.token);
    if (unique.has(id)) report.duplicates++;
    else unique.set(id, item);
  }
  const claimed = await claim(deps, [...unique.entries()]);
  report.duplicates += unique.size - claimed.length;

  const released: string[] = [];
  const dead: PushTarget[] = [];
  let sendError: unknown = null;
  for (let start = 0; start < claimed.length; start += deps.push.maxBatch) {
    const chunk = claimed.slice(start, start + deps.push.maxBatch);
    if (options.stillWanted && !(await options.stillWanted())) {
      const rest = claimed.slice(start);
      released.push(...rest.map(([id]) => id));
      report.stopped += rest.length;
      break;
    }
    const messages: PushMessage[] = chunk.map(([, item]) => ({
      uid: item.target.uid,
      deviceId: item.target.deviceId,
      token: item.target.token,
      payload: item.payload,
      ttlSeconds: item.ttlSeconds,
      urgent: item.urgent,
    }));
    let outcomes;
    try {
      outcomes = await deps.push.send(messages);
    } catch (error) {
      // The whole call failed (network, credentials): none of these went out.
      sendError ??= error;
      released.push(...chunk.map(([id]) => id));
      report.retrying += chunk.length;
      continue;
    }
    outcomes.forEach((outcome, index) => {
      const [id, item] = chunk[index]!;
      if (outcome.ok) {
        report.sent++;
        return;
      }
      const verdict = pushVerdict(outcome.code, outcome.message);
      if (verdict === 'dead') {
        dead.push(item.target);
        report.dead++;
      } else if (verdict === 'transient') {
        released.push(id);
        report.retrying++;
      } else {
        report.failed++;
        logs.pushFailed({ key: item.key, uid: item.target.uid, deviceId: item.target.deviceId, code: outcome.code, message: outcome.message });
      }
    });
  }

  await forgetDeadDevices(deps, dead);
  if (released.length > 0) {
    for (let start = 0; start < released.length; start += 500) {
      const ids = released.slice(start, start + 500);
      await deps.docs.batch((batch) => ids.forEach((id) => batch.delete(firestorePaths.pushReceipt(id))));
    }
  }
  if (outgoing.length > 0) logs.pushDelivered({ ...report, subjects: new Set(outgoing.map((item) => item.key.split('|')[0])).size, first: outgoing[0]!.key });
  if (report.retrying > 0) {
    throw new PushRetryError(`${report.retrying} push message(s) were refused for now${sendError instanceof Error ? ` (${sendError.message})` : ''}; they will be sent on the retry`);
  }
  return report;
}

/** Creates the receipts that do not exist yet; returns what this call claimed. */
async function claim(deps: Pick<Deps, 'docs' | 'now'>, items: Array<[string, Outgoing]>): Promise<Array<[string, Outgoing]>> {
  const now = deps.now();
  const claimed: Array<[string, Outgoing]> = [];
  for (let start = 0; start < items.length; start += CLAIM_CHUNK) {
    const chunk = items.slice(start, start + CLAIM_CHUNK);
    const mine = await deps.docs.transaction(async (tx) => {
      const receipts = await tx.getAll(readsOf(chunk.map(([id]) => firestorePaths.pushReceipt(id)), pushReceiptSchema));
      const fresh = chunk.filter((_, index) => receipts[index] === undefined);
      for (const [id, item] of fresh) {
        tx.create(firestorePaths.pushReceipt(id), { key: item.key, uid: item.target.uid, deviceId: item.target.deviceId, claimedAt: now, expiresAt: receiptExpiry(now) });
      }
      return fresh;
    });
    claimed.push(...mine);
  }
  return claimed;
}

/** Deletes the device documents of dead tokens, unless the app has put a new token there since. */
async function forgetDeadDevices(deps: Pick<Deps, 'docs'>, dead: readonly PushTarget[]): Promise<void> {
  for (let start = 0; start < dead.length; start += CLAIM_CHUNK) {
    const chunk = dead.slice(start, start + CLAIM_CHUNK);
    const paths = chunk.map((target) => firestorePaths.device(target.uid, target.deviceId));
    await deps.docs.transaction(async (tx) => {
      const devices = await tx.getAll(readsOf(paths, deviceSchema));
      chunk.forEach((target, index) => {
        if (devices[index]?.token === target.token) tx.delete(paths[index]!);
      });
    });
    for (const target of chunk) logs.pushDeviceForgotten({ uid: target.uid, deviceId: target.deviceId });
  }
}
