import { describe, expect, test } from 'vitest';
import { status } from '@grpc/grpc-js';
import type { Message, PubSub } from '@google-cloud/pubsub';
import { collect, uniqueId, waitFor, usePubSubTestBed } from './harness.js';

const bed = usePubSubTestBed();

async function topicWithSubscription(options: Parameters<PubSub['createTopic']>[0] extends never ? never : object = {}) {
  const [topic] = await bed.pubsub.createTopic(uniqueId('topic'));
  const [subscription] = await topic.createSubscription(uniqueId('sub'), options);
  return { topic, subscription };
}

describe('streaming pull (subscription.on("message"))', () => {
  test('receives exactly what was published: data, attributes, ids, publish time', async () => {
    const { topic, subscription } = await topicWithSubscription();
    const received = collect(subscription);
    const before = Date.now();
    const published = new Map<string, { data: string; index: string }>();
    await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const data = `festival-${i}`;
        const id = await topic.publishMessage({ data: Buffer.from(data), attributes: { index: String(i) } });
        published.set(id, { data, index: String(i) });
      }),
    );
    await waitFor(() => received.length >= 60);
    await subscription.close();

    expect(received).toHaveLength(60);
    for (const message of received) {
      const expected = published.get(message.id);
      expect(expected).toBeDefined();
      expect(message.data.toString()).toBe(expected!.data);
      expect(message.attributes).toEqual({ index: expected!.index });
      expect(message.publishTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(message.deliveryAttempt).toBe(0);
    }
    expect(new Set(received.map((m) => m.id)).size).toBe(60);
  });

  test('a nacked message is redelivered, then stays acked', async () => {
    const { topic, subscription } = await topicWithSubscription();
    let nacked = false;
    const received = collect(subscription, () => {
      if (nacked) return 'ack';
      nacked = true;
      return 'nack';
    });
    const id = await topic.publishMessage({ data: Buffer.from('retry me') });
    await waitFor(() => received.length >= 2);
    // A later message arriving alone shows the acked one was not delivered again.
    const marker = await topic.publishMessage({ data: Buffer.from('marker') });
    await waitFor(() => received.some((m) => m.id === marker));
    await subscription.close();
    expect(received.map((m) => m.id)).toEqual([id, id, marker]);
  });

  test('messages with an ordering key arrive in publish order per key', async () => {
    const { topic, subscription } = await topicWithSubscription({ enableMessageOrdering: true });
    topic.setPublishOptions({ messageOrdering: true });
    const keys = ['stage-a', 'stage-b', 'stage-c'];
    const received = collect(subscription);
    const publishes: Promise<string>[] = [];
    for (let i = 0; i < 20; i++) {
      for (const key of keys) publishes.push(topic.publishMessage({ data: Buffer.from(String(i)), orderingKey: key }));
    }
    await Promise.all(publishes);
    await waitFor(() => received.length >= 60);
    await subscription.close();

    for (const key of keys) {
      const sequence = received.filter((m) => m.orderingKey === key).map((m) => Number(m.data.toString()));
      expect(sequence).toEqual(Array.from({ length: 20 }, (_, i) => i));
    }
  });

  test('a filter delivers only matching messages', async () => {
    const { topic, subscription } = await topicWithSubscription({
      filter: 'attributes.kind = "photo" AND NOT attributes:draft',
    });
    const received = collect(subscription);
    await topic.publishMessage({ data: Buffer.from('a'), attributes: { kind: 'photo' } });
    await topic.publishMessage({ data: Buffer.from('b'), attributes: { kind: 'video' } });
    await topic.publishMessage({ data: Buffer.from('c'), attributes: { kind: 'photo', draft: 'yes' } });
    const last = await topic.publishMessage({ data: Buffer.from('d'), attributes: { kind: 'photo' } });
    await waitFor(() => received.some((m) => m.id === last));
    await subscription.close();
    expect(received.map((m) => m.data.toString())).toEqual(['a', 'd']);
  });

  test('an unknown subscription ends the stream with NOT_FOUND', async () => {
    const subscription = bed.pubsub.subscription('never-created');
    const error = await new Promise<{ code?: number }>((resolve) => {
      subscription.on('error', resolve);
      subscription.on('message', () => undefined);
    });
    await subscription.close();
    expect(error.code).toBe(status.NOT_FOUND);
  });

  test('deleting the subscription ends open streams with NOT_FOUND', async () => {
    const { topic, subscription } = await topicWithSubscription();
    const received: Message[] = [];
    const error = new Promise<{ code?: number }>((resolve) => subscription.on('error', resolve));
    subscription.on('message', (message: Message) => {
      received.push(message);
      message.ack();
    });
    await topic.publishMessage({ data: Buffer.from('before delete') });
    await waitFor(() => received.length === 1);
    await bed.pubsub.subscription(subscription.name).delete();
    expect((await error).code).toBe(status.NOT_FOUND);
    await subscription.close();
  });
});

