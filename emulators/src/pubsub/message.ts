/** A published message as the emulator stores it, and its wire and push forms. */
import { msToTimestamp } from './time.js';
import type { Delivery } from './subscription-queue.js';
import type { PubsubMessage, ReceivedMessage } from './wire.js';

export interface StoredMessage {
  /** Emulator-wide publish order; ack ids are built on it. */
  seq: number;
  /** The `messageId` returned to the publisher (a decimal string, as the service's). */
  id: string;
  data: Buffer;
  attributes: Record<string, string>;
  /** '' when the message has none. */
  orderingKey: string;
  publishTimeMs: number;
  /** Bytes counted against flow control and the request size limit. */
  size: number;
}

export function messageSize(data: Buffer, attributes: Record<string, string>, orderingKey: string): number {
  let size = data.length + Buffer.byteLength(orderingKey);
  for (const [key, value] of Object.entries(attributes)) size += Buffer.byteLength(key) + Buffer.byteLength(value);
  return size;
}

export function toWireMessage(message: StoredMessage): PubsubMessage {
  return {
    data: message.data,
    attributes: message.attributes,
    messageId: message.id,
    publishTime: msToTimestamp(message.publishTimeMs),
    orderingKey: message.orderingKey,
  };
}

export function toReceivedMessage(delivery: Delivery, withDeliveryAttempt: boolean): ReceivedMessage {
  return {
    ackId: delivery.ackId,
    message: toWireMessage(delivery.message),
    // 0 means unset: the service reports attempts only with a dead-letter policy.
    deliveryAttempt: withDeliveryAttempt ? delivery.deliveryAttempt : 0,
  };
}

/**
 * The JSON body of a push request (https://cloud.google.com/pubsub/docs/push), with the
 * snake_case duplicates the official emulator and the service send. `orderingKey` is present
 * only when set and `deliveryAttempt` only when the subscription has a dead-letter policy.
 */
export function toPushBody(message: StoredMessage, subscription: string, deliveryAttempt: number | undefined): object {
  const publishTime = new Date(message.publishTimeMs).toISOString();
  return {
    message: {
      data: message.data.toString('base64'),
      // A copy: an in-process endpoint (common/local-push.ts) must not share the stored message's.
      attributes: { ...message.attributes },
      messageId: message.id,
      message_id: message.id,
      publishTime,
      publish_time: publishTime,
      ...(message.orderingKey === '' ? {} : { orderingKey: message.orderingKey }),
    },
    subscription,
    ...(deliveryAttempt === undefined ? {} : { deliveryAttempt }),
  };
}
