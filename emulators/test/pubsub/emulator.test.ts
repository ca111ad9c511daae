import { expect, test } from 'vitest';
import { status } from '@grpc/grpc-js';
import { uniqueId, usePubSubTestBed } from './harness.js';

const bed = usePubSubTestBed();

test('binds a free port on 127.0.0.1 and reports it', () => {
  expect(bed.emulator.host).toBe('127.0.0.1');
  expect(bed.emulator.port).toBeGreaterThan(0);
  expect(bed.emulator.endpoint).toBe(`127.0.0.1:${bed.emulator.port}`);
});

test('clear() forgets topics and subscriptions and ends their streams with NOT_FOUND', async () => {
  const [topic] = await bed.pubsub.createTopic(uniqueId('cleared'));
  const [subscription] = await topic.createSubscription(uniqueId('cleared-sub'));
  const streamError = new Promise<{ code?: number }>((resolve) => subscription.on('error', resolve));
  subscription.on('message', () => undefined);
  await topic.publishMessage({ data: Buffer.from('opens the stream') });

  bed.emulator.clear();

  expect((await streamError).code).toBe(status.NOT_FOUND);
  await subscription.close();
  expect(await topic.exists()).toEqual([false]);
  expect(await bed.pubsub.subscription(subscription.name).exists()).toEqual([false]);
  const [again] = await bed.pubsub.createTopic(topic.name.split('/').pop()!);
  expect(again.name).toBe(topic.name);
});
