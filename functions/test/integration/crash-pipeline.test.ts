/**
 * Nothing acknowledged is lost in the photo pipeline when the local stack crashes: the
 * backend runs with a data folder in a child process (crash-stack-child.ts); photos are
 * uploaded (each counted once Storage acknowledges it), the first few are let through the
 * whole pipeline, then more are uploaded and the child's process group is killed with
 * SIGKILL as soon as the last upload is acknowledged, while their storage triggers, Pub/Sub
 * messages and processing are in flight. A new child on the same folder, with no manual
 * step, ends every acknowledged upload `ready` (or `rejected` with a reason), and the photo
 * counts are exact: work finished and acked before the kill is not counted again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths, storagePaths } from '@encore/model';
import { gpsTaggedJpeg } from '../../src/testing/fixtures.js';
import { buildFunctions } from '../../scripts/build.js';
import { encoreOnly, FESTIVAL_ID, official, seedFestival, waitForDoc, waitForQuery } from './local-stack.js';

const PROJECT = 'demo-crash-pipeline';
const BUCKET = `${PROJECT}.appspot.com`;
const UID = 'crash-uploader';
const PERFORMANCE = 'kae-tent';
/** Let through the whole pipeline before the kill (their Pub/Sub messages are acked). */
const SETTLED_BEFORE = 3;
/** Uploaded after those; the kill follows the last acknowledgement at once. */
const IN_FLIGHT = 8;

const FUNCTIONS_DIR = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./crash-stack-child.ts', import.meta.url));

interface Child {
  hosts: { firestore: string; storage: string };
  /** Resolves once the runner reported `count` successful calls of `fn` (its stdout lines). */
  calls(fn: string, count: number): Promise<void>;
  kill(): Promise<void>;
}

let dataDir: string;
let buildDir: string;
let functionsModule: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'encore-crash-pipeline-'));
  buildDir = join(FUNCTIONS_DIR, 'node_modules/.cache/encore-integration', `crash-${process.pid}`);
  mkdirSync(buildDir, { recursive: true });
  functionsModule = join(buildDir, 'index.js');
  await buildFunctions(functionsModule);
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

async function startChild(options: { schedules?: boolean } = {}): Promise<Child> {
  const config = { projectId: PROJECT, functionsModule, functionsDir: FUNCTIONS_DIR, dataDir, indexesPath: join(FUNCTIONS_DIR, '..', 'firestore.indexes.json'), ...options };
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(config)], {
    detached: true,
    cwd: FUNCTIONS_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: '', STORAGE_EMULATOR_HOST: '', FIREBASE_STORAGE_EMULATOR_HOST: '', PUBSUB_EMULATOR_HOST: '' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  const okCalls = new Map<string, number>();
  const waiters = new Set<() => void>();
  let partial = '';
  const ready = new Promise<Child['hosts']>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('{"ready"')) resolve((JSON.parse(line) as { ready: Child['hosts'] }).ready);
        const call = invocationOf(line);
        if (call?.outcome === 'ok') okCalls.set(call.function, (okCalls.get(call.function) ?? 0) + 1);
      }
      for (const wake of [...waiters]) wake();
    });
    child.once('exit', (code) => reject(new Error(`The stack child exited (${code}) before it was ready:\n${stderr}`)));
  });
  cleanups.push(() => killGroup(child, exited));
  const hosts = await ready;
  return {
    hosts,
    calls: (fn, count) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if ((okCalls.get(fn) ?? 0) < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        void exited.then(() => reject(new Error(`the child exited before ${fn} ran ${count} times:\n${stderr}`)));
        check();
      }),
    kill: () => killGroup(child, exited),
  };
}

function invocationOf(line: string): { function: string; outcome: string } | undefined {
  if (!line.includes('"component":"functions-runner"')) return undefined;
  try {
    return JSON.parse(line) as { function: string; outcome: string };
  } catch {
    return undefined;
  }
}

async function killGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  await exited;
}

