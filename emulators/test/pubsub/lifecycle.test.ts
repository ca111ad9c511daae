import { describe, expect, test } from 'vitest';
import { status } from '@grpc/grpc-js';
import { PubSub } from '@google-cloud/pubsub';
import { PROJECT, subscriptionName, topicName, uniqueId, usePubSubTestBed } from './harness.js';

const bed = usePubSubTestBed();

test('an unconfigured client reaches the emulator through PUBSUB_EMULATOR_HOST', async () => {
  const saved = { host: process.env.PUBSUB_EMULATOR_HOST, project: process.env.PUBSUB_PROJECT_ID };
  process.env.PUBSUB_EMULATOR_HOST = bed.emulator.endpoint;
  process.env.PUBSUB_PROJECT_ID = PROJECT;
  const fromEnvironment = new PubSub();
  try {
    const id = uniqueId('from-env');
    const [topic] = await fromEnvironment.createTopic(id);
    expect(topic.name).toBe(topicName(id));
    expect(await bed.pubsub.topic(id).exists()).toEqual([true]);
  } finally {
    await fromEnvironment.close();
    for (const [name, value] of [['PUBSUB_EMULATOR_HOST', saved.host], ['PUBSUB_PROJECT_ID', saved.project]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

describe('topics', () => {
  test('create, get, exists, list and delete', async () => {
    const id = uniqueId('lifecycle');
    const [topic, created] = await bed.pubsub.createTopic({ name: id, labels: { team: 'encore' } });
    expect(created.name).toBe(topicName(id));
    expect(created.labels).toEqual({ team: 'encore' });

    const [metadata] = await bed.pubsub.topic(id).getMetadata();
    expect(metadata.name).toBe(topicName(id));
    expect(await topic.exists()).toEqual([true]);

    const [topics] = await bed.pubsub.getTopics();
    expect(topics.map((t) => t.name)).toContain(topicName(id));

    await topic.delete();
    expect(await topic.exists()).toEqual([false]);
  });

  test('creating an existing topic is ALREADY_EXISTS', async () => {
    const id = uniqueId('dup');
    await bed.pubsub.createTopic(id);
    await expect(bed.pubsub.createTopic(id)).rejects.toMatchObject({
      code: status.ALREADY_EXISTS,
      details: `Resource already exists in the project (resource=${id}).`,
    });
  });

  test('get({ autoCreate }) creates a missing topic', async () => {
    const id = uniqueId('auto');
    const [topic] = await bed.pubsub.topic(id).get({ autoCreate: true });
    expect(topic.name).toBe(topicName(id));
    expect(await bed.pubsub.topic(id).exists()).toEqual([true]);
  });

  test('unknown topics are NOT_FOUND', async () => {
    await expect(bed.pubsub.topic('no-such-topic').getMetadata()).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Resource not found (resource=no-such-topic).',
    });
    await expect(bed.pubsub.topic('no-such-topic').delete()).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  test('bad topic names are INVALID_ARGUMENT', async () => {
    for (const bad of ['1starts-with-digit', 'ab', 'goog-reserved', 'has space', 'x'.repeat(256)]) {
      await expect(bed.pubsub.createTopic(bad)).rejects.toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: expect.stringContaining(`Invalid resource name given (name=projects/${PROJECT}/topics/${bad})`),
      });
    }
  });

  test('setMetadata updates labels through an update mask', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('labels'));
    const [updated] = await topic.setMetadata({ labels: { stage: 'main' } });
    expect(updated.labels).toEqual({ stage: 'main' });
    const [metadata] = await topic.getMetadata();
    expect(metadata.labels).toEqual({ stage: 'main' });
  });

  test('lists a topic\'s subscriptions, and keeps them when the topic is deleted', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('parent'));
    const ids = [uniqueId('child'), uniqueId('child')];
    for (const id of ids) await topic.createSubscription(id);
    const [subscriptions] = await topic.getSubscriptions();
    expect(subscriptions.map((s) => s.name).sort()).toEqual(ids.map(subscriptionName).sort());

    await topic.delete();
    const [metadata] = await bed.pubsub.subscription(ids[0]!).getMetadata();
    expect(metadata.topic).toBe('_deleted-topic_');
  });

  test('ListTopics pages with page tokens', async () => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push((await bed.pubsub.createTopic(uniqueId('paged')))[0].name);
    const names: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const [topics, , response] = await bed.pubsub.getTopics({ pageSize: 2, pageToken, autoPaginate: false });
      expect(topics.length).toBeLessThanOrEqual(2);
      names.push(...topics.map((topic) => topic.name));
      pageToken = response?.nextPageToken || undefined;
      pages++;
    } while (pageToken);
    for (const name of created) expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    expect(pages).toBeGreaterThanOrEqual(3);
  });
});

