/**
 * onMessagePublished through the real Pub/Sub path: @google-cloud/pubsub publishes to our
 * emulator, whose push subscription (created by the runner) delivers to the function;
 * a failing function with `retry` is redelivered and then dead-lettered. Every case runs
 * twice: pushes over HTTP (an emulator outside the runner's process), and as in-process
 * calls (`localPush`, what the stack wires), which must behave the same.
 */
import { PubSub, type Message } from '@google-cloud/pubsub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPushHandler } from '../../src/common/local-push.js';
import { startPubSubEmulator, type PubSubEmulator, type PushAttempt } from '../../src/pubsub/index.js';
import { PubSubBridge, startFunctionsRunner, type FunctionsRunner, type InvocationRecord } from '../../src/runner/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from './fixture.js';

describe.each([
  { transport: 'over HTTP', inProcess: false },
  { transport: 'as in-process calls', inProcess: true },
])('pushes $transport', ({ inProcess }) => {
  const PROJECT = 'demo-runner-pubsub';
  const DEAD_LETTER_TOPIC = 'functions-dead-letter';
  const records = new RecordFile();
  const invocations: InvocationRecord[] = [];
  let emulator: PubSubEmulator;
  let runner: FunctionsRunner;
  let client: PubSub;
  /** Every push attempt the emulator reported, and the message ids the runner's in-process handler was called with. */
  const pushAttempts: PushAttempt[] = [];
  const localCalls: string[] = [];
  /** The stack's wiring, with each call of the runner's handler noted. */
  const localPush = () =>
    inProcess
      ? {
          localPush: {
            register: (prefix: string, handler: LocalPushHandler) =>
              emulator.localPush.register(prefix, (endpoint, body, signal) => {
                localCalls.push((body as { message: { messageId: string } }).message.messageId);
                return handler(endpoint, body, signal);
              }),
          },
        }
      : {};

  /** The fixture's runner on this emulator, as the stack wires it, with `maxAttempts` retries. */
  const startRunner = (maxAttempts: number, log: (record: InvocationRecord) => void) =>
    startFunctionsRunner({
      ...localPush(),
      functionsModule: FIXTURE_MODULE,
      functionsDir: FIXTURE_DIR,
      projectId: PROJECT,
      port: 0,
      emulators: { pubsub: emulator.endpoint },
      retry: { maxAttempts, minBackoffMs: 20, maxBackoffMs: 100 },
      deadLetterTopic: DEAD_LETTER_TOPIC,
      schedules: false,
      env: { FIXTURE_RECORD_FILE: records.path },
      log,
    });

  beforeAll(async () => {
    emulator = await startPubSubEmulator({ port: 0 });
    emulator.pushAttempts.subscribe((attempt) => pushAttempts.push(attempt));
    runner = await startRunner(5, (record) => invocations.push(record));
    client = new PubSub({ projectId: PROJECT, apiEndpoint: emulator.endpoint });
  });

  afterAll(async () => {
    await client?.close();
    await runner?.close();
    await emulator?.close();
    records.remove();
  });

  it('creates the trigger topics and push subscriptions', async () => {
    const [topics] = await client.getTopics();
    expect(topics.map((topic) => topic.name).sort()).toEqual(
      ['flaky', 'fragile', 'ping', DEAD_LETTER_TOPIC].map((t) => `projects/${PROJECT}/topics/${t}`).sort(),
    );
    const [metadata] = await client.subscription(PubSubBridge.subscriptionName('onPing')).getMetadata();
    expect(metadata.pushConfig?.pushEndpoint).toBe(`${runner.url}/_/pubsub/onPing`);
  });

  it('delivers a message published with @google-cloud/pubsub to onMessagePublished', async () => {
    const messageId = await client.topic('ping').publishMessage({ json: { act: 'Headliner' }, attributes: { stage: 'main' } });
    const [seen] = await records.waitFor('onPing');
    expect(seen).toMatchObject({
      id: messageId,
      messageId,
      json: { act: 'Headliner' },
      attributes: { stage: 'main' },
      subscription: `projects/${PROJECT}/subscriptions/${PubSubBridge.subscriptionName('onPing')}`,
    });
  });

  it('retries a failing function with retry and dead-letters the message after the configured attempts', async () => {
    const [deadLetters] = await client.topic(DEAD_LETTER_TOPIC).createSubscription('dead-letter-reader');
    const deadLettered = new Promise<Message>((resolve) => deadLetters.once('message', resolve));
    const messageId = await client.topic('flaky').publishMessage({ json: { doomed: true } });

    const message = await deadLettered;
    message.ack();
    await deadLetters.close();
    expect(JSON.parse(message.data.toString())).toEqual({ doomed: true });
    expect((await records.waitFor('flaky', 5)).filter((r) => r.messageId === messageId)).toHaveLength(5);
    const attempts = invocations.filter((i) => i.eventId === messageId);
    expect(attempts.map((i) => [i.attempt, i.outcome])).toEqual([
      [1, 'retrying'],
      [2, 'retrying'],
      [3, 'retrying'],
      [4, 'retrying'],
      [5, 'gave-up'],
    ]);
  });

  it('acks a failing function without retry after one delivery', async () => {
    const messageId = await client.topic('fragile').publishMessage({ data: Buffer.from('x') });
    await records.waitFor('fragile');
    await expect.poll(() => invocations.filter((i) => i.eventId === messageId).map((i) => i.outcome)).toEqual(['dropped']);
  });

  it('re-points existing subscriptions at a new runner with its current retry settings', async () => {
    await runner.close();
    runner = await startRunner(7, () => {});
    const [flaky] = await client.subscription(PubSubBridge.subscriptionName('flaky')).getMetadata();
    expect(flaky.pushConfig?.pushEndpoint).toBe(`${runner.url}/_/pubsub/flaky`);
    expect(flaky.deadLetterPolicy?.maxDeliveryAttempts).toBe(7);
    const [ping] = await client.subscription(PubSubBridge.subscriptionName('onPing')).getMetadata();
    expect(ping.pushConfig?.pushEndpoint).toBe(`${runner.url}/_/pubsub/onPing`);
    expect(ping.deadLetterPolicy ?? null).toBeNull();
  });

  it(inProcess ? 'answered every push in process, none over HTTP' : 'answered every push over HTTP', async () => {
    // onPing once, flaky five times, fragile once: each attempt is reported once its answer is in.
    await expect.poll(() => pushAttempts.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(7);
    if (inProcess) await expect.poll(() => pushAttempts.length, { timeout: 20_000 }).toBe(localCalls.length);
    expect([...localCalls].sort()).toEqual(inProcess ? pushAttempts.map((attempt) => attempt.messageId).sort() : []);
  });
});
