/**
 * Pub/Sub emulator latency, through the real @google-cloud/pubsub client:
 *   - publish -> `subscription.on('message')` (StreamingPull), with the client's default
 *     publish batching (up to 10 ms) and with batching off;
 *   - publish -> push endpoint (a local HTTP server).
 * Messages go one at a time (publish, wait for arrival, next), so each sample is one
 * message's full trip. Run: npx tsx emulators/bench/pubsub.ts [messages]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { PubSub, type Message, type Topic } from '@google-cloud/pubsub';
import { startPubSubEmulator } from '../src/pubsub/index.js';

process.env.METADATA_SERVER_DETECTION = 'none';
const MESSAGES = Number(process.argv[2] ?? 300);
const WARMUP = 20;

function summarize(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  console.log(
    `${label.padEnd(44)} n=${sorted.length}  p50=${at(0.5).toFixed(2)} ms  p99=${at(0.99).toFixed(2)} ms  mean=${mean.toFixed(2)} ms  max=${sorted[sorted.length - 1]!.toFixed(2)} ms`,
  );
}

/** Publishes one message at a time and times each until `arrivals` reports it. */
async function measure(topic: Topic, arrivals: Map<string, (at: number) => void>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + MESSAGES; i++) {
    const key = `m${i}`;
    const arrived = new Promise<number>((resolve) => arrivals.set(key, resolve));
    const start = performance.now();
    await topic.publishMessage({ data: Buffer.from(key) });
    const end = await arrived;
    arrivals.delete(key);
    if (i >= WARMUP) samples.push(end - start);
  }
  return samples;
}

async function streamingPull(pubsub: PubSub, label: string, batching: boolean): Promise<void> {
  const [topic] = await pubsub.createTopic(`bench-stream-${batching ? 'batched' : 'unbatched'}`);
  if (!batching) topic.setPublishOptions({ batching: { maxMessages: 1 } });
  const [subscription] = await topic.createSubscription(`${topic.name.split('/').pop()}-sub`);
  const arrivals = new Map<string, (at: number) => void>();
  subscription.on('message', (message: Message) => {
    const at = performance.now();
    message.ack();
    arrivals.get(message.data.toString())?.(at);
  });
  summarize(label, await measure(topic, arrivals));
  await subscription.close();
}

async function push(pubsub: PubSub): Promise<void> {
  const arrivals = new Map<string, (at: number) => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(204).end();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: { data: string } };
      arrivals.get(Buffer.from(body.message.data, 'base64').toString())?.(at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const [topic] = await pubsub.createTopic('bench-push');
  topic.setPublishOptions({ batching: { maxMessages: 1 } });
  await topic.createSubscription('bench-push-sub', { pushConfig: { pushEndpoint: `http://127.0.0.1:${port}/push` } });
  summarize('publish -> push endpoint (batching off)', await measure(topic, arrivals));
  await new Promise((resolve) => server.close(resolve));
}

async function main(): Promise<void> {
  const started = performance.now();
  const emulator = await startPubSubEmulator({ port: 0 });
  console.log(`emulator ready in ${(performance.now() - started).toFixed(1)} ms at ${emulator.endpoint}`);
  const pubsub = new PubSub({ projectId: 'encore-bench', apiEndpoint: emulator.endpoint });
  try {
    await streamingPull(pubsub, 'publish -> streaming pull (default batching)', true);
    await streamingPull(pubsub, 'publish -> streaming pull (batching off)', false);
    await push(pubsub);
  } finally {
    await pubsub.close();
    await emulator.close();
  }
}

await main();