describe('subscriptions', () => {
  test('create with every supported setting, then get, list, update and delete', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('subs'));
    const [deadLetters] = await bed.pubsub.createTopic(uniqueId('dlq'));
    const id = uniqueId('full');
    const [subscription] = await topic.createSubscription(id, {
      ackDeadlineSeconds: 30,
      retainAckedMessages: true,
      enableMessageOrdering: true,
      filter: 'attributes.kind = "photo"',
      deadLetterPolicy: { deadLetterTopic: deadLetters.name, maxDeliveryAttempts: 7 },
      retryPolicy: { minimumBackoff: { seconds: 1 }, maximumBackoff: { seconds: 20 } },
      labels: { owner: 'encore' },
    });

    const [metadata] = await subscription.getMetadata();
    expect(metadata).toMatchObject({
      name: subscriptionName(id),
      topic: topic.name,
      ackDeadlineSeconds: 30,
      retainAckedMessages: true,
      enableMessageOrdering: true,
      filter: 'attributes.kind = "photo"',
      deadLetterPolicy: { deadLetterTopic: deadLetters.name, maxDeliveryAttempts: 7 },
      labels: { owner: 'encore' },
      state: 'ACTIVE',
    });
    expect(Number(metadata.retryPolicy?.minimumBackoff?.seconds)).toBe(1);
    expect(Number(metadata.retryPolicy?.maximumBackoff?.seconds)).toBe(20);

    const [all] = await bed.pubsub.getSubscriptions();
    expect(all.map((s) => s.name)).toContain(subscriptionName(id));

    const [updated] = await subscription.setMetadata({ ackDeadlineSeconds: 60 });
    expect(updated.ackDeadlineSeconds).toBe(60);

    await subscription.delete();
    expect(await subscription.exists()).toEqual([false]);
  });

  test('defaults: 10 s ack deadline, 7 day retention', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('defaults'));
    const [subscription] = await topic.createSubscription(uniqueId('plain'));
    const [metadata] = await subscription.getMetadata();
    expect(metadata.ackDeadlineSeconds).toBe(10);
    expect(Number(metadata.messageRetentionDuration?.seconds)).toBe(7 * 24 * 3600);
    expect(metadata.deadLetterPolicy).toBeNull();
  });

  test('errors: missing topic, duplicate, bad name, bad ack deadline, bad filter', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('errs'));
    await expect(bed.pubsub.topic('missing-topic').createSubscription(uniqueId('orphan'))).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Resource not found (resource=missing-topic).',
    });
    const id = uniqueId('once');
    await topic.createSubscription(id);
    await expect(topic.createSubscription(id)).rejects.toMatchObject({ code: status.ALREADY_EXISTS });
    await expect(topic.createSubscription('9lives')).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
    await expect(topic.createSubscription(uniqueId('fast'), { ackDeadlineSeconds: 5 })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: expect.stringContaining('Invalid ack deadline given (ack_deadline=5)'),
    });
    await expect(topic.createSubscription(uniqueId('late'), { ackDeadlineSeconds: 601 })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    await expect(topic.createSubscription(uniqueId('filtered'), { filter: 'attributes.kind = ' })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
    await expect(bed.pubsub.subscription('no-such-sub').getMetadata()).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  test('setMetadata re-points a push subscription and replaces its retry and dead-letter policies', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('repoint'));
    const [deadLetters] = await bed.pubsub.createTopic(uniqueId('repoint-dlq'));
    const [subscription] = await topic.createSubscription(uniqueId('repoint-sub'), {
      pushConfig: { pushEndpoint: 'http://127.0.0.1:9/old' },
      ackDeadlineSeconds: 600,
    });
    await subscription.setMetadata({
      pushConfig: { pushEndpoint: 'http://127.0.0.1:9/new' },
      retryPolicy: { minimumBackoff: { seconds: 1 }, maximumBackoff: { seconds: 2 } },
      deadLetterPolicy: { deadLetterTopic: deadLetters.name, maxDeliveryAttempts: 5 },
    });
    const [updated] = await subscription.getMetadata();
    expect(updated.pushConfig?.pushEndpoint).toBe('http://127.0.0.1:9/new');
    expect(updated.ackDeadlineSeconds).toBe(600);
    expect(updated.deadLetterPolicy).toMatchObject({ deadLetterTopic: deadLetters.name, maxDeliveryAttempts: 5 });

    await subscription.setMetadata({ retryPolicy: null, deadLetterPolicy: null });
    const [cleared] = await subscription.getMetadata();
    expect(cleared.retryPolicy).toBeNull();
    expect(cleared.deadLetterPolicy).toBeNull();
    await expect(subscription.setMetadata({ topic: topic.name })).rejects.toMatchObject({ code: status.INVALID_ARGUMENT });
  });

  test('ModifyPushConfig switches a subscription between push and pull', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('modpush'));
    const [subscription] = await topic.createSubscription(uniqueId('switch'));
    await subscription.modifyPushConfig({ pushEndpoint: 'http://127.0.0.1:9/push' });
    expect((await subscription.getMetadata())[0].pushConfig?.pushEndpoint).toBe('http://127.0.0.1:9/push');
    await subscription.modifyPushConfig({});
    expect((await subscription.getMetadata())[0].pushConfig?.pushEndpoint).toBe('');
    await expect(subscription.modifyPushConfig({ pushEndpoint: 'ftp://nope' })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});

