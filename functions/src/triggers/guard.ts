import { ZodError } from 'zod';
import { logs } from '../logs.js';

/**
 * The retry policy every event-triggered function shares. Functions deploy with
 * `retry: true`, so a thrown error is retried: that is right for transient failures
 * (network, contention, an outage) and wrong for a message that can never succeed.
 * So: an event older than its cutoff is logged and dropped, and a payload that fails
 * validation is logged and dropped; everything else that throws is retried.
 */
export async function guarded(name: string, event: { id: string; time: string }, maxAgeMs: number, work: () => Promise<unknown>): Promise<void> {
  const age = Date.now() - Date.parse(event.time);
  if (age > maxAgeMs) {
    logs.eventTooOld({ function: name, eventId: event.id, ageMs: age });
    return;
  }
  try {
    await work();
  } catch (error) {
    if (error instanceof ZodError) {
      logs.eventMalformed({ function: name, eventId: event.id, issues: error.issues });
      return;
    }
    throw error;
  }
}

