/**
 * Firestore reads one photo costs, counted on the local stack with the rules on (as bill.ts
 * counts an upload): the whole seed programme in place, one open photo wall, a verified
 * uploader sends the bench's 12 MP JPEG with the web SDK (no set named: the pipeline suggests
 * one), and everything the upload sets off runs to its end (the pipeline, the photo's counters,
 * clean-up and notice, the wall's mark and its `live/photos` publication, seen by the open
 * wall). Printed: the reads by who made them (the functions, the rules judging the client's
 * requests, the clients' own) and by collection, so a reader sees where they go.
 *
 * Issue 38 measured 212 reads here (129 of them the whole programme, read to suggest the
 * photo's set; 44 the dashboard's two stats refreshes).
 *
 * pipeline.ts runs this file after its timings; the work runs in a quiet child of it (functions
 * log to the stdout they inherit: _stack-child.ts). The leading underscore keeps `npm run bench`
 * from running it twice.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, initializeFirestore, memoryLocalCache, onSnapshot } from 'firebase/firestore';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import { fetchUsage, resetUsage } from '@encore/emulators/stack';
import { firestorePaths, storagePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { twelveMegapixelJpeg } from './_photo-bench.js';
import { describeCalls } from './_invocations.js';
import { seedProgrammeAndSettle } from './_seed-programme.js';
import { runQuietly } from './_stack-child.js';
import { FESTIVAL_ID, startEncoreStack, waitForDoc, type EncoreStack } from '../test/integration/local-stack.js';

const PROJECT = 'demo-bench-photo-reads';
/** The `byMethod` key of the reads security rules make (emulators/src/firestore/service/usage.ts). */
const RULES_READS = 'SecurityRules';
/** Every subscriber of `photo.changed`, and the wall's publication: the photo's work is done when each has run. */
const PHOTO_SUBSCRIBERS = ['countPhoto', 'cleanUpPhoto', 'removeDeletedPhoto', 'notifyUploader', 'publishWallPhoto', 'publishLivePhotos'];
/** The photo's work has ended when no function call has ended for this long. */
const QUIET_MS = 3000;

/** The seed's programme, settled (not counted), and its publication awaited. */
async function seedProgramme(stack: EncoreStack): Promise<void> {
  await seedProgrammeAndSettle(stack);
  // The rebuilds ask for one publication at the end of their window (publishProgramme): it reads the whole programme, and is no part of a photo.
  const lastIndexOf = (name: string) => stack.invocations.records.findLastIndex((record) => record.function === name && record.outcome === 'ok');
  await stack.invocations.until(() => lastIndexOf('publishProgramme') > lastIndexOf('rebuildProgrammeBundle'), 'the programme publication', 180_000);
}

async function measurePhotoReads(print: (line: string) => void): Promise<void> {
  const original = await twelveMegapixelJpeg();
  const stack = await startEncoreStack({ projectId: PROJECT, rules: true });
  const apps: FirebaseApp[] = [];
  const client = (uid: string) => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key', storageBucket: stack.bucket }, uid);
    apps.push(app);
    const db = initializeFirestore(app, { localCache: memoryLocalCache() });
    const mockUserToken = { sub: uid, user_id: uid, email: `${uid}@example.com`, email_verified: true, firebase: { sign_in_provider: 'password' as const, identities: {} } };
    const [host, port] = stack.hosts.firestore.split(':');
    connectFirestoreEmulator(db, host!, Number(port), { mockUserToken });
    return { app, db, mockUserToken };
  };
  try {
    await seedProgramme(stack);
    const uploader = client('bench-uploader');
    const storage = getStorage(uploader.app);
    const [storageHost, storagePort] = stack.hosts.storage.split(':');
    connectStorageEmulator(storage, storageHost!, Number(storagePort), { mockUserToken: uploader.mockUserToken });
    // The open wall as the app has it (use-photos.ts): one listener on live/photos.
    const wall = client('photo-wall');
    const wallShows = (photoId: string) =>
      new Promise<() => void>((resolve) => {
        const stop = onSnapshot(doc(wall.db, firestorePaths.livePhotos(FESTIVAL_ID)), (snapshot) => {
          if (((snapshot.get('wall') as Array<{ id: string }> | undefined) ?? []).some((tile) => tile.id === photoId)) resolve(stop);
        });
      });
    const photoId = 'bench-photo';
    const shown = wallShows(photoId);
    const hosts = { firestore: stack.hosts.firestore, storage: stack.hosts.storage };
    await resetUsage(hosts, PROJECT);
    const before = stack.invocations.records.length;
    await uploadBytes(ref(storage, storagePaths.upload({ uid: 'bench-uploader', festivalId: FESTIVAL_ID, photoId })), new Uint8Array(original), { contentType: 'image/jpeg' });
    const done = await waitForDoc(stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId)), (data) => data !== undefined && data.status !== 'processing', 180_000);
    if (done?.status !== 'ready') throw new Error(`the bench photo ended ${String(done?.status)}`);
    const calledSince = (name: string) => stack.invocations.records.slice(before).some((record) => record.function === name && record.outcome === 'ok');
    await stack.invocations.until(() => PHOTO_SUBSCRIBERS.every(calledSince), 'the photo.changed subscribers and the wall publication');
    (await shown)();
    // Stats refreshes and the like end after the wall shows: wait until the runner has been quiet for a while.
    for (let seen = -1; seen !== stack.invocations.records.length; ) {
      seen = stack.invocations.records.length;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
    const usage = (await fetchUsage(hosts, PROJECT)).firestore;
    const rules = usage.byMethod[RULES_READS]?.reads ?? 0;
    const functions = usage.byClient.server.reads;
    const clients = usage.byClient.client.reads - rules;
    print(`reads per photo on the local stack (rules on, ${encore2026().performances.length} sets, 1 open wall): ${functions + rules + clients} (functions ${functions}, rules ${rules}, clients ${clients})`);
    const byCollection = (kind: 'server' | 'client') =>
      Object.entries(usage.byClientCollection[kind])
        .filter(([, counts]) => counts.reads > 0)
        .sort(([, a], [, b]) => b.reads - a.reads)
        .map(([name, counts]) => `${name || '(none)'} ${counts.reads}`)
        .join(', ');
    print(`  functions' reads by collection: ${byCollection('server')}`);
    print(`  clients' and rules' reads by collection: ${byCollection('client')}`);
    print(`  the calls: ${describeCalls(stack.invocations.records.slice(before))}`);
  } finally {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await stack.stop();
  }
}

await runQuietly(import.meta.url, async (print) => {
  await measurePhotoReads(print);
  process.exit(0);
});
