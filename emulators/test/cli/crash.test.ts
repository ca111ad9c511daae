/**
 * `kill -9` of the whole `npm run emulators` process group in the middle of a burst of
 * writes through the real SDKs, then a restart on the same data folder, and a count of
 * what was acknowledged against what is there:
 *
 * - Firestore (firebase-admin, batches of four documents; the web SDK, favourites written
 *   under the rules by new accounts): every acknowledged write is there, and no batch is
 *   there in part;
 * - Storage (firebase-admin uploads with custom metadata): every acknowledged object is
 *   there, byte for byte, with its metadata;
 * - Auth (accounts signed up through the web SDK, custom claims set through firebase-admin):
 *   every account and claim acknowledged more than a second before the kill is there (the
 *   Auth emulator saves within a second of a change; the Firestore and Storage journals lose
 *   nothing acknowledged).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, increment, serverTimestamp, terminate, writeBatch } from 'firebase/firestore';
import { encore2026 } from '@encore/model/seed';
import { afterAll, expect, it } from 'vitest';
import { bannerUrl, runCli, type CliProcess } from './cli-process.js';

const PROJECT = 'demo-encore';
const BUCKET = `${PROJECT}.appspot.com`;
const BANNER_END = /Ctrl-C stops everything/;
const dataDir = mkdtempSync(join(tmpdir(), 'encore-crash-'));
const started: CliProcess[] = [];
const apps: Array<() => Promise<void>> = [];

afterAll(async () => {
  for (const close of apps.splice(0)) await close().catch(() => {});
  for (const { child } of started) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Its group is gone already.
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run emulators` on free ports and this test's data folder, up to its banner. */
async function startEmulators(args: string[] = []): Promise<{ cli: CliProcess; hosts: Record<'firestore' | 'storage' | 'auth', string> }> {
  const cli = runCli({ cli: 'emulators', dataDir, args, ownProcessGroup: true });
  started.push(cli);
  await cli.line(BANNER_END);
  const host = (label: string) => bannerUrl(cli.lines, label).replace(/^http:\/\//, '');
  return { cli, hosts: { firestore: host('Firestore'), storage: host('Storage'), auth: host('Auth') } };
}

/** firebase-admin against one run's ports (they change from run to run). */
function adminFor(hosts: Record<string, string>, name: string): App {
  process.env.FIRESTORE_EMULATOR_HOST = hosts.firestore;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = hosts.storage;
  process.env.STORAGE_EMULATOR_HOST = `http://${hosts.storage}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = hosts.auth;
  const app = initializeAdminApp({ projectId: PROJECT, storageBucket: BUCKET }, name);
  apps.push(() => deleteAdminApp(app));
  return app;
}

/** A visitor with the web SDK, signed up as anyone can, as the app does. */
async function signUp(hosts: Record<string, string>, n: number): Promise<{ app: FirebaseApp; uid: string; email: string }> {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key' }, `visitor-${n}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${hosts.auth}`, { disableWarnings: true });
  const email = `crash-${n}@encore.test`;
  const { user } = await createUserWithEmailAndPassword(auth, email, 'front-row-123');
  apps.push(async () => {
    await terminate(getFirestore(app)).catch(() => {});
    await deleteApp(app);
  });
  return { app, uid: user.uid, email };
}

interface Acknowledged {
  batches: Array<{ id: string; docs: Record<string, { batch: string; n: number }> }>;
  favourites: Array<{ uid: string; performanceId: string }>;
  objects: Array<{ name: string; md5: string; metadata: Record<string, string> }>;
  accounts: Array<{ uid: string; email: string; at: number }>;
  claims: Array<{ uid: string; at: number }>;
}

it('keeps every acknowledged write across a kill -9 of the whole stack: Firestore and Storage all of them, Auth all but the last second', { timeout: 600_000 }, async () => {
  const first = await startEmulators(['--fresh']);
  const admin = adminFor(first.hosts, 'before-kill');
  const db = getAdminFirestore(admin);
  const bucket = getAdminStorage(admin).bucket();
  const performances = encore2026()
    .performances.filter(({ data }) => data.status === 'scheduled')
    .map(({ id }) => id);
  const acked: Acknowledged = { batches: [], favourites: [], objects: [], accounts: [], claims: [] };
  let killing = false;
  // Writes cut off by the kill fail, as they should; a failure before it is the test's failure.
  const failures: unknown[] = [];
  const unlessKilled = (error: unknown) => {
    if (!killing) failures.push(error);
  };

  // Firestore through firebase-admin: batches of four documents that must land whole or not at all.
  const adminWrites = (async () => {
    for (let b = 0; !killing; b += 1) {
      const id = `batch-${b}`;
      const docs = Object.fromEntries([0, 1, 2, 3].map((n) => [`crashTest/${id}-${n}`, { batch: id, n }]));
      const batch = db.batch();
      for (const [path, data] of Object.entries(docs)) batch.set(db.doc(path), data);
      await batch.commit();
      acked.batches.push({ id, docs });
    }
  })().catch(unlessKilled);
  // Storage through firebase-admin: objects with custom metadata.
  const uploads = (async () => {
    for (let n = 0; !killing; n += 1) {
      const bytes = randomBytes(64 * 1024 + n);
      const name = `crash-test/object-${n}.bin`;
      const metadata = { purpose: 'crash-test', n: String(n) };
      await bucket.file(name).save(bytes, { resumable: n % 2 === 0, contentType: 'application/octet-stream', metadata: { metadata } });
      acked.objects.push({ name, md5: createHash('md5').update(bytes).digest('base64'), metadata });
    }
  })().catch(unlessKilled);
  // Auth and Firestore through the web SDK: new visitors sign up, favourite sets under the rules, get a claim.
  const visitors = (async () => {
    for (let n = 0; !killing; n += 1) {
      const visitor = await signUp(first.hosts, n);
      acked.accounts.push({ uid: visitor.uid, email: visitor.email, at: Date.now() });
      const webDb = getFirestore(visitor.app);
      const [firestoreHost, firestorePort] = first.hosts.firestore.split(':');
      connectFirestoreEmulator(webDb, firestoreHost!, Number(firestorePort));
      for (const [k, performanceId] of performances.slice(n % 20, (n % 20) + 3).entries()) {
        // As the app writes a favourite: with the person's toggle limit, in one commit (firestore.rules).
        const batch = writeBatch(webDb);
        const limit = doc(webDb, `users/${visitor.uid}/limits/toggles`);
        if (k === 0) batch.set(limit, { windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() });
        else batch.update(limit, { count: increment(1), lastToggleAt: serverTimestamp() });
        batch.set(doc(webDb, `users/${visitor.uid}/favorites/${performanceId}`), { festivalId: 'encore-2026', performanceId, createdAt: serverTimestamp() });
        await batch.commit();
        acked.favourites.push({ uid: visitor.uid, performanceId });
      }
      await getAdminAuth(admin).setCustomUserClaims(visitor.uid, { crashTest: n });
      acked.claims.push({ uid: visitor.uid, at: Date.now() });
    }
  })().catch(unlessKilled);

  // Kill in the middle of the burst, once every kind of write has some acknowledgements.
  while (acked.batches.length < 60 || acked.objects.length < 6 || acked.claims.length < 8) {
    if (failures.length > 0) throw failures[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const killedAt = Date.now();
  killing = true;
  process.kill(-first.cli.child.pid!, 'SIGKILL');
  await first.cli.exited;
  // The SDKs retry what the kill cut off; closing the apps ends that (a few seconds at most).
  await Promise.race([Promise.all([adminWrites, uploads, visitors]), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  for (const close of apps.splice(0)) await close().catch(() => {});

  const second = await startEmulators();
  const after = adminFor(second.hosts, 'after-restart');
  const db2 = getAdminFirestore(after);

  // Firestore: every acknowledged batch whole; no batch in part (acknowledged or not).
  const stored = await db2.collection('crashTest').get();
  const byBatch = new Map<string, number>();
  for (const snapshot of stored.docs) byBatch.set(snapshot.get('batch') as string, (byBatch.get(snapshot.get('batch') as string) ?? 0) + 1);
  for (const { id, docs } of acked.batches) {
    for (const [path, data] of Object.entries(docs)) expect((await db2.doc(path).get()).data(), path).toEqual(data);
    expect(byBatch.get(id)).toBe(4);
  }
  expect([...byBatch.values()].filter((count) => count !== 4)).toEqual([]);
  const favourites = await Promise.all(acked.favourites.map(({ uid, performanceId }) => db2.doc(`users/${uid}/favorites/${performanceId}`).get()));
  expect(favourites.filter((snapshot) => !snapshot.exists).map((snapshot) => snapshot.ref.path)).toEqual([]);

  // Storage: every acknowledged object, byte for byte (its MD5), with its custom metadata.
  const bucket2 = getAdminStorage(after).bucket();
  for (const object of acked.objects) {
    const [metadata] = await bucket2.file(object.name).getMetadata();
    expect([object.name, metadata.md5Hash, metadata.metadata]).toEqual([object.name, object.md5, object.metadata]);
  }

  // Auth: what was acknowledged more than a second before the kill, accounts and claims.
  const auth2 = getAdminAuth(after);
  const settled = (at: number) => at < killedAt - 1_000;
  for (const { uid, email } of acked.accounts.filter(({ at }) => settled(at))) expect((await auth2.getUser(uid)).email).toBe(email);
  for (const { uid } of acked.claims.filter(({ at }) => settled(at))) expect((await auth2.getUser(uid)).customClaims).toMatchObject({ crashTest: expect.any(Number) });
  const lostAccounts = (await Promise.all(acked.accounts.map(({ uid }) => auth2.getUser(uid).then(() => 0, () => 1)))).reduce<number>((sum, lost) => sum + lost, 0);
  console.log(
    `[crash test] acknowledged before the kill: ${acked.batches.length * 4} admin documents, ${acked.favourites.length} favourites, ` +
      `${acked.objects.length} objects, ${acked.accounts.length} accounts (${lostAccounts} from the last second lost); all present after the restart`,
  );

  second.cli.child.kill('SIGINT');
  expect(await second.cli.exited).toBe(0);
});