describe('publish errors', () => {
  test('publishing to an unknown topic is NOT_FOUND', async () => {
    await expect(bed.pubsub.topic('ghost-topic').publishMessage({ data: Buffer.from('x') })).rejects.toMatchObject({
      code: status.NOT_FOUND,
      details: 'Resource not found (resource=ghost-topic).',
    });
  });

  test('an empty message is INVALID_ARGUMENT, and the emulator keeps serving', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('empty'));
    await expect(topic.publishMessage({ data: Buffer.alloc(0) })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details:
        'One or more messages in the publish request is empty. Each message must contain either non-empty data, or at least one attribute.',
    });
    const id = await topic.publishMessage({ attributes: { only: 'attributes' } });
    expect(id).toMatch(/^\d+$/);
  });

  test('a message over 10 MB is INVALID_ARGUMENT', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('huge'));
    await expect(topic.publishMessage({ data: Buffer.alloc(10 * 1024 * 1024 + 1, 1) })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Request payload size exceeds the limit: 10485760 bytes.',
    });
    expect(await topic.publishMessage({ data: Buffer.from('still fine') })).toMatch(/^\d+$/);
  });

  test('reserved attribute keys are INVALID_ARGUMENT', async () => {
    const [topic] = await bed.pubsub.createTopic(uniqueId('attrs'));
    await expect(topic.publishMessage({ data: Buffer.from('x'), attributes: { googKey: 'v' } })).rejects.toMatchObject({
      code: status.INVALID_ARGUMENT,
    });
  });
});