/** firebase-admin on one child's Firestore and Storage. */
function adminOf(child: Child): { app: App; db: Firestore } {
  process.env.STORAGE_EMULATOR_HOST = `http://${child.hosts.storage}`;
  const app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, `crash-${randomUUID()}`);
  cleanups.push(() => deleteApp(app));
  const db = getFirestore(app);
  db.settings({ host: child.hosts.firestore, ssl: false });
  return { app, db };
}

async function upload(app: App, photoId: string, bytes: Buffer): Promise<void> {
  const path = storagePaths.upload({ uid: UID, festivalId: FESTIVAL_ID, photoId });
  await getStorage(app).bucket().file(path).save(bytes, { resumable: false, contentType: 'image/jpeg', metadata: { metadata: { performanceId: PERFORMANCE } } });
}

describe('the photo pipeline across kill -9 of the local stack', () => {
  it.skipIf(official)(encoreOnly('ends every acknowledged upload ready (or rejected with a reason) after a restart, with exact counts', 'a stack of its own in a child process, killed with kill -9'), async () => {
    const bytes = await gpsTaggedJpeg(1600, 1200);
    const first = await startChild();
    const before = adminOf(first);
    await seedFestival(before.db);

    const settled = Array.from({ length: SETTLED_BEFORE }, (_, i) => `settled${i}`);
    await Promise.all(settled.map((photoId) => upload(before.app, photoId, bytes)));
    // Their counting is done and its Pub/Sub messages acked before anything is killed.
    await first.calls('countPhoto', SETTLED_BEFORE * 2);

    const inFlight = Array.from({ length: IN_FLIGHT }, (_, i) => `inflight${i}`);
    await Promise.all(inFlight.map((photoId) => upload(before.app, photoId, bytes)));
    await first.kill();

    const second = await startChild();
    const { db } = adminOf(second);
    const outcomes = await Promise.all(
      [...settled, ...inFlight].map(async (photoId) => {
        const photo = await waitForDoc(db.doc(firestorePaths.photo(FESTIVAL_ID, photoId)), (data) => data !== undefined && data.status !== 'processing', 120_000);
        return { photoId, status: photo?.status as string, rejectReason: photo?.rejectReason as string | null };
      }),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.rejectReason, outcome.photoId).not.toBeNull();
      else expect(outcome, outcome.photoId).toMatchObject({ status: 'ready' });
    }
    const ready = outcomes.filter((outcome) => outcome.status === 'ready').length;
    expect(ready).toBeGreaterThanOrEqual(SETTLED_BEFORE);

    // Counted once each: a photo counted before the kill is not counted again by a redelivery.
    const totals = await waitForDoc(db.doc(firestorePaths.stats(FESTIVAL_ID, 'totals')), (data) => data?.photos === ready, 60_000);
    expect(totals?.photos).toBe(ready);
    const readyPhotos = await db.collection(firestorePaths.photos(FESTIVAL_ID)).where('status', '==', 'ready').count().get();
    expect(readyPhotos.data().count).toBe(ready);
  }, 300_000);
});

