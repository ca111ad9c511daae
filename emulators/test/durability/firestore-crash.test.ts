/**
 * Firestore with a data folder survives `kill -9`: a stack runs in a child process, a burst
 * of writes through firebase-admin (sets, batches, transactions) and the web SDK in Node
 * counts every acknowledgement, the child's process group is killed mid-burst, and a new
 * stack on the same folder has every acknowledged write, each batch and transaction whole,
 * the admin endpoints' clear and rules, and a clock past every time handed out before. A
 * torn journal tail is then reported in one line and skipped at start.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from 'firebase-admin/app';
import { FieldValue, initializeFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getFirestore, setDoc, setLogLevel, terminate, type Firestore as WebFirestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRESTORE_DATA } from '../../src/stack/stack.js';
import { startChildStack, writeUntilKilled, type ChildStack } from './child-stack.js';

const PROJECT = 'demo-crash';
const BATCH_SIZE = 4;
/** Acknowledgements to collect before the kill: enough that many more writes are in flight. */
const ACKS_BEFORE_KILL = 400;
/** Rules that let the web SDK's (signed-out) writes through, set before the burst. */
const RULES = "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read, write: if true; } } }";

let dataDir: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  setLogLevel('silent'); // the web SDK's reconnection attempts after the kill are expected
  dataDir = await mkdtemp(join(tmpdir(), 'encore-firestore-crash-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

function adminFirestore(host: string): Firestore {
  const app: App = initializeAdminApp({ projectId: PROJECT }, `admin-${randomUUID()}`);
  const db = initializeFirestore(app);
  db.settings({ host, ssl: false });
  cleanups.push(() => deleteAdminApp(app));
  return db;
}

function webFirestore(host: string): WebFirestore {
  const app: FirebaseApp = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `web-${randomUUID()}`);
  const db = getFirestore(app);
  const [hostname, port] = host.split(':');
  connectFirestoreEmulator(db, hostname!, Number(port));
  cleanups.push(async () => {
    await terminate(db);
    await deleteApp(app);
  });
  return db;
}

/** What the burst saw acknowledged before the child died. */
interface Acknowledged {
  sets: Map<string, number>;
  webSets: Map<string, number>;
  batches: Set<number>;
  transactions: number;
  transactionsTried: number;
  latestWriteTime: Timestamp;
}

/**
 * Runs writers until `ACKS_BEFORE_KILL` acknowledgements, then kills the child at once
 * (other writes still in flight) and returns what was acknowledged.
 */
async function burstThenKill(child: ChildStack): Promise<Acknowledged> {
  const admin = adminFirestore(child.hosts.firestore);
  const web = webFirestore(child.hosts.firestore);
  const acked: Acknowledged = { sets: new Map(), webSets: new Map(), batches: new Set(), transactions: 0, transactionsTried: 0, latestWriteTime: Timestamp.fromMillis(0) };
  let count = 0;
  let killed: Promise<void> | undefined;
  let nextId = 0;
  const ack = (writeTime?: Timestamp) => {
    if (writeTime && writeTime > acked.latestWriteTime) acked.latestWriteTime = writeTime;
    count += 1;
    if (count === ACKS_BEFORE_KILL) killed = child.kill();
  };
  const writers: Array<() => Promise<void>> = [
    ...Array.from({ length: 6 }, () => async () => {
      const n = nextId++;
      const result = await admin.doc(`favourites/a${n}`).set({ n, by: 'admin', tags: ['x', 'y'], nested: { n } });
      acked.sets.set(`a${n}`, n);
      ack(result.writeTime);
    }),
    ...Array.from({ length: 2 }, () => async () => {
      const n = nextId++;
      const batch = admin.batch();
      for (let part = 0; part < BATCH_SIZE; part++) batch.set(admin.doc(`batches/b${n}-${part}`), { batch: n, part, payload: 'p'.repeat(200) });
      const results = await batch.commit();
      acked.batches.add(n);
      ack(results[0]!.writeTime);
    }),
    async () => {
      acked.transactionsTried += 1;
      await admin.runTransaction(async (transaction) => {
        const counter = await transaction.get(admin.doc('counters/likes'));
        transaction.set(admin.doc('counters/likes'), { value: (counter.get('value') ?? 0) + 1 });
      });
      acked.transactions += 1;
      ack();
    },
    async () => {
      const n = nextId++;
      await setDoc(doc(web, `favourites/w${n}`), { n, by: 'web' });
      acked.webSets.set(`w${n}`, n);
      ack();
    },
    async () => {
      const n = nextId++;
      await setDoc(doc(web, `favourites/w${n}`), { n, by: 'web' });
      acked.webSets.set(`w${n}`, n);
      ack();
    },
  ];
  await writeUntilKilled(writers, () => killed);
  return acked;
}

describe('Firestore with a data folder', () => {
  let acked: Acknowledged;
  let restarted: ChildStack;

  it('keeps every write acknowledged before kill -9, with batches and transactions whole, and admin clears and rules', async () => {
    const first = await startChildStack({ dataDir, projectId: PROJECT });
    // Before the burst, through the official admin endpoints: documents cleared, then rules set.
    const early = adminFirestore(first.hosts.firestore);
    await Promise.all([1, 2, 3].map((n) => early.doc(`doomed/d${n}`).set({ n })));
    const endpoint = (path: string, init: RequestInit) => fetch(`http://${first.hosts.firestore}/emulator/v1/projects/${PROJECT}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
    expect((await endpoint('/databases/(default)/documents', { method: 'DELETE' })).status).toBe(200);
    expect((await endpoint(':securityRules', { method: 'PUT', body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: RULES }] } }) })).status).toBe(200);
    acked = await burstThenKill(first);
    expect(acked.sets.size + acked.webSets.size + acked.batches.size + acked.transactions).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    restarted = await startChildStack({ dataDir, projectId: PROJECT });
    cleanups.push(() => restarted.stop());
    const admin = adminFirestore(restarted.hosts.firestore);

    const favourites = await admin.getAll(...[...acked.sets.keys(), ...acked.webSets.keys()].map((id) => admin.doc(`favourites/${id}`)));
    const missing = favourites.filter((snapshot) => !snapshot.exists).map((snapshot) => snapshot.id);
    expect(missing).toEqual([]);
    for (const snapshot of favourites) {
      const n = acked.sets.get(snapshot.id) ?? acked.webSets.get(snapshot.id);
      expect(snapshot.data()).toEqual(snapshot.id.startsWith('a') ? { n, by: 'admin', tags: ['x', 'y'], nested: { n } } : { n, by: 'web' });
    }

    // A batch is one journal record: after the crash it is there whole or not at all.
    const parts = new Map<number, number[]>();
    for (const snapshot of (await admin.collection('batches').get()).docs) {
      const { batch, part } = snapshot.data() as { batch: number; part: number };
      parts.set(batch, [...(parts.get(batch) ?? []), part]);
    }
    for (const [batch, seen] of parts) expect({ batch, parts: seen.sort() }).toEqual({ batch, parts: [0, 1, 2, 3] });
    for (const batch of acked.batches) expect(parts.has(batch)).toBe(true);

    // Every acknowledged transaction counted; at most the one in flight counted without its reply.
    const likes = (await admin.doc('counters/likes').get()).get('value') as number;
    expect(likes).toBeGreaterThanOrEqual(acked.transactions);
    expect(likes).toBeLessThanOrEqual(acked.transactionsTried);

    // The clear stays done (the documents' own commits are in the journal before it) and the rules stay set.
    expect((await admin.collection('doomed').get()).size).toBe(0);
    const rules = await fetch(`http://${restarted.hosts.firestore}/emulator/v1/projects/${PROJECT}:securityRules`);
    expect(await rules.json()).toEqual({ rules: { files: [{ name: 'firestore.rules', content: RULES }] } });
  });

  it('hands out times after every time acknowledged before the crash', async () => {
    const admin = adminFirestore(restarted.hosts.firestore);
    const result = await admin.doc('favourites/after-restart').set({ at: FieldValue.serverTimestamp() });
    expect(result.writeTime > acked.latestWriteTime).toBe(true);
    const snapshot = await admin.doc('favourites/after-restart').get();
    expect(snapshot.readTime > acked.latestWriteTime).toBe(true);
    expect((snapshot.get('at') as Timestamp) > acked.latestWriteTime).toBe(true);
  });

  it('reports a torn journal tail in one line at start and keeps every record before it', async () => {
    const admin = adminFirestore(restarted.hosts.firestore);
    await admin.doc('favourites/before-tear').set({ kept: true });
    await restarted.kill();
    const folder = join(dataDir, FIRESTORE_DATA);
    const journal = (await readdir(folder)).filter((name) => name.startsWith('journal-')).sort().at(-1)!;
    await appendFile(join(folder, journal), Buffer.from([0x30, 0x00, 0x00, 0x00, 0xde, 0xad]));

    restarted = await startChildStack({ dataDir, projectId: PROJECT });
    const reports = restarted.stderr().split('\n').filter((line) => line.includes('torn tail'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(new RegExp(`^\\[firestore\\] journal ${join(folder, journal)}: torn tail at byte \\d+ \\(truncated length\\): kept \\d+ records, skipped 1 record \\(6 bytes\\)$`));
    const again = adminFirestore(restarted.hosts.firestore);
    expect((await again.doc('favourites/before-tear').get()).data()).toEqual({ kept: true });
    expect((await again.doc(`favourites/a${[...acked.sets.values()][0]}`).get()).exists).toBe(true);
  });

  it('after a clean stop, starts from the compacted snapshot alone', async () => {
    const admin = adminFirestore(restarted.hosts.firestore);
    await admin.doc('favourites/clean-stop').set({ kept: true });
    await restarted.stop();
    const files = (await readdir(join(dataDir, FIRESTORE_DATA))).sort();
    expect(files).toEqual([expect.stringMatching(/^journal-\d+\.log$/), 'snapshot.json']);
    restarted = await startChildStack({ dataDir, projectId: PROJECT });
    const again = adminFirestore(restarted.hosts.firestore);
    expect((await again.doc('favourites/clean-stop').get()).data()).toEqual({ kept: true });
    expect(restarted.stderr()).not.toContain('torn tail');
  });
});