describe('unary pull', () => {
  test('pull, ack and a later pull sees only new messages', async () => {
    const { topic, subscription } = await topicWithSubscription();
    const first = await topic.publishMessage({ data: Buffer.from('one'), attributes: { n: '1' } });
    const [response] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 10 });
    expect(response.receivedMessages).toHaveLength(1);
    const received = response.receivedMessages![0]!;
    expect(received.message?.messageId).toBe(first);
    expect(Buffer.from(received.message!.data as Uint8Array).toString()).toBe('one');
    expect(received.message?.attributes).toEqual({ n: '1' });
    await bed.subscriber.acknowledge({ subscription: subscription.name, ackIds: [received.ackId!] });

    const second = await topic.publishMessage({ data: Buffer.from('two') });
    const [next] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 10 });
    expect(next.receivedMessages?.map((m) => m.message?.messageId)).toEqual([second]);
  });

  test('modifyAckDeadline 0 redelivers at once; an expired deadline redelivers', async () => {
    const { topic, subscription } = await topicWithSubscription();
    const id = await topic.publishMessage({ data: Buffer.from('lease') });
    const [first] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    await bed.subscriber.modifyAckDeadline({ subscription: subscription.name, ackIds: [first.receivedMessages![0]!.ackId!], ackDeadlineSeconds: 0 });

    const [second] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    expect(second.receivedMessages?.[0]?.message?.messageId).toBe(id);
    // Shorten the lease to 1 s and let it lapse: the waiting pull gets the message again.
    await bed.subscriber.modifyAckDeadline({ subscription: subscription.name, ackIds: [second.receivedMessages![0]!.ackId!], ackDeadlineSeconds: 1 });
    const [third] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    expect(third.receivedMessages?.[0]?.message?.messageId).toBe(id);

    // Acks from superseded deliveries are ignored; the latest one acks.
    await bed.subscriber.acknowledge({ subscription: subscription.name, ackIds: [first.receivedMessages![0]!.ackId!] });
    await bed.subscriber.modifyAckDeadline({ subscription: subscription.name, ackIds: [third.receivedMessages![0]!.ackId!], ackDeadlineSeconds: 0 });
    const [fourth] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    expect(fourth.receivedMessages?.[0]?.message?.messageId).toBe(id);
    await bed.subscriber.acknowledge({ subscription: subscription.name, ackIds: [fourth.receivedMessages![0]!.ackId!] });
    const [empty] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1, returnImmediately: true });
    expect(empty.receivedMessages ?? []).toHaveLength(0);
  });

  test('a nack in an ordered subscription redelivers the message and every later one of its key, in order', async () => {
    const { topic, subscription } = await topicWithSubscription({ enableMessageOrdering: true });
    topic.setPublishOptions({ messageOrdering: true });
    for (let i = 1; i <= 5; i++) await topic.publishMessage({ data: Buffer.from(String(i)), orderingKey: 'gate' });
    await topic.publishMessage({ data: Buffer.from('other'), orderingKey: 'elsewhere' });

    const [first] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 10 });
    const byData = new Map(first.receivedMessages!.map((m) => [Buffer.from(m.message!.data as Uint8Array).toString(), m.ackId!]));
    expect([...byData.keys()].sort()).toEqual(['1', '2', '3', '4', '5', 'other']);
    await bed.subscriber.acknowledge({ subscription: subscription.name, ackIds: [byData.get('1')!, byData.get('other')!] });
    await bed.subscriber.modifyAckDeadline({ subscription: subscription.name, ackIds: [byData.get('2')!], ackDeadlineSeconds: 0 });

    const [again] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 10 });
    const redelivered = again.receivedMessages!.map((m) => Buffer.from(m.message!.data as Uint8Array).toString());
    expect(redelivered).toEqual(['2', '3', '4', '5']);
  });

  test('the subscription ack deadline expires unacked pulls', async () => {
    const { topic, subscription } = await topicWithSubscription({ ackDeadlineSeconds: 10 });
    const id = await topic.publishMessage({ data: Buffer.from('forgotten') });
    const [first] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    expect(first.receivedMessages?.[0]?.message?.messageId).toBe(id);
    const [again] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 }, { timeout: 30_000 });
    expect(again.receivedMessages?.[0]?.message?.messageId).toBe(id);
  });

  test('seek to a time replays retained acked messages', async () => {
    const { topic, subscription } = await topicWithSubscription({ retainAckedMessages: true });
    const start = new Date();
    const id = await topic.publishMessage({ data: Buffer.from('replay') });
    const [first] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    await bed.subscriber.acknowledge({ subscription: subscription.name, ackIds: [first.receivedMessages![0]!.ackId!] });
    await subscription.seek(new Date(start.getTime() - 1000));
    const [replayed] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    expect(replayed.receivedMessages?.[0]?.message?.messageId).toBe(id);
  });

  test('bad requests: unknown subscription, malformed ack id, ack deadline out of range', async () => {
    const { subscription } = await topicWithSubscription();
    await expect(
      bed.subscriber.pull({ subscription: 'projects/encore-test/subscriptions/nope-nope', maxMessages: 1 }),
    ).rejects.toMatchObject({ code: status.NOT_FOUND });
    await expect(bed.subscriber.acknowledge({ subscription: subscription.name, ackIds: ['not an ack id'] })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'You have passed an invalid ack ID to the service (ack_id=not an ack id).',
    });
    await expect(
      bed.subscriber.modifyAckDeadline({ subscription: subscription.name, ackIds: ['1-1'], ackDeadlineSeconds: 700 }),
    ).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Invalid ack deadline given (ack_deadline=700). The ack deadline must be between 0 and 600 seconds.',
    });
    await expect(bed.subscriber.pull({ subscription: subscription.name, maxMessages: 0 })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});
