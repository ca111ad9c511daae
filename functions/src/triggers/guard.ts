import { ZodError } from 'zod';
import { logs } from '../logs.js';
import { DocumentSchemaError } from '../platform/docs.js';

/**
 * The retry policy every event-triggered function shares. Functions deploy with
 * `retry: true`, so a thrown error is retried: that is right for transient failures
 * (network, contention, an outage) and wrong for a message that can never succeed.
 * So: an event older than its cutoff is logged and dropped; a payload that fails
 * validation, and a stored document that does not match its schema (retrying reads the
 * same data), are logged with what is wrong and dropped; a message that cannot be read at
 * all (not JSON, not an envelope, an envelope of another type: `PoisonMessageError`) is
 * logged once as `event-poisoned` and dropped after its first attempt, and counted by the
 * log-based metric on that event (functions/README.md); everything else is retried.
 */

/** A message no retry can ever read: the guard drops it after one attempt. */
export class PoisonMessageError extends Error {
  override readonly name = 'PoisonMessageError';
  constructor(
    readonly why: 'not-json' | 'not-an-envelope' | 'wrong-type',
    detail: string,
  ) {
    super(`${why}: ${detail}`);
  }
}
export async function guarded(
  name: string,
  event: { id: string; time: string },
  maxAgeMs: number,
  work: () => Promise<unknown>,
  /** What must happen even to an event too old for `work` (cheap, idempotent: revoking a token). */
  tooOld?: () => Promise<unknown>,
): Promise<void> {
  const age = Date.now() - Date.parse(event.time);
  if (age > maxAgeMs) {
    logs.eventTooOld({ function: name, eventId: event.id, ageMs: age });
    await tooOld?.();
    return;
  }
  try {
    await work();
  } catch (error) {
    if (error instanceof PoisonMessageError) {
      logs.eventPoisoned({ function: name, eventId: event.id, why: error.why, detail: error.message.slice(0, 300) });
      return;
    }
    if (error instanceof ZodError) {
      logs.eventMalformed({ function: name, eventId: event.id, issues: error.issues });
      return;
    }
    if (error instanceof DocumentSchemaError) {
      logs.documentInvalid({ function: name, eventId: event.id, path: error.path, issues: error.issues });
      return;
    }
    throw error;
  }
}

/**
 * Waits for every one of a trigger's use cases to settle, then fails with the first failure
 * (so the guard classifies it and the event is retried or dropped only once all are done:
 * none is cut off half-way by another's error).
 */
export async function allDone(work: ReadonlyArray<Promise<unknown>>): Promise<void> {
  const outcomes = await Promise.allSettled(work);
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
