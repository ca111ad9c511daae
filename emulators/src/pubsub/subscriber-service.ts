/** The google.pubsub.v1.Subscriber service (StreamingPull lives in streaming-pull.ts). */
import type { ServerUnaryCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Broker } from './broker.js';
import { EMPTY, unary } from './grpc-handlers.js';
import { toReceivedMessage } from './message.js';
import { parseName, parseProject } from './names.js';
import { invalidArgument, notFound } from './status.js';
import type { Consumer, Delivery } from './subscription-queue.js';
import { timestampToMs } from './time.js';
import type { FieldMask, PushConfig, ReceivedMessage, Subscription, Timestamp } from './wire.js';
import { streamingPull } from './streaming-pull.js';
import { validateAckDeadline, validateAckIds } from './validation.js';

interface SubscriptionRequest {
  subscription: string;
}
interface ListRequest {
  project: string;
  pageSize: number;
  pageToken: string;
}

/** A Pull with nothing to deliver waits this long for a message, then answers empty. */
const PULL_WAIT_MS = 10_000;

export function subscriberService(broker: Broker): UntypedServiceImplementation {
  return {
    CreateSubscription: unary((subscription: Subscription) => broker.createSubscription(subscription)),
    GetSubscription: unary((request: SubscriptionRequest) => broker.getSubscription(request.subscription)),
    UpdateSubscription: unary((request: { subscription: Subscription | null; updateMask: FieldMask | null }) =>
      broker.updateSubscription(request.subscription, request.updateMask),
    ),
    ListSubscriptions: unary((request: ListRequest) => {
      const page = broker.listSubscriptions(request.project, request.pageSize, request.pageToken);
      return { subscriptions: page.items, nextPageToken: page.nextPageToken };
    }),
    DeleteSubscription: unary((request: SubscriptionRequest) => {
      broker.deleteSubscription(request.subscription);
      return EMPTY;
    }),
    ModifyPushConfig: unary((request: SubscriptionRequest & { pushConfig: PushConfig | null }) => {
      broker.modifyPushConfig(request.subscription, request.pushConfig);
      return EMPTY;
    }),
    Acknowledge: unary((request: SubscriptionRequest & { ackIds: string[] }) => {
      const queue = broker.queue(request.subscription);
      validateAckIds(request.ackIds);
      queue.acknowledge(request.ackIds);
      return EMPTY;
    }),
    ModifyAckDeadline: unary((request: SubscriptionRequest & { ackIds: string[]; ackDeadlineSeconds: number }) => {
      const queue = broker.queue(request.subscription);
      validateAckIds(request.ackIds);
      validateAckDeadline(request.ackDeadlineSeconds);
      queue.modifyAckDeadline(request.ackIds, request.ackDeadlineSeconds);
      return EMPTY;
    }),
    Pull: unary((request: SubscriptionRequest & { maxMessages: number; returnImmediately: boolean }, call) =>
      pull(broker, request, call),
    ),
    StreamingPull: streamingPull(broker),
    Seek: unary((request: SubscriptionRequest & { time?: Timestamp | null; snapshot?: string; target?: string }) => {
      const queue = broker.queue(request.subscription);
      if (request.target === 'snapshot') {
        // Snapshots are not supported, so none can be found.
        throw notFound(parseName(request.snapshot ?? '', 'snapshots').id);
      }
      if (!request.time) throw invalidArgument('The seek target must be set: either a time or a snapshot.');
      queue.seek(timestampToMs(request.time));
      return {};
    }),
    ListSnapshots: unary((request: ListRequest) => {
      parseProject(request.project);
      return { snapshots: [], nextPageToken: '' };
    }),
  };
}

/** One Pull: a short-lived consumer that takes up to `maxMessages`, waiting for some unless told not to. */
function pull(
  broker: Broker,
  request: SubscriptionRequest & { maxMessages: number; returnImmediately: boolean },
  call: ServerUnaryCall<unknown, unknown>,
): Promise<{ receivedMessages: ReceivedMessage[] }> {
  const queue = broker.queue(request.subscription);
  if (request.maxMessages <= 0) throw invalidArgument('max_messages must be greater than 0.');

  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (deliveries: Delivery[]): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      queue.removeConsumer(consumer);
      call.off('cancelled', onCancelled);
      resolve({ receivedMessages: deliveries.map((delivery) => toReceivedMessage(delivery, queue.settings.deadLetter !== null)) });
    };
    const onCancelled = (): void => finish([]);
    const consumer: Consumer = {
      maxMessages: request.maxMessages,
      maxBytes: 0,
      onePerOrderingKey: false,
      defaultBackoff: null,
      leaseSeconds: () => broker.getSubscription(request.subscription).ackDeadlineSeconds,
      deliver: finish,
      detach: () => finish([]),
    };
    call.on('cancelled', onCancelled);
    queue.addConsumer(consumer);
    // Adding the consumer dispatches at once, so it may already be done.
    if (!done) {
      timer = setTimeout(() => finish([]), request.returnImmediately ? 0 : PULL_WAIT_MS);
    }
  });
}
