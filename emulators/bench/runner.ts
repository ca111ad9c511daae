/**
 * Publish-to-handler latency through the functions runner: @google-cloud/pubsub publishes
 * to our Pub/Sub emulator, which pushes to the runner (in process, as in the stack), which
 * invokes the fixture's `onPing` in the functions child (over its IPC channel). Latency is from just before `publishMessage` to the
 * handler's first line (both wall clocks with sub-millisecond precision, same machine).
 *
 *   npm run bench:runner -w emulators [-- --messages 400 --rate 50]
 */
import { PubSub } from '@google-cloud/pubsub';
import { startPubSubEmulator } from '../src/pubsub/index.js';
import { startFunctionsRunner } from '../src/runner/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from '../test/runner/fixture.js';

const messages = numberArg('--messages', 400);
const ratePerSecond = numberArg('--rate', 50);
const burst = numberArg('--burst', 1000);
const PROJECT = 'demo-bench';

const records = new RecordFile();
const pubsub = await startPubSubEmulator({ port: 0 });
const runner = await startFunctionsRunner({
  functionsModule: FIXTURE_MODULE,
  functionsDir: FIXTURE_DIR,
  projectId: PROJECT,
  port: 0,
  emulators: { pubsub: pubsub.endpoint },
  // Wired as startStack wires them: pushes to the runner are calls.
  localPush: pubsub.localPush,
  schedules: false,
  env: { FIXTURE_RECORD_FILE: records.path },
  log: () => {},
});
const client = new PubSub({ projectId: PROJECT, apiEndpoint: pubsub.endpoint });
// One message per Publish call: the client's 10 ms batching window would otherwise dominate.
const topic = client.topic('ping', { batching: { maxMessages: 1, maxMilliseconds: 0 } });

try {
  // Warm up the gRPC channel, the push connection and the handler.
  await topic.publishMessage({ json: { warmup: true } });
  await records.waitFor('onPing', 1);

  const sentAt = new Map<string, number>();
  for (let i = 0; i < messages; i++) {
    const started = performance.timeOrigin + performance.now();
    const id = await topic.publishMessage({ json: { i } });
    sentAt.set(id, started);
    await new Promise((resolve) => setTimeout(resolve, 1000 / ratePerSecond));
  }
  const seen = await records.waitFor('onPing', messages + 1, 60_000);
  const latencies = seen
    .filter((r) => sentAt.has(String(r.messageId)))
    .map((r) => Number(r.receivedAt) - sentAt.get(String(r.messageId))!)
    .sort((a, b) => a - b);

  // Throughput with the client's default batching, as application code publishes.
  const batchedTopic = client.topic('ping');
  const burstStarted = performance.now();
  await Promise.all(Array.from({ length: burst }, (_, i) => batchedTopic.publishMessage({ json: { burst: i } })));
  await records.waitFor('onPing', messages + 1 + burst, 120_000);
  const burstSeconds = (performance.now() - burstStarted) / 1000;

  console.log(
    JSON.stringify(
      {
        bench: 'runner: publish -> onMessagePublished handler',
        messages: latencies.length,
        ratePerSecond,
        p50Ms: round(percentile(latencies, 0.5)),
        p90Ms: round(percentile(latencies, 0.9)),
        p99Ms: round(percentile(latencies, 0.99)),
        maxMs: round(latencies.at(-1) ?? NaN),
        burst: { messages: burst, seconds: round(burstSeconds), perSecond: Math.round(burst / burstSeconds) },
      },
      null,
      2,
    ),
  );
} finally {
  await client.close();
  await runner.close();
  await pubsub.close();
  records.remove();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function numberArg(flag: string, fallback: number): number {
  const index = process.argv.indexOf(flag);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}
