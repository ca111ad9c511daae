/**
 * Push to an endpoint served in this process (`localPush`, how the stack's runner takes its
 * messages): the same topic feeds one subscription pushing over HTTP and one pushing to an
 * in-process handler, both answered by the same script of statuses, and both must see the
 * same bodies, acks, nacks, redeliveries and order.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PushAttempt } from '../../src/pubsub/index.js';
import { subscriptionName, uniqueId, usePubSubTestBed, waitFor } from './harness.js';

const bed = usePubSubTestBed();

interface Pushed {
  transport: 'http' | 'local';
  endpoint: string;
  body: { message: { data: string; messageId: string; attributes: Record<string, string>; orderingKey?: string }; subscription: string; deliveryAttempt?: number };
}

/** Nothing listens on port 1: a push to this prefix that went over HTTP would fail (status 0). */
const LOCAL_PREFIX = 'http://127.0.0.1:1/in-process/';
let server: Server;
let httpPrefix: string;
const pushed: Pushed[] = [];
/** Per transport and path: the statuses to answer with, in turn; 204 once they run out. In process, 0 is a handler that throws. */
const scripts = new Map<string, number[]>();
let unregister: () => void;

function answer(transport: Pushed['transport'], endpoint: string, path: string, body: unknown): number {
  pushed.push({ transport, endpoint, body: JSON.parse(JSON.stringify(body)) as Pushed['body'] });
  return scripts.get(`${transport}:${path}`)?.shift() ?? 204;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '').slice(1);
      response.writeHead(answer('http', httpPrefix + path, path, JSON.parse(Buffer.concat(chunks).toString('utf8')))).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  httpPrefix = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  unregister = bed.emulator.localPush.register(LOCAL_PREFIX, async (endpoint, body) => {
    const status = answer('local', endpoint, endpoint.slice(LOCAL_PREFIX.length), body);
    // In process, a failed endpoint is a handler that throws.
    if (status === 0) throw new Error('the endpoint failed');
    return status;
  });
});
afterAll(async () => {
  unregister();
  await new Promise((resolve) => server.close(resolve));
});

/** A topic with two push subscriptions to `path`, one over HTTP and one in process, both with the given settings. */
async function twoSubscriptions(path: string, settings: object, ordered = false) {
  const [topic] = await bed.pubsub.createTopic(uniqueId('local-topic'));
  if (ordered) topic.setPublishOptions({ messageOrdering: true });
  const http = uniqueId('over-http');
  const local = uniqueId('in-process');
  await topic.createSubscription(http, { ...settings, pushConfig: { pushEndpoint: httpPrefix + path } });
  await topic.createSubscription(local, { ...settings, pushConfig: { pushEndpoint: LOCAL_PREFIX + path } });
  const of = (transport: Pushed['transport']) => pushed.filter((push) => push.transport === transport && push.endpoint.endsWith(`/${path}`));
  return { topic, http: subscriptionName(http), local: subscriptionName(local), of };
}

const withoutSubscription = ({ body }: Pushed) => ({ ...body, subscription: undefined });
const retrying = {
  retryPolicy: { minimumBackoff: { seconds: 0, nanos: 50_000_000 }, maximumBackoff: { seconds: 1 } },
};

test('an in-process endpoint gets the body the HTTP endpoint gets, and a 2xx acks it', async () => {
  const path = uniqueId('body');
  const attempts: PushAttempt[] = [];
  const stop = bed.emulator.pushAttempts.subscribe((attempt) => attempts.push(attempt));
  const { topic, http, local, of } = await twoSubscriptions(path, {});
  const id = await topic.publishMessage({ data: Buffer.from('{"photo":"p1"}'), attributes: { kind: 'photo' } });
  await waitFor(() => attempts.filter((attempt) => attempt.messageId === id && attempt.acked).length === 2);
  stop();

  expect(of('local').map((push) => push.body.subscription)).toEqual([local]);
  expect(of('http').map((push) => push.body.subscription)).toEqual([http]);
  expect(of('local').map(withoutSubscription)).toEqual(of('http').map(withoutSubscription));
  expect(of('local')[0]!.body.message).toMatchObject({ messageId: id, attributes: { kind: 'photo' } });
  expect(attempts.filter((attempt) => attempt.messageId === id).map((attempt) => [attempt.subscription, attempt.status, attempt.acked]).sort()).toEqual(
    [
      [http, 204, true],
      [local, 204, true],
    ].sort(),
  );
});

