import { afterAll, beforeAll, expect, test } from 'vitest';
import { status } from '@grpc/grpc-js';
import type { PubSub } from '@google-cloud/pubsub';
import type { PubSubEmulator } from '../../src/pubsub/index.js';
import { clientFor, startEmulator, uniqueId } from './harness.js';

let emulator: PubSubEmulator;
let pubsub: PubSub;
beforeAll(async () => {
  emulator = await startEmulator();
  pubsub = clientFor(emulator);
});
afterAll(async () => {
  await pubsub.close();
  await emulator.close();
});

test('binds a free port on 127.0.0.1 and reports it', () => {
  expect(emulator.host).toBe('127.0.0.1');
  expect(emulator.port).toBeGreaterThan(0);
  expect(emulator.endpoint).toBe(`127.0.0.1:${emulator.port}`);
});

test('clear() forgets topics and subscriptions and ends their streams with NOT_FOUND', async () => {
  const [topic] = await pubsub.createTopic(uniqueId('cleared'));
  const [subscription] = await topic.createSubscription(uniqueId('cleared-sub'));
  const streamError = new Promise<{ code?: number }>((resolve) => subscription.on('error', resolve));
  subscription.on('message', () => undefined);
  await topic.publishMessage({ data: Buffer.from('opens the stream') });

  emulator.clear();

  expect((await streamError).code).toBe(status.NOT_FOUND);
  await subscription.close();
  expect(await topic.exists()).toEqual([false]);
  expect(await pubsub.subscription(subscription.name).exists()).toEqual([false]);
  const [again] = await pubsub.createTopic(topic.name.split('/').pop()!);
  expect(again.name).toBe(topic.name);
});
