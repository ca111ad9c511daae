/**
 * What durability costs and how fast it recovers, through firebase-admin over gRPC:
 *
 *   npx tsx emulators/bench/durability.ts
 *
 * - Firestore write latency (admin `set`) with a data folder (journal appended before each
 *   reply, fsync batched) against the same emulator in memory, measured in alternating
 *   rounds so both see the same machine; the ratio's target is <= 1.3x.
 * - Start-up on a data folder left by a crash (snapshot-free: 10,000 journaled writes to
 *   replay) and on the same state compacted into a snapshot by a clean close.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { initializeFirestore, type Firestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../src/firestore/index.js';

const ROUNDS = 6;
const WRITES_PER_ROUND = 150;
const RECOVERY_WRITES = 10_000;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function report(figure: string, value: string, target = ''): void {
  console.log(`${figure.padEnd(52)} ${value.padStart(20)}${target ? `   (target ${target})` : ''}`);
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

function client(emulator: FirestoreEmulator, name: string): { db: Firestore; close(): Promise<void> } {
  const app = initializeApp({ projectId: 'demo-bench' }, name);
  const db = initializeFirestore(app);
  db.settings({ host: `127.0.0.1:${emulator.port}`, ssl: false });
  return {
    db,
    async close() {
      await db.terminate();
      await deleteApp(app);
    },
  };
}

async function timedWrites(db: Firestore, count: number, offset: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await db.doc(`favourites/f${(offset + i) % 500}`).set({ n: offset + i, performanceId: 'p-42', by: 'visitor', at: new Date() });
    samples.push(performance.now() - t);
  }
  return samples;
}

async function writeLatency(folder: string): Promise<void> {
  const memory = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench' });
  const durable = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench', dataDir: join(folder, 'latency') });
  const off = client(memory, 'bench-memory');
  const on = client(durable, 'bench-durable');
  try {
    await timedWrites(off.db, 50, 0); // connections and JIT warm-up
    await timedWrites(on.db, 50, 0);
    const samples = { off: [] as number[], on: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      samples.off.push(...(await timedWrites(off.db, WRITES_PER_ROUND, round * WRITES_PER_ROUND)));
      samples.on.push(...(await timedWrites(on.db, WRITES_PER_ROUND, round * WRITES_PER_ROUND)));
    }
    const p50 = { off: percentile(samples.off, 50), on: percentile(samples.on, 50) };
    const p99 = { off: percentile(samples.off, 99), on: percentile(samples.on, 99) };
    report('Firestore write p50 in memory / with data folder', `${ms(p50.off)} / ${ms(p50.on)}`);
    report('Firestore write p99 in memory / with data folder', `${ms(p99.off)} / ${ms(p99.on)}`);
    report('durability cost on write p50 (with / without)', `${(p50.on / p50.off).toFixed(2)}x`, '<= 1.3x');
    report('durability cost on write p99 (with / without)', `${(p99.on / p99.off).toFixed(2)}x`);
  } finally {
    await off.close();
    await on.close();
    await memory.close();
    await durable.close();
  }
}

async function recovery(folder: string): Promise<void> {
  const written = join(folder, 'written');
  const emulator = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench', dataDir: written, journal: { compactAfterBytes: Number.MAX_SAFE_INTEGER } });
  const { db, close } = client(emulator, 'bench-recovery');
  for (let start = 0; start < RECOVERY_WRITES; start += 100) {
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => db.doc(`festivals/f/favourites/u${start + i}`).set({ uid: `u${start + i}`, performanceId: `p${(start + i) % 200}`, createdAt: new Date() })),
    );
  }
  await close();
  // The folder as a crash would leave it: every write in the journal, no snapshot. (The
  // emulator stays open meanwhile: closing it would compact.)
  const crashed = join(folder, 'crashed');
  await cp(written, crashed, { recursive: true });
  await emulator.close();

  let started = performance.now();
  const fromJournal = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench', dataDir: crashed });
  report(`start-up replaying a journal of ${RECOVERY_WRITES} writes`, ms(performance.now() - started));
  started = performance.now();
  await fromJournal.close();
  report('clean close (compaction into a snapshot)', ms(performance.now() - started));
  started = performance.now();
  const fromSnapshot = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench', dataDir: crashed });
  report(`start-up from a snapshot of ${RECOVERY_WRITES} documents`, ms(performance.now() - started));
  await fromSnapshot.close();
  started = performance.now();
  const inMemory = await startFirestoreEmulator({ port: 0, projectId: 'demo-bench' });
  report('start-up in memory (no data folder)', ms(performance.now() - started));
  await inMemory.close();
}

const folder = await mkdtemp(join(tmpdir(), 'encore-bench-durability-'));
try {
  await writeLatency(folder);
  await recovery(folder);
} finally {
  await rm(folder, { recursive: true, force: true });
}
