import { expect, test } from 'vitest';
import { collect, PROJECT, uniqueId, waitFor, usePubSubTestBed } from './harness.js';

const bed = usePubSubTestBed();

const FAST_RETRY = { minimumBackoff: { seconds: 0, nanos: 50_000_000 }, maximumBackoff: { seconds: 1 } };

test('after maxDeliveryAttempts nacks the message moves to the dead-letter topic with the service attributes', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('orders'));
  const [deadLetterTopic] = await bed.pubsub.createTopic(uniqueId('orders-dlq'));
  const [deadLetters] = await deadLetterTopic.createSubscription(uniqueId('dlq-reader'));
  const subscriptionId = uniqueId('orders-worker');
  const [subscription] = await topic.createSubscription(subscriptionId, {
    deadLetterPolicy: { deadLetterTopic: deadLetterTopic.name, maxDeliveryAttempts: 5 },
    retryPolicy: FAST_RETRY,
  });

  const attempts = collect(subscription, () => 'nack');
  const forwarded = collect(deadLetters);
  const publishedAt = Date.now();
  const id = await topic.publishMessage({ data: Buffer.from('poison'), attributes: { order: '42' } });
  await waitFor(() => forwarded.length === 1);
  await subscription.close();
  await deadLetters.close();

  expect(attempts.map((m) => [m.id, m.deliveryAttempt])).toEqual([1, 2, 3, 4, 5].map((n) => [id, n]));
  const [dead] = forwarded;
  expect(dead!.data.toString()).toBe('poison');
  expect(dead!.id).not.toBe(id);
  expect(dead!.attributes).toMatchObject({
    order: '42',
    CloudPubSubDeadLetterSourceDeliveryCount: '5',
    CloudPubSubDeadLetterSourceSubscription: subscriptionId,
    CloudPubSubDeadLetterSourceSubscriptionProject: PROJECT,
  });
  const sourcePublishTime = Date.parse(dead!.attributes.CloudPubSubDeadLetterSourceTopicPublishTime!);
  expect(sourcePublishTime).toBeGreaterThanOrEqual(publishedAt - 1000);
});

test('expired ack deadlines count as delivery attempts too (unary pull)', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('slow'));
  const [deadLetterTopic] = await bed.pubsub.createTopic(uniqueId('slow-dlq'));
  const [deadLetters] = await deadLetterTopic.createSubscription(uniqueId('slow-dlq-reader'));
  const [subscription] = await topic.createSubscription(uniqueId('slow-worker'), {
    deadLetterPolicy: { deadLetterTopic: deadLetterTopic.name, maxDeliveryAttempts: 5 },
  });
  await topic.publishMessage({ data: Buffer.from('never acked') });

  const seen: number[] = [];
  for (let attempt = 1; attempt <= 5; attempt++) {
    const [response] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1 });
    const received = response.receivedMessages![0]!;
    seen.push(received.deliveryAttempt!);
    // Let this delivery's lease lapse after 1 s instead of acking it.
    await bed.subscriber.modifyAckDeadline({ subscription: subscription.name, ackIds: [received.ackId!], ackDeadlineSeconds: 1 });
  }
  expect(seen).toEqual([1, 2, 3, 4, 5]);
  const [dead] = await bed.subscriber.pull({ subscription: deadLetters.name, maxMessages: 1 });
  expect(Buffer.from(dead.receivedMessages![0]!.message!.data as Uint8Array).toString()).toBe('never acked');
  const [left] = await bed.subscriber.pull({ subscription: subscription.name, maxMessages: 1, returnImmediately: true });
  expect(left.receivedMessages ?? []).toHaveLength(0);
});

test('bad dead-letter policies are INVALID_ARGUMENT', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('policy'));
  await expect(
    topic.createSubscription(uniqueId('few'), { deadLetterPolicy: { deadLetterTopic: topic.name, maxDeliveryAttempts: 3 } }),
  ).rejects.toMatchObject({ code: 3 });
  await expect(
    topic.createSubscription(uniqueId('bad-topic'), { deadLetterPolicy: { deadLetterTopic: 'not/a/topic' } }),
  ).rejects.toMatchObject({ code: 3 });
});