test('failures nack and are redelivered with the same attempts in process as over HTTP', async () => {
  const path = uniqueId('flaky');
  scripts.set(`http:${path}`, [500, 503]);
  scripts.set(`local:${path}`, [500, 503]);
  const attempts: PushAttempt[] = [];
  const stop = bed.emulator.pushAttempts.subscribe((attempt) => attempts.push(attempt));
  const [deadLetterTopic] = await bed.pubsub.createTopic(uniqueId('local-dlq'));
  const { topic, http, local, of } = await twoSubscriptions(path, { ...retrying, deadLetterPolicy: { deadLetterTopic: deadLetterTopic.name, maxDeliveryAttempts: 10 } });
  const id = await topic.publishMessage({ data: Buffer.from('retry') });
  await waitFor(() => attempts.filter((attempt) => attempt.messageId === id && attempt.acked).length === 2);
  stop();

  const outcomes = (subscription: string) => attempts.filter((attempt) => attempt.subscription === subscription).map((attempt) => [attempt.deliveryAttempt, attempt.status, attempt.acked]);
  const expected = [
    [1, 500, false],
    [2, 503, false],
    [3, 204, true],
  ];
  expect(outcomes(http)).toEqual(expected);
  expect(outcomes(local)).toEqual(expected);
  expect(of('local').map((push) => push.body.deliveryAttempt)).toEqual([1, 2, 3]);
  expect(of('local').map(withoutSubscription)).toEqual(of('http').map(withoutSubscription));
});

test('a handler that throws nacks, as an unreachable endpoint does (status 0), and the message comes again', async () => {
  const path = uniqueId('throws');
  scripts.set(`local:${path}`, [0]);
  const attempts: PushAttempt[] = [];
  const stop = bed.emulator.pushAttempts.subscribe((attempt) => attempts.push(attempt));
  const [topic] = await bed.pubsub.createTopic(uniqueId('throws-topic'));
  const local = uniqueId('throws-sub');
  await topic.createSubscription(local, { ...retrying, pushConfig: { pushEndpoint: LOCAL_PREFIX + path } });
  const id = await topic.publishMessage({ data: Buffer.from('x') });
  await waitFor(() => attempts.some((attempt) => attempt.messageId === id && attempt.acked));
  stop();
  expect(attempts.filter((attempt) => attempt.messageId === id).map((attempt) => [attempt.status, attempt.acked])).toEqual([
    [0, false],
    [204, true],
  ]);
});

test('ordered push goes one message per key at a time, in order across a failure, in process as over HTTP', async () => {
  const path = uniqueId('ordered');
  scripts.set(`http:${path}`, [204, 500]);
  scripts.set(`local:${path}`, [204, 500]);
  const { topic, of } = await twoSubscriptions(path, { ...retrying, enableMessageOrdering: true }, true);
  for (let i = 0; i < 5; i++) await topic.publishMessage({ data: Buffer.from(String(i)), orderingKey: 'lineup' });
  await waitFor(() => of('http').length === 6 && of('local').length === 6);

  const sequence = (transport: Pushed['transport']) => of(transport).map((push) => Buffer.from(push.body.message.data, 'base64').toString());
  // The second push fails, so "1" goes again before anything after it.
  expect(sequence('local')).toEqual(['0', '1', '1', '2', '3', '4']);
  expect(sequence('http')).toEqual(sequence('local'));
  expect(of('local').every((push) => push.body.message.orderingKey === 'lineup')).toBe(true);
});

test('an endpoint nobody registered in process is still POSTed over HTTP', async () => {
  const path = uniqueId('outside');
  const [topic] = await bed.pubsub.createTopic(uniqueId('outside-topic'));
  await topic.createSubscription(uniqueId('outside-sub'), { pushConfig: { pushEndpoint: httpPrefix + path } });
  const id = await topic.publishMessage({ data: Buffer.from('x') });
  await waitFor(() => pushed.some((push) => push.body.message.messageId === id));
  expect(pushed.filter((push) => push.body.message.messageId === id).map((push) => push.transport)).toEqual(['http']);
});
