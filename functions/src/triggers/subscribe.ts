import { onMessagePublished } from 'firebase-functions/v2/pubsub';
import type { PubSubOptions } from 'firebase-functions/v2/pubsub';
import { ZodError } from 'zod';
import { parseDomainEvent, topicOf, type DomainEvent, type DomainEventType } from '@encore/model';
import { MAX_EVENT_AGE_MS } from '../config.js';
import { PoisonMessageError, guarded } from './guard.js';

/** A Pub/Sub subscriber for one domain-event type: parse and validate the envelope, then run the handler. */
export function subscribe<T extends DomainEventType>(
  name: string,
  type: T,
  options: Omit<PubSubOptions, 'topic'>,
  handler: (event: DomainEvent<T>) => Promise<unknown>,
  maxAgeMs: number = MAX_EVENT_AGE_MS.default,
) {
  return onMessagePublished<unknown>({ ...options, topic: topicOf(type) }, (cloudEvent) =>
    guarded(name, cloudEvent, maxAgeMs, () => handler(readEnvelope(type, cloudEvent.data.message))),
  );
}

/**
 * The domain event a message carries, or a `PoisonMessageError` saying why it never will:
 * bytes that are not JSON, JSON that is not an envelope, an envelope of another type. Read
 * before the handler runs, so only the envelope's own faults are called poison; a schema
 * error of the event's data stays a ZodError (dropped too, logged with its issues).
 */
export function readEnvelope<T extends DomainEventType>(type: T, message: { json: unknown }): DomainEvent<T> {
  let raw: unknown;
  try {
    raw = message.json;
  } catch (error) {
    throw new PoisonMessageError('not-json', (error as Error).message);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new PoisonMessageError('not-an-envelope', `a ${Array.isArray(raw) ? 'list' : typeof raw}`);
  const claimed = (raw as { type?: unknown }).type;
  if (claimed !== type) throw new PoisonMessageError('wrong-type', `expected a "${type}" event, got ${JSON.stringify(claimed)?.slice(0, 80) ?? 'none'}`);
  try {
    return parseDomainEvent(type, raw);
  } catch (error) {
    if (error instanceof ZodError) throw error;
    throw new PoisonMessageError('not-an-envelope', (error as Error).message);
  }
}
