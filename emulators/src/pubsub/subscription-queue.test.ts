import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StoredMessage } from './message.js';
import { SubscriptionQueue, type Consumer, type Delivery, type QueueConfig } from './subscription-queue.js';

const BASE: QueueConfig = { ordering: false, retainAcked: false, deadLetter: null, retry: null };

let seq = 0;
function message(data: string, orderingKey = ''): StoredMessage {
  seq++;
  return { seq, id: String(seq), data: Buffer.from(data), attributes: {}, orderingKey, publishTimeMs: Date.now(), size: data.length };
}

/** A consumer that records what it gets. */
function recorder(overrides: Partial<Consumer> = {}): Consumer & { got: Delivery[] } {
  const got: Delivery[] = [];
  return {
    maxMessages: 0,
    maxBytes: 0,
    onePerOrderingKey: false,
    defaultBackoff: null,
    leaseSeconds: () => 10,
    deliver: (deliveries) => got.push(...deliveries),
    detach: () => undefined,
    got,
    ...overrides,
  };
}

function texts(deliveries: Delivery[]): string[] {
  return deliveries.map((delivery) => delivery.message.data.toString());
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SubscriptionQueue', () => {
  test('delivers, and redelivers after the lease expires', () => {
    const queue = new SubscriptionQueue('s', BASE, () => false);
    const consumer = recorder();
    queue.addConsumer(consumer);
    queue.enqueue(message('a'));
    expect(texts(consumer.got)).toEqual(['a']);
    vi.advanceTimersByTime(9_999);
    expect(consumer.got).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(consumer.got.map((d) => d.deliveryAttempt)).toEqual([1, 2]);
    queue.close();
  });

  test('an ack ends the lease; a stale ack id is ignored', () => {
    const queue = new SubscriptionQueue('s', BASE, () => false);
    const consumer = recorder();
    queue.addConsumer(consumer);
    queue.enqueue(message('a'));
    const first = consumer.got[0]!.ackId;
    queue.modifyAckDeadline([first], 0);
    expect(consumer.got).toHaveLength(2);
    queue.acknowledge([first]);
    expect(queue.backlog).toBe(1);
    queue.acknowledge([consumer.got[1]!.ackId]);
    expect(queue.backlog).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(consumer.got).toHaveLength(2);
    queue.close();
  });

  test('retry policy backoff doubles from the minimum up to the maximum', () => {
    const queue = new SubscriptionQueue('s', { ...BASE, retry: { minMs: 100, maxMs: 300 } }, () => false);
    const consumer = recorder();
    queue.addConsumer(consumer);
    queue.enqueue(message('a'));
    const delays = [100, 200, 300, 300];
    for (const delay of delays) {
      const count = consumer.got.length;
      queue.modifyAckDeadline([consumer.got[count - 1]!.ackId], 0);
      vi.advanceTimersByTime(delay - 1);
      expect(consumer.got).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(consumer.got).toHaveLength(count + 1);
    }
    queue.close();
  });

  test('flow control holds messages until acks make room', () => {
    const queue = new SubscriptionQueue('s', BASE, () => false);
    const consumer = recorder({ maxMessages: 2 });
    queue.addConsumer(consumer);
    for (const data of ['a', 'b', 'c']) queue.enqueue(message(data));
    expect(texts(consumer.got)).toEqual(['a', 'b']);
    queue.acknowledge([consumer.got[0]!.ackId]);
    expect(texts(consumer.got)).toEqual(['a', 'b', 'c']);
    queue.close();
  });

  test('ordering: one key stays with one consumer and in order; push waits for each ack', () => {
    const queue = new SubscriptionQueue('s', { ...BASE, ordering: true }, () => false);
    const push = recorder({ onePerOrderingKey: true });
    queue.addConsumer(push);
    queue.enqueue(message('k1', 'k'));
    queue.enqueue(message('k2', 'k'));
    queue.enqueue(message('j1', 'j'));
    expect(texts(push.got)).toEqual(['k1', 'j1']);
    queue.acknowledge([push.got[0]!.ackId]);
    expect(texts(push.got)).toEqual(['k1', 'j1', 'k2']);
    queue.close();
  });

  test('dead-letters after maxDeliveryAttempts failed deliveries', () => {
    const forwarded: Array<[string, number]> = [];
    const queue = new SubscriptionQueue('s', { ...BASE, deadLetter: { topic: 't', maxDeliveryAttempts: 5 } }, (m, attempts) => {
      forwarded.push([m.data.toString(), attempts]);
      return true;
    });
    const consumer = recorder();
    queue.addConsumer(consumer);
    queue.enqueue(message('poison'));
    for (let i = 0; i < 5; i++) queue.modifyAckDeadline([consumer.got[i]!.ackId], 0);
    expect(consumer.got.map((d) => d.deliveryAttempt)).toEqual([1, 2, 3, 4, 5]);
    expect(forwarded).toEqual([['poison', 5]]);
    expect(queue.backlog).toBe(0);
    queue.close();
  });

  test('close detaches consumers and drops messages', () => {
    const queue = new SubscriptionQueue('s', BASE, () => false);
    const detach = vi.fn();
    queue.addConsumer(recorder({ detach }));
    queue.close();
    queue.enqueue(message('late'));
    expect(detach).toHaveBeenCalledOnce();
    expect(queue.backlog).toBe(0);
  });
});
