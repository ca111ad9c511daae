/**
 * The attack review, replayed on the local stack with the unmodified SDKs and the
 * repository's own firestore.rules and storage.rules in force: people sign up and sign in
 * on the Auth emulator, report with the web SDK as the app does (the report and its rate
 * limit in one transaction), and upload with the web SDK. Every finding is now refused:
 *
 * - a crowd of throw-away accounts cannot hide a photo (trusted accounts still do);
 * - one account files one report per photo, and its report spam is rate-limited while the
 *   moderation entry stays a few counters;
 * - nobody can put a file under someone else's photo id, a second file under a taken id
 *   is never processed, a rejected original is deleted, and an original never keeps a
 *   download link.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signInWithCustomToken, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, runTransaction, serverTimestamp, type Firestore, type Timestamp } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getMetadata, getStorage, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { getStorage as adminStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_WINDOW, firestorePaths, moderationEntrySchema, reportIdFor, reportLimitKeyFor, reporterStandingSchema, storagePaths, type Photo } from '@encore/model';
import { PHOTO_RENDITION_CACHE_CONTROL } from '../../src/domain/image-policy.js';
import { REGION } from '../../src/config.js';
import { jpeg } from '../../src/testing/fixtures.js';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, waitForDoc, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-attacks-it';
let stack: EncoreStack;
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, auth: true, rules: true });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await stack?.stop();
});

interface Person {
  uid: string;
  idToken(): Promise<string>;
  db: Firestore;
  storage: FirebaseStorage;
  functions: Functions;
}

/**
 * A person with the web SDK: `self-registered` signs up with email and password as anyone
 * can (email not verified, account brand new); `verified` is an account whose email the
 * Auth emulator has verified (made now); `established` a verified account made a month ago
 * (imported with its creation time) that saved a favourite two days ago, signed in with a
 * custom token.
 */
