import { PubSub, type Topic } from '@google-cloud/pubsub';
import { topicOf, type DomainEvent } from '@encore/model';

/** The event-bus port: publish one domain event to its topic. */
export interface Publisher {
  publish(event: DomainEvent): Promise<void>;
}

let pubsub: PubSub | undefined;
const topics = new Map<string, Topic>();

/**
 * Publishes with @google-cloud/pubsub; with `PUBSUB_EMULATOR_HOST` set it talks insecure
 * gRPC to the local emulator. The event id travels as an attribute too, so a subscriber
 * can log it even when the body fails to parse.
 *
 * One `Topic` per topic name for the instance's life: the client batches the messages a
 * Topic is given within 10 ms (up to 100) into one Publish call, but only per Topic object,
 * so a Topic made per message sent every message in an RPC of its own (under a burst of
 * favourites, one Publish per favourite instead of one per batch). Each message still
 * resolves only once the batch carrying it is acknowledged.
 */
export function pubsubPublisher(): Publisher {
  return {
    async publish(event) {
      pubsub ??= new PubSub();
      const name = topicOf(event.type);
      let topic = topics.get(name);
      if (!topic) topics.set(name, (topic = pubsub.topic(name)));
      await topic.publishMessage({ json: event, attributes: { eventId: event.id, eventType: event.type } });
    },
  };
}