describe('live favourite counts across kill -9 of the local stack', () => {
  it.skipIf(official)(encoreOnly('end exact after a restart: 2,000 favourites, the stack killed while their counting is under way', 'a stack of its own in a child process, killed with kill -9'), async () => {
    const first = await startChild();
    const before = adminOf(first);
    await seedFestival(before.db);
    const write = async (from: number, to: number) => {
      for (let i = from; i < to; i += 100) {
        const batch = before.db.batch();
        for (let j = i; j < Math.min(to, i + 100); j++) batch.set(before.db.doc(firestorePaths.favorite(`crash-fan-${j}`, 'nina-main')), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
        await batch.commit();
      }
    };
    await write(0, 1_000);
    // Some are acked (marked, awaiting their window's publication) before the kill; the rest not yet delivered.
    await first.calls('countFavorite', 100);
    await write(1_000, 2_000);
    await first.kill();

    const second = await startChild();
    const { db } = adminOf(second);
    // Every acknowledged favourite counted once: redelivered events recount, they never add.
    const live = await waitForDoc(db.doc(firestorePaths.liveSets(FESTIVAL_ID)), (data) => data?.favorites?.['nina-main'] === 2_000, 180_000);
    expect(live?.favorites['nina-main']).toBe(2_000);
  }, 420_000);
});

describe('acknowledged favourites across kill -9 before their publication', () => {
  const FANS = 300;
  const WINDOW_MS = 30_000;

  it.skipIf(official)(
    encoreOnly('are published exactly after a restart: acknowledged at once with their marks stored, the stack killed before the window ends', 'a stack of its own in a child process, killed with kill -9'),
    async () => {
      const first = await startChild();
      const before = adminOf(first);
      await seedFestival(before.db);
      const liveRef = () => before.db.doc(firestorePaths.liveSets(FESTIVAL_ID));
      // Start at the beginning of a publication window (the production cadence, 30 s). The first
      // favourite after a quiet period is published at once (the leading edge), so one goes first;
      // the next ride on the publication at the end of the window after this one, and every one
      // of them is acknowledged and the stack killed before it runs.
      // The publisher keeps publications an interval apart (by live/sets' publishedAt), and the
      // test above published just now: a leading publication would wait for that, so first let
      // an interval pass since it.
      const publishedAt = ((await liveRef().get()).get('publishedAt') as Timestamp | undefined)?.toMillis() ?? 0;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishedAt + WINDOW_MS + 500 - Date.now())));
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS - (Date.now() % WINDOW_MS) + 200));
      const window = Math.floor(Date.now() / WINDOW_MS);
      // (The stack's data folder keeps the test above's favourites of that set.)
      const earlier = ((await liveRef().get()).data()?.favorites?.['nina-main'] as number | undefined) ?? 0;
      await before.db.doc(firestorePaths.favorite('first-fan', 'nina-main')).set({ festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
      await waitForDoc(liveRef(), (data) => data?.favorites?.['nina-main'] === earlier + 1, 10_000);
      for (let i = 0; i < FANS; i += 100) {
        const batch = before.db.batch();
        for (let j = i; j < Math.min(FANS, i + 100); j++) batch.set(before.db.doc(firestorePaths.favorite(`acked-fan-${j}`, 'kae-tent')), { festivalId: FESTIVAL_ID, performanceId: 'kae-tent', createdAt: new Date() });
        await batch.commit();
      }
      // Every favourite's message acknowledged (countFavorite answered ok: Pub/Sub will not send it again)...
      await first.calls('countFavorite', FANS + 1);
      const marks = await before.db.collection(firestorePaths.liveMarks(FESTIVAL_ID)).get();
      const published = (await liveRef().get()).data();
      expect(Math.floor(Date.now() / WINDOW_MS), 'acknowledged within the window (the machine was too slow to test this)').toBe(window);
      // ...with nothing published yet, and their sets stored as marks (a few: one per burst, not per favourite).
      expect(published?.favorites?.['kae-tent']).toBeUndefined();
      expect(marks.size).toBeGreaterThan(0);
      expect(marks.size).toBeLessThan(FANS);
      await first.kill();

      // The new stack has no task from the old one (the local runner keeps them in memory): the
      // minute's sweep finds the marks and asks for a publication, which counts every favourite.
      const second = await startChild({ schedules: true });
      const { db } = adminOf(second);
      const live = await waitForDoc(db.doc(firestorePaths.liveSets(FESTIVAL_ID)), (data) => data?.favorites?.['kae-tent'] === FANS, 180_000);
      expect(live?.favorites['kae-tent']).toBe(FANS);
      // Pub/Sub may deliver an acknowledged message again (at least once): a redelivery marks its set
      // again, and a later publication recounts it (the same count) and deletes that mark. So every
      // mark is consumed in the end, and the count stays exact.
      await waitForQuery(db.collection(firestorePaths.liveMarks(FESTIVAL_ID)), (marksLeft) => marksLeft.size === 0, 'every mark consumed by a publication', 120_000);
      expect((await db.doc(firestorePaths.liveSets(FESTIVAL_ID)).get()).get('favorites')?.['kae-tent']).toBe(FANS);
    },
    420_000,
  );
});