async function person(name: string, kind: 'self-registered' | 'verified' | 'established'): Promise<Person> {
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key', appId: 'demo-app', storageBucket: stack.bucket }, `${name}-${apps.length}`);
  apps.push(app);
  // The callables enforce App Check: each person's app attests itself as Encore's web app does on the emulators.
  initializeAppCheck(app, { provider: new CustomProvider({ getToken: () => stack.appCheckToken('demo-app') }), isTokenAutoRefreshEnabled: false });
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${stack.hosts.auth}`, { disableWarnings: true });
  const email = `${name}@attack.test`;
  const password = 'front-row-123';
  if (kind === 'established') {
    const uid = `${name}-${apps.length}`;
    // Signed up with Google a month ago (a linked provider: not anonymous).
    const result = await adminAuth(stack.admin).importUsers([
      {
        uid,
        email,
        emailVerified: true,
        providerData: [{ uid: `google-${uid}`, email, providerId: 'google.com' }],
        metadata: { creationTime: new Date(Date.now() - 30 * 86_400_000).toUTCString(), lastSignInTime: new Date().toUTCString() },
      },
    ]);
    expect(result.errors).toEqual([]);
    await stack.db.doc(firestorePaths.favorite(uid, 'kae-main')).set({ festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: AdminTimestamp.fromDate(new Date(Date.now() - 2 * 86_400_000)) });
    await signInWithCustomToken(auth, await adminAuth(stack.admin).createCustomToken(uid));
  } else if (kind === 'verified') {
    await adminAuth(stack.admin).createUser({ email, password, emailVerified: true });
    await signInWithEmailAndPassword(auth, email, password);
  } else {
    await createUserWithEmailAndPassword(auth, email, password);
  }
  const db = getFirestore(app);
  connectFirestoreEmulator(db, ...addressOf(stack.hosts.firestore));
  const storage = getStorage(app);
  connectStorageEmulator(storage, ...addressOf(stack.hosts.storage));
  const functions = getFunctions(app, REGION);
  connectFunctionsEmulator(functions, ...addressOf(stack.hosts.functions!));
  const user = auth.currentUser!;
  return { uid: user.uid, idToken: () => user.getIdToken(), db, storage, functions };
}

function addressOf(hostPort: string): [string, number] {
  const [name, number] = hostPort.split(':') as [string, string];
  return [name, Number(number)];
}

/** Files a report exactly as the web app does (web/src/features/photos/api/report-photo.ts). */
function report({ uid, db }: Person, photoId: string, reason: 'privacy' | 'spam' | 'inappropriate' = 'privacy'): Promise<void> {
  const reportId = reportIdFor(photoId, uid);
  const lastReportId = reportLimitKeyFor(FESTIVAL_ID, photoId, uid);
  const limitRef = doc(db, firestorePaths.reportLimit(uid));
  return runTransaction(db, async (tx) => {
    const limit = await tx.get(limitRef);
    const count = limit.exists() ? (limit.get('count') as number) : 0;
    tx.set(doc(db, firestorePaths.report(FESTIVAL_ID, reportId)), { photoId, reporterUid: uid, reason, createdAt: serverTimestamp() });
    tx.set(
      limitRef,
      limit.exists() && count < REPORTS_PER_WINDOW
        ? { windowStartsAt: limit.get('windowStartsAt') as Timestamp, count: count + 1, lastReportId, lastReportAt: serverTimestamp() }
        : { windowStartsAt: serverTimestamp(), count: 1, lastReportId, lastReportAt: serverTimestamp() },
    );
  });
}

/** Resolves 'allowed', or the error code the SDK reports. */
const outcome = (attempt: Promise<unknown>) =>
  attempt.then(
    () => 'allowed',
    (error: { code?: string }) => error.code ?? String(error),
  );

/** A ready photo on the wall, as the pipeline leaves one (written as the backend writes it). */
async function readyPhoto(photoId: string): Promise<void> {
  const photo: Photo = {
    uploaderUid: 'photographer',
    performanceId: null,
    suggestedPerformanceId: null,
    status: 'ready',
    rejectReason: null,
    originalPath: storagePaths.upload({ uid: 'photographer', festivalId: FESTIVAL_ID, photoId }),
    width: 800,
    height: 600,
    thumbnails: [],
    dominantColor: '#336699',
    placeholder: null,
    capturedAt: null,
    reactionCount: 0,
    reportCount: 0,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  await stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId)).set(photo);
}

const photoDoc = (photoId: string) => stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId));
const entryDoc = (photoId: string) => stack.db.doc(firestorePaths.moderationEntry(FESTIVAL_ID, photoId));

describe('moderation a crowd cannot game', () => {
  it('three self-registered, unverified accounts cannot report, so cannot hide a photo; the app is told why', async () => {
    await readyPhoto('crowd-target');
    const crowd = await Promise.all(['sock-1', 'sock-2', 'sock-3'].map((name) => person(name, 'self-registered')));
    expect(await Promise.all(crowd.map((sock) => outcome(report(sock, 'crowd-target'))))).toEqual(['permission-denied', 'permission-denied', 'permission-denied']);
    const standing = reporterStandingSchema.parse((await httpsCallable(crowd[0]!.functions, 'reporterStanding')()).data);
    expect(standing).toMatchObject({ canReport: false, because: 'new-account', refreshToken: false });
    expect(new Date(standing.trustedFrom!).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await photoDoc('crowd-target').get()).data()).toMatchObject({ status: 'ready', reportCount: 0 });
    expect((await entryDoc('crowd-target').get()).exists).toBe(false);
  });

  it('issue 24: three fresh verified accounts may report, but cannot hide a photo; the entry tells staff why', async () => {
    await readyPhoto('fresh-crowd-target');
    const crowd = await Promise.all(['new-1', 'new-2', 'new-3'].map((name) => person(name, 'verified')));
    expect(await Promise.all(crowd.map((sock) => outcome(report(sock, 'fresh-crowd-target', 'inappropriate'))))).toEqual(['allowed', 'allowed', 'allowed']);
    const entry = await waitForDoc(entryDoc('fresh-crowd-target'), (data) => data?.reports === 3);
    expect(moderationEntrySchema.parse(toDates(entry))).toMatchObject({ reports: 3, trustedReporters: 0, notCounted: { 'new-account': 3 }, autoHiddenAt: null });
    expect((await photoDoc('fresh-crowd-target').get()).data()).toMatchObject({ status: 'ready', reportCount: 3 });
  });

  it('three established visitors do hide it, and the entry says why and by how many', async () => {
    await readyPhoto('trusted-target');
    const reporters = await Promise.all(['ann', 'ben', 'cas'].map((name) => person(name, 'established')));
    expect(await outcome(report(reporters[0]!, 'trusted-target', 'privacy'))).toBe('allowed');
    expect(await outcome(report(reporters[1]!, 'trusted-target', 'privacy'))).toBe('allowed');
    expect(await waitForDoc(photoDoc('trusted-target'), (data) => data?.reportCount === 2)).toMatchObject({ status: 'ready', reportCount: 2 });
    expect(await outcome(report(reporters[2]!, 'trusted-target', 'inappropriate'))).toBe('allowed');
    const hidden = await waitForDoc(photoDoc('trusted-target'), (data) => data?.status === 'hidden');
    expect(hidden).toMatchObject({ status: 'hidden', reportCount: 3 });
    const entry = moderationEntrySchema.parse(toDates((await entryDoc('trusted-target').get()).data()));
    expect(entry).toMatchObject({ reports: 3, trustedReporters: 3, reasons: { privacy: 2, inappropriate: 1 }, autoHiddenAfter: 3, decision: 'pending' });
  });

  it('one account cannot file a second report on one photo: refused, not merged', async () => {
    await readyPhoto('twice-target');
    const dora = await person('dora', 'verified');
    expect(await outcome(report(dora, 'twice-target'))).toBe('allowed');
    expect(await outcome(report(dora, 'twice-target', 'spam'))).toBe('permission-denied');
    const entry = await waitForDoc(entryDoc('twice-target'), (data) => data !== undefined);
    expect(moderationEntrySchema.parse(toDates(entry))).toMatchObject({ reports: 1, reasons: { privacy: 1 } });
    expect((await stack.db.doc(firestorePaths.report(FESTIVAL_ID, reportIdFor('twice-target', dora.uid))).get()).get('reason')).toBe('privacy');
  });

  it(`report spam from one account stops at ${REPORTS_PER_WINDOW} an hour, and every moderation entry stays a few counters`, async () => {
    const targets = Array.from({ length: REPORTS_PER_WINDOW + 5 }, (_, index) => `spam-target-${index}`);
    await Promise.all(targets.map(readyPhoto));
    const spammer = await person('spammer', 'verified');
    const outcomes: string[] = [];
    for (const photoId of targets) outcomes.push(await outcome(report(spammer, photoId, 'spam')));
    // And 20 more at one photo, all at once.
    const burst = await Promise.all(Array.from({ length: 20 }, () => outcome(report(spammer, targets[0]!, 'spam'))));
    expect(outcomes).toEqual([...Array<string>(REPORTS_PER_WINDOW).fill('allowed'), ...Array<string>(5).fill('permission-denied')]);
    expect(burst.every((result) => result !== 'allowed')).toBe(true);

    const filed = await stack.db.collection(firestorePaths.reports(FESTIVAL_ID)).where('reporterUid', '==', spammer.uid).get();
    expect(filed.size).toBe(REPORTS_PER_WINDOW);
    for (const photoId of targets.slice(0, REPORTS_PER_WINDOW)) {
      const data = await waitForDoc(entryDoc(photoId), (entry) => entry !== undefined);
      // A verified account made minutes ago: its reports reach staff but do not count towards hiding.
      expect(moderationEntrySchema.parse(toDates(data))).toMatchObject({ reports: 1, trustedReporters: 0, notCounted: { 'new-account': 1 }, reasons: { spam: 1 } });
      // Counters only: nothing in it grows with reports.
      expect(Object.values(data!).some(Array.isArray)).toBe(false);
      expect(JSON.stringify(data).length).toBeLessThan(1024);
    }
    // One reporter, however busy, hides nothing (the threshold is 3 distinct people).
    expect((await photoDoc(targets[0]!).get()).get('status')).toBe('ready');
  });
});

describe('uploads that cannot be used for free hosting', () => {
  let uploader: Person;
  let other: Person;
  const bucket = () => adminStorage(stack.admin).bucket(stack.bucket);
  const uploadPath = (who: Person, photoId: string) => storagePaths.upload({ uid: who.uid, festivalId: FESTIVAL_ID, photoId });

  beforeAll(async () => {
    [uploader, other] = await Promise.all([person('uploader', 'verified'), person('other', 'verified')]);
  });

  it('an original keeps no download token: the link its upload returned stops working, and its owner cannot mint a new one', async () => {
    const path = uploadPath(uploader, 'own-photo');
    // The Firebase Storage upload the SDKs make, read raw: its answer carries the new object's download token.
    const response = await fetch(`http://${stack.hosts.storage}/v0/b/${stack.bucket}/o?name=${encodeURIComponent(path)}`, {
      method: 'POST',
      headers: { Authorization: `Firebase ${await uploader.idToken()}`, 'Content-Type': 'image/jpeg' },
      body: new Uint8Array(await jpeg(640, 480)),
    });
    expect(response.status).toBe(200);
    const token = ((await response.json()) as { downloadTokens: string }).downloadTokens;
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const ready = await waitForDoc(photoDoc('own-photo'), (data) => data?.status === 'ready', 90_000);
    const [metadata] = await bucket().file(path).getMetadata();
    expect(metadata.metadata?.firebaseStorageDownloadTokens).toBeUndefined();
    const link = `http://${stack.hosts.storage}/v0/b/${stack.bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
    expect((await fetch(link)).status).toBe(403);
    expect(await outcome(getMetadata(ref(uploader.storage, path)))).toBe('storage/unauthorized');
    // The derived files are served: a year in the browser (their path changes with the photo), five minutes in shared caches.
    const thumbnail = (ready?.thumbnails as Array<{ path: string }>)[0]!.path;
    expect((await bucket().file(thumbnail).getMetadata())[0].cacheControl).toBe(PHOTO_RENDITION_CACHE_CONTROL);
  });

  it('issue 24: a new account’s upload is refused until its email is verified, then taken', async () => {
    const fresh = await person('fresh-uploader', 'self-registered');
    const path = uploadPath(fresh, 'first-photo');
    expect(await outcome(uploadBytes(ref(fresh.storage, path), await jpeg(64, 64), { contentType: 'image/jpeg' }))).toBe('storage/unauthorized');
    await adminAuth(stack.admin).updateUser(fresh.uid, { emailVerified: true });
    await getAuth(fresh.storage.app).currentUser!.getIdToken(true);
    expect(await outcome(uploadBytes(ref(fresh.storage, path), await jpeg(64, 64), { contentType: 'image/jpeg' }))).toBe('allowed');
  });

  it('issue 24: a download token the client names never serves the original', async () => {
    const path = uploadPath(uploader, 'named-token');
    const named = '00000000-0000-4000-8000-000000000024';
    // Refused or taken (production's Firebase Storage keeps such a key out of the rules' view), it must never serve.
    await outcome(uploadBytes(ref(uploader.storage, path), await jpeg(64, 64), { contentType: 'image/jpeg', customMetadata: { firebaseStorageDownloadTokens: named } }));
    if ((await bucket().file(path).exists())[0]) await waitForDoc(photoDoc('named-token'), (data) => data?.status === 'ready', 90_000);
    const link = `http://${stack.hosts.storage}/v0/b/${stack.bucket}/o/${encodeURIComponent(path)}?alt=media&token=${named}`;
    expect((await fetch(link)).status).not.toBe(200);
  });

  it('an upload under another uploader’s photo id is refused by the Storage rules', async () => {
    const attempt = uploadBytes(ref(other.storage, uploadPath(other, 'own-photo')), new TextEncoder().encode('<html><body>free hosting</body></html>'), { contentType: 'image/jpeg' });
    expect(await outcome(attempt)).toBe('storage/unauthorized');
    const [files] = await bucket().getFiles({ prefix: `uploads/${other.uid}/` });
    expect(files).toEqual([]);
  });

  /** markPhotoDeleted's calls before the rejected original's deletion (Encore's target: its log). */
  let deletionsHandledBefore = 0;

  it('a rejected original is deleted at once; the photo stays rejected with its reason', async () => {
    const path = uploadPath(uploader, 'not-a-photo');
    if (!official) deletionsHandledBefore = stack.invocations.ok('markPhotoDeleted').length;
    await uploadBytes(ref(uploader.storage, path), new TextEncoder().encode('<html><body>labelled image/jpeg</body></html>'), { contentType: 'image/jpeg' });
    const rejected = await waitForDoc(photoDoc('not-a-photo'), (data) => data?.status === 'rejected', 90_000);
    expect(rejected?.rejectReason).toMatch(/not an image/);
    // cleanUpPhoto deletes the original.
    await stack.eventually(async () => !(await bucket().file(path).exists())[0], 'the rejected original deleted');
    expect((await photoDoc('not-a-photo').get()).data()).toMatchObject({ status: 'rejected', rejectReason: rejected?.rejectReason });
  });

  // Handling the deletion leaves the photo as it was: only the log says when it was handled.
  it.skipIf(official)(encoreOnly('the rejected original’s deletion, once handled, leaves the photo rejected', "the functions runner's invocation log"), async () => {
    await stack.invocations.until(() => stack.invocations.ok('markPhotoDeleted').length > deletionsHandledBefore, 'the deletion handled');
    expect((await photoDoc('not-a-photo').get()).data()).toMatchObject({ status: 'rejected', rejectReason: expect.stringMatching(/not an image/) });
  });

  it('a second file under a taken photo id (two uploads racing past the rules) is deleted, and the photo it would take over is left as it was', async () => {
    // What only a race could do: the file lands although the photo exists (written as the owner).
    const stray = uploadPath(other, 'own-photo');
    const before = (await photoDoc('own-photo').get()).data();
    await bucket().file(stray).save(Buffer.from('<html><body>free hosting</body></html>'), { resumable: false, contentType: 'image/jpeg' });
    await stack.eventually(async () => !(await bucket().file(stray).exists())[0], 'the stray file deleted');
    // Untouched, to its update time: the pipeline never ran on the stray file.
    expect((await photoDoc('own-photo').get()).data()).toEqual(before);
    expect(before).toMatchObject({ status: 'ready', originalPath: uploadPath(uploader, 'own-photo') });
    // Not asserted: that processPhoto is not called while this runs. Storage triggers and Pub/Sub
    // deliver at least once, and on a loaded 2-core box an earlier upload's event was published
    // and processed again during this test (a new message, a call with attempt 1), twice in
    // three full runs. The stray's own path never publishes (handlers/upload-finalized.ts), and
    // what processing it would change, the photo's fields and update time, is checked above.
  });

});

/** Timestamps as Dates, so the shared schemas read an admin snapshot. */
function toDates(value: unknown): unknown {
  if (value instanceof AdminTimestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(toDates);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toDates(inner)]));
  return value;
}
