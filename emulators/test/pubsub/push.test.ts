import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PushAttempt } from '../../src/pubsub/index.js';
import { subscriptionName, uniqueId, waitFor, usePubSubTestBed } from './harness.js';

const bed = usePubSubTestBed();

interface PushRequest {
  path: string;
  contentType: string | undefined;
  body: {
    message: {
      data: string;
      attributes: Record<string, string>;
      messageId: string;
      message_id: string;
      publishTime: string;
      publish_time: string;
      orderingKey?: string;
    };
    subscription: string;
    deliveryAttempt?: number;
  };
}

let endpoint: Server;
let baseUrl: string;
const requests: PushRequest[] = [];
/** Per path: the statuses to answer with, in turn; 204 once they run out. */
const scripts = new Map<string, number[]>();

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    void readJson(request).then((body) => {
      const path = request.url ?? '';
      requests.push({ path, contentType: request.headers['content-type'], body: body as PushRequest['body'] });
      response.writeHead(scripts.get(path)?.shift() ?? 204).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
});

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function requestsTo(path: string): PushRequest[] {
  return requests.filter((request) => request.path === path);
}

test('push delivers the standard JSON body and a 2xx acks it', async () => {
  const path = `/${uniqueId('push')}`;
  const [topic] = await bed.pubsub.createTopic(uniqueId('push-topic'));
  const subscriptionId = uniqueId('push-sub');
  await topic.createSubscription(subscriptionId, { pushConfig: { pushEndpoint: baseUrl + path } });
  const id = await topic.publishMessage({ data: Buffer.from('{"photo":"p1"}'), attributes: { kind: 'photo' } });
  await waitFor(() => requestsTo(path).length === 1);

  const [request] = requestsTo(path);
  expect(request!.contentType).toBe('application/json');
  const { message, subscription, deliveryAttempt } = request!.body;
  expect(subscription).toBe(subscriptionName(subscriptionId));
  expect(Buffer.from(message.data, 'base64').toString()).toBe('{"photo":"p1"}');
  expect(message.attributes).toEqual({ kind: 'photo' });
  expect(message.messageId).toBe(id);
  expect(message.message_id).toBe(id);
  expect(message.publish_time).toBe(message.publishTime);
  expect(new Date(message.publishTime).toISOString()).toBe(message.publishTime);
  expect(message).not.toHaveProperty('orderingKey');
  expect(deliveryAttempt).toBeUndefined();
});

test('a 500 is retried with backoff until the endpoint accepts', async () => {
  const path = `/${uniqueId('flaky')}`;
  scripts.set(path, [500, 503]);
  const attempts: PushAttempt[] = [];
  const unsubscribe = bed.emulator.pushAttempts.subscribe((attempt) => attempts.push(attempt));
  const [topic] = await bed.pubsub.createTopic(uniqueId('flaky-topic'));
  const [deadLetterTopic] = await bed.pubsub.createTopic(uniqueId('flaky-dlq'));
  await topic.createSubscription(uniqueId('flaky-sub'), {
    pushConfig: { pushEndpoint: baseUrl + path },
    retryPolicy: { minimumBackoff: { seconds: 0, nanos: 100_000_000 }, maximumBackoff: { seconds: 1 } },
    deadLetterPolicy: { deadLetterTopic: deadLetterTopic.name, maxDeliveryAttempts: 10 },
  });
  const id = await topic.publishMessage({ data: Buffer.from('retry') });
  await waitFor(() => attempts.some((attempt) => attempt.acked && attempt.messageId === id));
  unsubscribe();

  const bodies = requestsTo(path).map((request) => request.body);
  expect(bodies.map((body) => body.message.messageId)).toEqual([id, id, id]);
  expect(bodies.map((body) => body.deliveryAttempt)).toEqual([1, 2, 3]);
  expect(attempts.filter((attempt) => attempt.messageId === id).map((attempt) => [attempt.status, attempt.acked])).toEqual([
    [500, false],
    [503, false],
    [204, true],
  ]);
});

test('an unreachable endpoint is retried, not crashed on', async () => {
  const attempts: PushAttempt[] = [];
  const unsubscribe = bed.emulator.pushAttempts.subscribe((attempt) => attempts.push(attempt));
  const [topic] = await bed.pubsub.createTopic(uniqueId('down-topic'));
  const [subscription] = await topic.createSubscription(uniqueId('down-sub'), {
    pushConfig: { pushEndpoint: 'http://127.0.0.1:1/nothing-listens' },
  });
  const id = await topic.publishMessage({ data: Buffer.from('x') });
  await waitFor(() => attempts.filter((attempt) => attempt.messageId === id).length >= 2);
  unsubscribe();
  await subscription.delete();
  expect(attempts.every((attempt) => attempt.status === 0 && !attempt.acked)).toBe(true);
});

test('ordered push sends one message per key at a time, in order, across a failure', async () => {
  const path = `/${uniqueId('ordered')}`;
  scripts.set(path, [204, 500]);
  const [topic] = await bed.pubsub.createTopic(uniqueId('ordered-topic'));
  topic.setPublishOptions({ messageOrdering: true });
  await topic.createSubscription(uniqueId('ordered-sub'), {
    enableMessageOrdering: true,
    pushConfig: { pushEndpoint: baseUrl + path },
    retryPolicy: { minimumBackoff: { seconds: 0, nanos: 50_000_000 }, maximumBackoff: { seconds: 1 } },
  });
  for (let i = 0; i < 5; i++) await topic.publishMessage({ data: Buffer.from(String(i)), orderingKey: 'lineup' });
  await waitFor(() => requestsTo(path).length === 6);

  const sequence = requestsTo(path).map((request) => Buffer.from(request.body.message.data, 'base64').toString());
  // The second push fails, so "1" goes again before anything after it.
  expect(sequence).toEqual(['0', '1', '1', '2', '3', '4']);
  expect(requestsTo(path).every((request) => request.body.message.orderingKey === 'lineup')).toBe(true);
});
