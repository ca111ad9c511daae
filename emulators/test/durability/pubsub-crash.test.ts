/**
 * Pub/Sub with a data folder survives `kill -9`: a stack runs in a child process; messages
 * are published through @google-cloud/pubsub to a topic with a pull subscription, a filtered
 * one and a push subscription whose endpoint refuses everything; some pulled messages are
 * acked, some pulled and left unacked; then the child's process group is killed. The stack
 * restarted on the same folder has the topic and subscriptions (filter and push config
 * included) and delivers every message that was not acked, exactly those, and pushes the
 * push subscription's messages once its endpoint accepts them.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import { PubSub, v1 } from '@google-cloud/pubsub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildStack, type ChildStack } from './child-stack.js';

const PROJECT = 'demo-pubsub-crash';
const PUBLISHED = 30;
const ACKED = 10;
const LEASED = 5;

// No credentials exist here: keep google-auth-library from probing the GCE metadata server.
process.env.METADATA_SERVER_DETECTION = 'none';

let dataDir: string;
let endpoint: Server;
/** Whether the push endpoint accepts (204) or refuses (500) what it is sent. */
let accepting = false;
const pushed = new Set<string>();
let onPush = () => {};
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'encore-pubsub-crash-'));
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (!accepting) return void res.writeHead(500).end();
      const { message } = JSON.parse(body) as { message: { attributes: Record<string, string> } };
      pushed.add(message.attributes.n!);
      res.writeHead(204).end();
      onPush();
    });
  });
  endpoint.listen(0, '127.0.0.1');
  await new Promise((resolve) => endpoint.once('listening', resolve));
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

function clients(child: ChildStack) {
  const pubsub = new PubSub({ projectId: PROJECT, apiEndpoint: child.hosts.pubsub });
  const [host, port] = child.hosts.pubsub.split(':');
  const subscriber = new v1.SubscriberClient({ servicePath: host, port: Number(port), sslCreds: credentials.createInsecure(), projectId: PROJECT });
  cleanups.push(() => pubsub.close(), () => subscriber.close());
  return { pubsub, subscriber };
}

const subscription = (id: string) => `projects/${PROJECT}/subscriptions/${id}`;

/** Pulls until `count` messages arrived, then once more to be sure nothing else is there. */
async function pullAll(subscriber: v1.SubscriberClient, id: string, count: number): Promise<string[]> {
  const seen: string[] = [];
  while (seen.length < count) {
    const [response] = await subscriber.pull({ subscription: subscription(id), maxMessages: 100 });
    for (const received of response.receivedMessages ?? []) seen.push(received.message!.attributes!.n!);
  }
  const [rest] = await subscriber.pull({ subscription: subscription(id), maxMessages: 100, returnImmediately: true });
  for (const received of rest.receivedMessages ?? []) seen.push(received.message!.attributes!.n!);
  return seen.sort((a, b) => Number(a) - Number(b));
}

describe('Pub/Sub across kill -9 of the stack', () => {
  it('keeps topics, subscriptions and every message not acked, and delivers exactly those after the restart', async () => {
    const first = await startChildStack({ dataDir, projectId: PROJECT });
    cleanups.push(() => first.kill());
    const before = clients(first);
    const [topic] = await before.pubsub.createTopic('photos');
    await topic.createSubscription('pull-all', { ackDeadlineSeconds: 600 });
    await topic.createSubscription('odd-only', { filter: 'attributes.odd = "yes"' });
    const pushEndpoint = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/push`;
    await topic.createSubscription('pushed', { pushConfig: { pushEndpoint }, retryPolicy: { minimumBackoff: { seconds: 0, nanos: 100_000_000 }, maximumBackoff: { seconds: 0, nanos: 200_000_000 } } });

    const publisher = before.pubsub.topic('photos', { batching: { maxMessages: 7 } });
    await Promise.all(Array.from({ length: PUBLISHED }, (_, n) => publisher.publishMessage({ data: Buffer.from(`photo ${n}`), attributes: { n: String(n), odd: n % 2 === 1 ? 'yes' : 'no' } })));

    // ACKED messages are acked, LEASED more pulled and held (their lease outlives the kill).
    const [acked] = await before.subscriber.pull({ subscription: subscription('pull-all'), maxMessages: ACKED });
    expect(acked.receivedMessages).toHaveLength(ACKED);
    await before.subscriber.acknowledge({ subscription: subscription('pull-all'), ackIds: acked.receivedMessages!.map((received) => received.ackId!) });
    const ackedNumbers = new Set(acked.receivedMessages!.map((received) => received.message!.attributes!.n!));
    const [leased] = await before.subscriber.pull({ subscription: subscription('pull-all'), maxMessages: LEASED });
    expect(leased.receivedMessages).toHaveLength(LEASED);
    await first.kill();

    accepting = true;
    const everyPush = new Promise<void>((resolve) => (onPush = () => pushed.size === PUBLISHED && resolve()));
    const second = await startChildStack({ dataDir, projectId: PROJECT });
    cleanups.push(() => second.kill());
    const after = clients(second);
    expect((await after.pubsub.getTopics())[0].map((t) => t.name)).toEqual([`projects/${PROJECT}/topics/photos`]);
    const [metadata] = await after.pubsub.subscription('odd-only').getMetadata();
    expect(metadata.filter).toBe('attributes.odd = "yes"');

    const all = Array.from({ length: PUBLISHED }, (_, n) => String(n));
    expect(await pullAll(after.subscriber, 'pull-all', PUBLISHED - ACKED)).toEqual(all.filter((n) => !ackedNumbers.has(n)));
    expect(await pullAll(after.subscriber, 'odd-only', PUBLISHED / 2)).toEqual(all.filter((n) => Number(n) % 2 === 1));
    await everyPush;
    expect([...pushed].sort((a, b) => Number(a) - Number(b))).toEqual(all);
  }, 120_000);
});
