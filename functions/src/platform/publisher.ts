import { PubSub } from '@google-cloud/pubsub';
import { topicOf, type DomainEvent } from '@encore/model';

/** The event-bus port: publish one domain event to its topic. */
export interface Publisher {
  publish(event: DomainEvent): Promise<void>;
}

let pubsub: PubSub | undefined;

/**
 * Publishes with @google-cloud/pubsub; with `PUBSUB_EMULATOR_HOST` set it talks insecure
 * gRPC to the local emulator. The event id travels as an attribute too, so a subscriber
 * can log it even when the body fails to parse.
 */
export function pubsubPublisher(): Publisher {
  return {
    async publish(event) {
      pubsub ??= new PubSub();
      await pubsub.topic(topicOf(event.type)).publishMessage({ json: event, attributes: { eventId: event.id, eventType: event.type } });
    },
  };
}
