/**
 * Firestore emulator benchmark, through the real firebase-admin SDK over gRPC:
 *   npx tsx emulators/bench/firestore.ts     (add --expose-gc for an exact heap figure)
 * Prints one line per figure with its target. The SDK runs in the same process as the
 * emulator, so memory figures include both (the emulator's own share is the heap delta).
 */
import * as grpc from '@grpc/grpc-js';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { initializeFirestore } from 'firebase-admin/firestore';

const WRITES = 500;
const READS = 500;
const PROPAGATIONS = 200;
const QUERY_DOCS = 10_000;
const QUERY_RUNS = 20;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(figure: string, value: string, target = ''): void {
  console.log(`${figure.padEnd(42)} ${value.padStart(12)}${target ? `   (target ${target})` : ''}`);
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** The same commit and read with a bare grpc-js client: the emulator's own share of the latency. */
async function rawGrpcLatencies(port: number): Promise<{ commit: number[]; batchGet: number[] }> {
  const { codecFor } = await import('../src/firestore/transport/proto-codec.js');
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const database = 'projects/demo-bench/databases/(default)';
  const name = `${database}/documents/bench/raw`;
  const commit = { request: codecFor('google.firestore.v1.CommitRequest'), response: codecFor('google.firestore.v1.CommitResponse') };
  const batchGet = { request: codecFor('google.firestore.v1.BatchGetDocumentsRequest'), response: codecFor('google.firestore.v1.BatchGetDocumentsResponse') };
  const metadata = () => {
    const m = new grpc.Metadata();
    m.set('authorization', 'Bearer owner');
    return m;
  };
  const runCommit = () =>
    new Promise<void>((resolve, reject) =>
      client.makeUnaryRequest('/google.firestore.v1.Firestore/Commit', commit.request.encode, commit.response.decode, { database, writes: [{ update: { name, fields: { n: { integerValue: '1' } } } }] }, metadata(), (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  const runBatchGet = () =>
    new Promise<void>((resolve, reject) => {
      const call = client.makeServerStreamRequest('/google.firestore.v1.Firestore/BatchGetDocuments', batchGet.request.encode, batchGet.response.decode, { database, documents: [name] }, metadata());
      call.on('data', () => {});
      call.on('error', reject);
      call.on('end', resolve);
    });
  const time = async (run: () => Promise<void>) => {
    const samples: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const t = performance.now();
      await run();
      samples.push(performance.now() - t);
    }
    return samples;
  };
  try {
    for (let i = 0; i < 20; i++) await runCommit();
    return { commit: await time(runCommit), batchGet: await time(runBatchGet) };
  } finally {
    client.close();
  }
}
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const heapBefore = process.memoryUsage().heapUsed;
  const importedAt = performance.now();
  const { startFirestoreEmulator } = await import('../src/firestore/index.js');
  const startedAt = performance.now();
  const emulator = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench' });
  const readyAt = performance.now();
  report('start to ready', ms(readyAt - startedAt), '< 1000 ms');
  report('module load + start to ready', ms(readyAt - importedAt), '< 1000 ms');

  const app = initializeApp({ projectId: 'demo-bench' }, 'bench');
  const db = initializeFirestore(app);
  db.settings({ host: `127.0.0.1:${emulator.port}`, ssl: false });
  try {
    const doc = db.doc('bench/doc');
    for (let i = 0; i < 20; i++) await doc.set({ warm: i }); // connection and JIT warm-up

    const writes: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const t = performance.now();
      await doc.set({ n: i, name: 'Encore', tags: ['a', 'b'] });
      writes.push(performance.now() - t);
    }
    report('write latency p50 (admin set, gRPC)', ms(percentile(writes, 50)), '< 2 ms');
    report('write latency p99', ms(percentile(writes, 99)));

    const reads: number[] = [];
    for (let i = 0; i < READS; i++) {
      const t = performance.now();
      await doc.get();
      reads.push(performance.now() - t);
    }
    report('read latency p50 (admin get, gRPC)', ms(percentile(reads, 50)));
    report('read latency p99', ms(percentile(reads, 99)));

    const raw = await rawGrpcLatencies(emulator.port);
    report('raw gRPC commit p50 / p99 (no SDK)', `${ms(percentile(raw.commit, 50))} / ${ms(percentile(raw.commit, 99))}`);
    report('raw gRPC batchGet p50 / p99 (no SDK)', `${ms(percentile(raw.batchGet, 50))} / ${ms(percentile(raw.batchGet, 99))}`);

    const propagation: number[] = [];
    const watched = db.doc('bench/watched');
    await watched.set({ n: -1 });
    let waiting: { n: number; resolve: () => void } | undefined;
    const unsubscribe = watched.onSnapshot((snapshot) => {
      if (waiting && snapshot.get('n') === waiting.n) waiting.resolve();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < PROPAGATIONS; i++) {
      const seen = new Promise<void>((resolve) => (waiting = { n: i, resolve }));
      const t = performance.now();
      await watched.set({ n: i });
      await seen;
      propagation.push(performance.now() - t);
    }
    unsubscribe();
    report('listener propagation p50 (write to snapshot)', ms(percentile(propagation, 50)), '< 10 ms');
    report('listener propagation p99', ms(percentile(propagation, 99)));

    const loadStart = performance.now();
    for (let start = 0; start < QUERY_DOCS; start += 500) {
      const batch = db.batch();
      for (let i = start; i < Math.min(start + 500, QUERY_DOCS); i++) {
        batch.set(db.doc(`acts/a${String(i).padStart(5, '0')}`), { i, stage: `s${i % 10}`, rating: i % 100, tags: [`t${i % 7}`] });
      }
      await batch.commit();
    }
    report(`load ${QUERY_DOCS} documents (batches of 500)`, ms(performance.now() - loadStart));

    const timeQuery = async (label: string, run: () => Promise<number>) => {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < QUERY_RUNS; i++) {
        const t = performance.now();
        size = await run();
        times.push(performance.now() - t);
      }
      report(`query on ${QUERY_DOCS}: ${label} (${size} docs) p50`, ms(percentile(times, 50)));
    };
    const acts = db.collection('acts');
    await timeQuery('where ==', async () => (await acts.where('stage', '==', 's3').get()).size);
    await timeQuery('range + orderBy + limit 50', async () => (await acts.where('rating', '>=', 50).orderBy('rating', 'desc').limit(50).get()).size);
    await timeQuery('array-contains', async () => (await acts.where('tags', 'array-contains', 't2').limit(100).get()).size);
    await timeQuery('count()', async () => (await acts.count().get()).data().count);

    global.gc?.();
    const memory = process.memoryUsage();
    report('memory: rss (emulator + SDK process)', mib(memory.rss));
    const gcNote = global.gc ? 'after gc' : 'no --expose-gc: includes garbage';
    report(`memory: heap growth with ${QUERY_DOCS} docs (${gcNote})`, mib(memory.heapUsed - heapBefore));
  } finally {
    await db.terminate();
    await deleteApp(app);
    await emulator.close();
  }
}

await main();
