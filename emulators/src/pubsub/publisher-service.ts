/** The google.pubsub.v1.Publisher service. */
import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Broker } from './broker.js';
import { EMPTY, unary } from './grpc-handlers.js';
import { PubSubError } from './status.js';
import { status } from '@grpc/grpc-js';
import type { FieldMask, PubsubMessage, Topic } from './wire.js';

interface TopicRequest {
  topic: string;
}
interface ListRequest {
  pageSize: number;
  pageToken: string;
}

export function publisherService(broker: Broker): UntypedServiceImplementation {
  return {
    CreateTopic: unary((topic: Topic) => broker.createTopic(topic)),
    GetTopic: unary((request: TopicRequest) => broker.getTopic(request.topic)),
    UpdateTopic: unary((request: { topic: Topic | null; updateMask: FieldMask | null }) =>
      broker.updateTopic(request.topic, request.updateMask),
    ),
    Publish: unary((request: TopicRequest & { messages: PubsubMessage[] }) => ({
      messageIds: broker.publish(request.topic, request.messages),
    })),
    ListTopics: unary((request: ListRequest & { project: string }) => {
      const page = broker.listTopics(request.project, request.pageSize, request.pageToken);
      return { topics: page.items, nextPageToken: page.nextPageToken };
    }),
    ListTopicSubscriptions: unary((request: ListRequest & TopicRequest) => {
      const page = broker.listTopicSubscriptions(request.topic, request.pageSize, request.pageToken);
      return { subscriptions: page.items, nextPageToken: page.nextPageToken };
    }),
    ListTopicSnapshots: unary((request: TopicRequest) => {
      broker.getTopic(request.topic);
      return { snapshots: [], nextPageToken: '' };
    }),
    DeleteTopic: unary((request: TopicRequest) => {
      broker.deleteTopic(request.topic);
      return EMPTY;
    }),
    DetachSubscription: unary(() => {
      throw new PubSubError(status.UNIMPLEMENTED, 'DetachSubscription is not supported by the Encore Pub/Sub emulator.');
    }),
  };
}
