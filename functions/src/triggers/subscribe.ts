import { onMessagePublished } from 'firebase-functions/v2/pubsub';
import type { PubSubOptions } from 'firebase-functions/v2/pubsub';
import { parseDomainEvent, topicOf, type DomainEvent, type DomainEventType } from '@encore/model';
import { MAX_EVENT_AGE_MS } from '../config.js';
import { guarded } from './guard.js';

/** A Pub/Sub subscriber for one domain-event type: parse and validate the envelope, then run the handler. */
export function subscribe<T extends DomainEventType>(
  name: string,
  type: T,
  options: Omit<PubSubOptions, 'topic'>,
  handler: (event: DomainEvent<T>) => Promise<unknown>,
  maxAgeMs: number = MAX_EVENT_AGE_MS.default,
) {
  return onMessagePublished<unknown>({ ...options, topic: topicOf(type) }, (cloudEvent) =>
    guarded(name, cloudEvent, maxAgeMs, () => handler(parseDomainEvent(type, cloudEvent.data.message.json))),
  );
}
