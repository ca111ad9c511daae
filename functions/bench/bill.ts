/**
 * `npm run bench -- bill`: a bill organisers can predict. On the local stack with the whole
 * seed programme, each visitor action is done once through the real SDKs and the emulators
 * count what production bills (Firestore reads, writes, deletes as the pricing page counts
 * them; Storage class A/B operations and bytes; function invocations from the runner's log).
 * The counts are then scaled to a modelled festival day for 50,000 visitors (assumptions
 * printed, and set in MODEL below) and priced with the dated list prices of prices.ts.
 *
 * Actions measured:
 * - first visit without the bundle (the baseline: every programme document read),
 * - first visit with the bundle (the programme from the bundle file; one listener on `live/programme`),
 * - return visit (that listener resumes with its resume token),
 * - favourite (the visitor's write, the functions' counting, and each open app's listener update),
 * - photo upload (a 12 MP JPEG through the whole pipeline, then the publication of `live/photos`
 *   whose `wall` carries it: each open wall's update) and a photo view (its 800 px rendition),
 * - reaction (the write, the counting: one publication of `live/photos`, each open photo wall's
 *   update), measured twice: a photo's first reaction (the photo joins the live document: every
 *   kind counted) and a later one on it (one kind counted).
 *
 * The live documents' sizes (what each open app or wall downloads per publication: Firestore
 * network egress) are measured from the documents the stack published, scaled to the modelled
 * day's full documents (every set; a full wall and reaction window).
 *
 * Functions log JSON lines to the stdout they inherit: as in stack.ts, the work runs in a child
 * of this file whose output is dropped, and the figures come over a pipe of their own (fd 3).
 */
import { gzipSync } from 'node:zlib';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  loadBundle,
  memoryLocalCache,
  memoryLruGarbageCollector,
  onSnapshot,
  orderBy,
  query,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { fetchUsage, resetUsage, type StackUsage } from '@encore/emulators/stack';
import { LIVE_PHOTOS_SIZE, LIVE_PUBLISH_INTERVAL_SECONDS, LIVE_TRENDING_SIZE, LIVE_WALL_SIZE, firestorePaths, storagePaths, type ProgrammeCollection } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { commitWithWebSdk, favouriteCommit, priorityCommit, reactionCommit } from './_app-commits.js';
import { appBytes } from './_app-bytes.js';
import { LAPTOP, PHONE, appImageSlots, chosenWidth, renditionSizes, type RenditionSizes, type Screen } from './_image-downloads.js';
import { addCalls, callTimes, functionSettings, instanceDay, withMedianDurations, type CallTimes } from './_instance-time.js';
import { twelveMegapixelJpeg } from './_photo-bench.js';
import { seedProgrammeAndSettle } from './_seed-programme.js';
import { runQuietly } from './_stack-child.js';
import { cloudCdnDay, storageDay, type PhotoDownloads } from './_photo-cdn.js';
import { identityPlatformMonth, listPrices, PRICE_SOURCES, PRICES_DATED } from './prices.js';
import { originalRetentionDays } from '../src/config.js';
import { FESTIVAL_ID, startEncoreStack, waitForDoc, type EncoreStack, type Invocation } from '../test/integration/local-stack.js';

const PROJECT = 'demo-bench-bill';
/** The Firestore emulator's `byMethod` key of the reads security rules make (emulators/src/firestore/service/usage.ts). */
const RULES_READS = 'SecurityRules';
const COLLECTIONS: ProgrammeCollection[] = ['stages', 'artists', 'performances'];

/** The lines whose downloads come from Storage: priced again through Cloud CDN beside the table. */
const PHOTO_DOWNLOAD_LINES = ['photo wall tiles', 'lightbox photos', 'artist pictures'];
/** Cache locations a CDN fills each file into (the same 10 edges the bundle's and the first page's misses assume). */
const CDN_CACHE_LOCATIONS = 10;

/** The modelled festival day. Change these to model another festival. */
const MODEL = {
  visitors: 50_000,
  /** Visits after the first, per visitor and day (the app opened again). */
  returnVisitsPerVisitor: 4,
  favouritesPerVisitor: 8,
  /** Share of visitors who upload, and photos each of them uploads. */
  uploaderShare: 0.1,
  photosPerUploader: 3,
  reactionsPerVisitor: 10,
  /**
   * Photo wall tiles a visitor sees in a day, each a download of the rendition the browser picks
   * for its slot (until 2026-12-07 "photo views", priced as one 800 px download of a test image).
   */
  wallTilesPerVisitor: 40,
  /** Of the wall's tiles, landscape photos wider than 1.45:1 (a wide tile: PhotoWallView's tileShape). */
  wideTileShare: 0.25,
  /** Photos a visitor opens full size (the lightbox) in a day. */
  lightboxOpensPerVisitor: 5,
  /** Visitors on a phone (390 CSS px, 3x); the rest on a laptop (1280 px, 1x). */
  phoneShare: 0.85,
  /** Artist pages a visitor opens (the large picture); the line-up's small pictures come once per device (immutable renditions). */
  artistPagesPerVisitor: 5,
  /** Releases of the app during the day: each device that comes back fetches what changed. */
  releasesPerDay: 1,
  /** Of the precache's hashed files, the share one release changes (the rest keep their names, and stay cached). */
  releaseChangedShare: 0.3,
  /** Visitors who only browse (no heart, reaction, friend or upload): no account once accounts wait for a first action. */
  browsingOnlyShare: 0.3,
  /**
   * Cloud Logging, per entry of a function's own output: the LogEntry around the line the function
   * printed (its resource and labels, timestamps, severity, log name, insert id, trace), whose
   * line itself is measured. And per call, Cloud Run's request log of it (method, URL, status,
   * latency, user agent, with the same envelope).
   */
  logEntryEnvelopeBytes: 500,
  requestLogBytesPerCall: 1024,
  /**
   * The deploy excludes the request logs of calls that succeeded from the _Default sink (README,
   * Deploying: a Cloud Logging exclusion), so they are not ingested or billed; a failed call's
   * request log is kept. Every call the bench makes succeeds, so none is priced.
   */
  successfulRequestLogsExcluded: true,
  /** Pub/Sub: bytes billed per message published or delivered (at least 1,000 bytes each, the price list's minimum; ours are smaller). */
  pubsubBytesPerMessage: 1000,
  /** Days the day's photos' renditions stay in Storage, priced per GiB-month (their originals: `originalRetentionDays`). */
  photoRetentionDays: 30,
  /**
   * Days a ready photo's original stays: the deploy's default (ORIGINAL_RETENTION_DAYS, functions/src/config.ts),
   * after which the nightly job deletes it and keeps the renditions; a festival may set its own.
   */
  originalRetentionDays: Number(originalRetentionDays.options?.default ?? 14),
  /** Apps open at the same moment, on average over the day, each listening to the programme's sets (live counts). */
  openAppsShare: 0.05,
  /** Of those, the share with the photo wall open (listening to photos: reactions and new photos). */
  photoWallShare: 0.2,
  /** Hours a festival day publishes live counts (gates open to close). */
  festivalDayHours: 14,
  /** Sets of one festival day (the seed's). */
  setsPerDay: 35,
  /** Share of favourites taken back later the same day. */
  removedShare: 0.1,
  /** Bundle requests that reach the function (CDN misses: ~12 an hour at s-maxage=300, per edge; 10 edges assumed). */
  bundleFunctionCalls: 24 * 12 * 10,
  /** First-page requests (`GET /`) that reach the `firstPage` function: ~60 an hour at s-maxage=60, per edge; 10 edges. */
  firstPageFunctionCalls: 24 * 60 * 10,
  /** Staff requests that pass through the rules in a day, per festival (console listeners attached, edits, moderation): 10 staff, 200 each. */
  staffRequestsPerFestival: 10 * 200,
};

/**
 * Rules reads per staff request: the caller's `festivals/{f}/staff/{uid}`, read once by
 * `isStaffOf()` (firestore.rules), and for a write the festival's own document too
 * (`festivalOpen()`: an archived festival takes no change). A read pays only the first, a
 * project admin's claim skips it: 2 is the upper bound.
 * emulators/test/rules/encore-staff-reads.test.ts holds the rules to it (counted in our engine).
 */
const STAFF_REQUEST_READS = 2;

/** Issue 38's target for the whole 50,000-visitor day, every line included (printed, not asserted). */
const DAY_TARGET_USD = 25;

/**
 * Reads per first page the CDN misses: the festival's document, its first set (the header's
 * countdown), its brand icon and logo (the head's icons and link preview) and, at `/`, the site's
 * settings (the festival `/` opens). 5 is the upper bound (`/f/{id}/` pays 4).
 */
const FIRST_PAGE_READS = 5;

/** More runs of a favourite and a reaction, and of a photo upload, whose functions' durations the bill takes the median of. */
const DURATION_REPEATS = 4;
const PHOTO_DURATION_REPEATS = 2;

/** The task functions that publish at the cadence: paid once a publication, not once a message (issue 38). */
const PUBLICATION_TASKS = new Set(['publishLiveSets', 'publishLivePhotos', 'publishProgramme']);

/** An action's calls split into those paid per message and the publication tasks', paid per publication. */
function perMessageAndPublication(calls: CallTimes): { perMessage: CallTimes; publication: CallTimes; publicationCalls: number } {
  const perMessage: CallTimes = new Map();
  const publication: CallTimes = new Map();
  let publicationCalls = 0;
  for (const [name, times] of calls) {
    if (!PUBLICATION_TASKS.has(name)) perMessage.set(name, times);
    else {
      // One call a publication, at the measured mean duration.
      publication.set(name, { calls: 1, totalMs: times.totalMs / times.calls });
      publicationCalls += 1;
    }
  }
  return { perMessage, publication, publicationCalls };
}

interface Counts {
  /** The clients' own reads (listeners, gets), without the rules' reads. */
  clientReads: number;
  /** Reads the security rules made judging the clients' requests (billed like any read). */
  rulesReads: number;
  clientWrites: number;
  serverReads: number;
  serverWrites: number;
  deletes: number;
  classA: number;
  classB: number;
  storageBytesOut: number;
  invocations: number;
  /** The functions the action called, with their durations on the local runner. */
  calls: CallTimes;
  /** Every attempt the runner logged during the action. */
  records: Invocation[];
}

function counts(usage: StackUsage, records: readonly Invocation[]): Counts {
  const { client, server } = usage.firestore.byClient;
  const rulesReads = usage.firestore.byMethod[RULES_READS]?.reads ?? 0;
  return {
    clientReads: client.reads - rulesReads,
    rulesReads,
    clientWrites: client.writes,
    serverReads: server.reads,
    serverWrites: server.writes,
    deletes: client.deletes + server.deletes,
    classA: usage.storage.total.classA,
    classB: usage.storage.total.classB,
    storageBytesOut: usage.storage.byClient.client.bytesOut,
    invocations: records.length,
    calls: callTimes(records),
    records: [...records],
  };
}

/**
 * A day's Cloud Logging bytes: each function's calls that day, with what it printed per call
 * (measured on the local runner: its lines' bytes, and an entry's envelope per line), and Cloud
 * Run's request log per call (assumed), billed unless the deploy's exclusion drops it. A
 * function that printed nothing locally logs only its request.
 */
function dayLogBytes(
  calls: CallTimes,
  ownPerCall: ReadonlyMap<string, { bytes: number; lines: number }>,
  model: { logEntryEnvelopeBytes: number; requestLogBytesPerCall: number; successfulRequestLogsExcluded: boolean },
): { bytes: number; ownBytes: number; requestBytes: number } {
  let ownBytes = 0;
  let entryBytes = 0;
  let requestBytes = 0;
  for (const [name, { calls: count }] of calls) {
    const own = ownPerCall.get(name) ?? { bytes: 0, lines: 0 };
    ownBytes += count * own.bytes;
    entryBytes += count * (own.bytes + own.lines * model.logEntryEnvelopeBytes);
    requestBytes += count * model.requestLogBytesPerCall;
  }
  return { bytes: entryBytes + (model.successfulRequestLogsExcluded ? 0 : requestBytes), ownBytes, requestBytes };
}

/** Resets the counters, runs `action`, waits for the backend to go quiet, and returns what it cost. */
async function measure(stack: EncoreStack, action: () => Promise<void>, settled: () => Promise<void> = async () => {}): Promise<Counts> {
  const hosts = { firestore: stack.hosts.firestore, storage: stack.hosts.storage };
  await resetUsage(hosts, PROJECT);
  const before = stack.invocations.records.length;
  await action();
  await settled();
  return counts(await fetchUsage(hosts, PROJECT), stack.invocations.records.slice(before));
}

/** Resolves once `ref`/`query` has a snapshot from the server (not only the cache) satisfying `accept`. */
function serverSnapshot(target: Query | DocumentReference, accept: (size: number, find: (id: string) => Record<string, unknown> | undefined) => boolean = () => true): Promise<() => void> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const onNext = (snapshot: { metadata: { fromCache: boolean }; docs?: Array<{ id: string; data(): Record<string, unknown> }>; exists?: () => boolean }) => {
      if (snapshot.metadata.fromCache) return;
      const docs = snapshot.docs ?? [];
      if (accept(docs.length, (id) => docs.find((d) => d.id === id)?.data())) resolve(stop);
    };
    stop = target.type === 'document'
      ? onSnapshot(target as DocumentReference, { includeMetadataChanges: true }, onNext as never, reject)
      : onSnapshot(target as Query, { includeMetadataChanges: true }, onNext as never, reject);
  });
}

function plainQuery(db: Firestore, name: ProgrammeCollection): Query {
  const base = collection(db, `festivals/${FESTIVAL_ID}/${name}`);
  return name === 'stages' ? query(base, orderBy('order')) : name === 'performances' ? query(base, orderBy('startsAt')) : base;
}

async function runBill(print: (line: string) => void): Promise<void> {
  const printOut = print;
  // The functions' settings (memory, CPU, concurrency) as deployed, and the real photos' renditions and the app's build, before the stack takes the CPU.
  const settings = await functionSettings(PROJECT);
  const photoSizes = await renditionSizes('photo');
  const artistSizes = await renditionSizes('artist');
  const slots = appImageSlots();
  const app = appBytes();
  // The security rules on, as in production: every client request is judged, and the reads the rules make are billed and counted.
  // What each function prints, by function (a day's Cloud Logging is priced from it): no longer to stdout.
  const ownLogs = new Map<string, { bytes: number; lines: number }>();
  const functionOutput = (line: { text: string; function?: string }) => {
    if (!line.function) return;
    const entry = ownLogs.get(line.function) ?? { bytes: 0, lines: 0 };
    entry.bytes += Buffer.byteLength(line.text);
    entry.lines += 1;
    ownLogs.set(line.function, entry);
  };
  const stack = await startEncoreStack({ projectId: PROJECT, rules: true, functionOutput });
  const apps: FirebaseApp[] = [];
  /**
   * A visitor's app, signed in as `name` (an emulator ID token: anonymous, as a visitor's
   * account is; `verified`: an account with a verified email, which uploads need).
   */
  const client = (name: string, lru = false, verified = false) => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key', storageBucket: stack.bucket }, name);
    apps.push(app);
    const db = initializeFirestore(app, { localCache: memoryLocalCache(lru ? { garbageCollector: memoryLruGarbageCollector() } : {}) });
    const [host, port] = stack.hosts.firestore.split(':');
    const mockUserToken = verified
      ? { sub: name, user_id: name, email: `${name}@example.com`, email_verified: true, firebase: { sign_in_provider: 'password' as const, identities: {} } }
      : { sub: name, user_id: name, firebase: { sign_in_provider: 'anonymous' as const, identities: {} } };
    connectFirestoreEmulator(db, host!, Number(port), { mockUserToken });
    return { app, db, mockUserToken };
  };
  try {
    // The whole seed programme; every write is a staff edit, so the bundle is rebuilt: wait for the last rebuild.
    await seedProgrammeAndSettle(stack);
    const bundleUrl = `${stack.functionsUrl}/${PROJECT}/europe-west1/programmeBundle/bundles/${FESTIVAL_ID}/programme.bundle`;
    const bundle = new Uint8Array(await (await fetch(bundleUrl)).arrayBuffer());
    const bundleGzip = gzipSync(bundle).byteLength;
    const documents = (await Promise.all(COLLECTIONS.map((name) => stack.db.collection(`festivals/${FESTIVAL_ID}/${name}`).count().get()))).reduce((sum, snap) => sum + snap.data().count, 0) + 1;

    // First visit, no bundle: every document of the programme, one read each.
    const plain = client('plain');
    const firstPlain = await measure(stack, async () => {
      const stops = await Promise.all([serverSnapshot(doc(plain.db, firestorePaths.festival(FESTIVAL_ID))), ...COLLECTIONS.map((name) => serverSnapshot(plainQuery(plain.db, name)))]);
      stops.forEach((stop) => stop());
    });

    // First visit with the bundle, then a return visit (the same device, its listener resuming), as
    // the web app does: the programme from the bundle file (Hosting), the bundle's other parts into
    // the cache (no reads), and one listener on live/programme, which names the current bundle.
    const visitor = client('visitor', true);
    const programmeVersion = doc(visitor.db, firestorePaths.programmeVersion(FESTIVAL_ID));
    const firstBundle = await measure(stack, async () => {
      await loadBundle(visitor.db, bundle as unknown as ArrayBuffer);
      (await serverSnapshot(programmeVersion))();
    });
    const returnVisit = await measure(stack, async () => {
      (await serverSnapshot(programmeVersion))();
    });

    // An open app listens to the festival's live document (every set's count) while another visitor favourites one.
    const openApp = client('open-app', true);
    const liveSets = doc(openApp.db, firestorePaths.liveSets(FESTIVAL_ID));
    const stopSets = onSnapshot(liveSets, () => {});
    const setId = encore2026().performances[0]!.id;
    const favouriter = client('bench-visitor');
    const counted = () => new Set(stack.invocations.ok('countFavorite').map((record) => record.eventId)).size;
    // Every write of a favourite also checks the friends' plan (handlePublishFriendPlan, in the
    // same onFavoriteWritten invocation that publishes the count's event).
    const planChecks = () => stack.invocations.ok('onFavoriteWritten').length;
    /**
     * `uid`'s favourite of `set` as the app commits it (_app-commits.ts: the favourite and the
     * visitor's toggle limit, through the rules), settled once counted and its friends' plan
     * checked, then `afterwards`.
     */
    const favouriteBy = (db: Firestore, uid: string, set: string, afterwards: () => Promise<void> = async () => {}) => {
      const before = { counted: counted(), planChecks: planChecks() };
      return measure(
        stack,
        () => commitWithWebSdk(db, favouriteCommit(uid, FESTIVAL_ID, set)),
        async () => {
          await stack.invocations.until(() => counted() > before.counted && planChecks() > before.planChecks, `${uid}'s favourite counted and its friends plan checked`);
          await afterwards();
        },
      );
    };
    const favourite = await favouriteBy(favouriter.db, 'bench-visitor', setId, () =>
      new Promise<void>((resolve) => {
        const stop = onSnapshot(liveSets, (snapshot) => {
          if ((snapshot.get('favorites') as Record<string, number> | undefined)?.[setId] !== 1) return;
          stop();
          resolve();
        });
      }),
    );
    const favouriteFanOut = favourite.clientReads; // the open app's listener update (the bench's own wait listens on the same target: no read of its own)
    stopSets();
    // The friends' plan check on its own, paid per favourite (not per publication): a priority
    // change runs only it (counting ignores a favourite that neither came nor went).
    // The bench visitor has no friend, as the model's visitors have none: one read, no write.
    const planChecksBeforeUpdate = planChecks();
    const friendPlanCheck = await measure(
      stack,
      () => commitWithWebSdk(favouriter.db, priorityCommit('bench-visitor', setId, 'must')),
      async () => void (await stack.invocations.until(() => planChecks() > planChecksBeforeUpdate, 'the friends plan checked')),
    );

    // A photo: upload to ready, then an open photo wall's view of it and a reaction.
    const uploader = client('bench-uploader', false, true);
    const storage = getStorage(uploader.app);
    const [storageHost, storagePort] = stack.hosts.storage.split(':');
    connectStorageEmulator(storage, storageHost!, Number(storagePort), { mockUserToken: uploader.mockUserToken });
    const photoId = 'bench-photo';
    const original = await twelveMegapixelJpeg();
    const wall = client('photo-wall', true);
    // The open wall as the app has it (use-photos.ts): one listener on live/photos (its `wall`: the newest ready photos; their reactions).
    const wallLive = doc(wall.db, firestorePaths.livePhotos(FESTIVAL_ID));
    const stopWall = await serverSnapshot(wallLive);
    const wallShows = (id: string) =>
      new Promise<void>((resolve) => {
        const stop = onSnapshot(wallLive, (snapshot) => {
          if (!((snapshot.get('wall') as Array<{ id: string }> | undefined) ?? []).some((tile) => tile.id === id)) return;
          stop();
          resolve();
        });
      });
    const originalOf = (id: string) => storagePaths.upload({ uid: 'bench-uploader', festivalId: FESTIVAL_ID, photoId: id });
    /**
     * The test photo uploaded as `id`, settled once ready and its change through every
     * `photo.changed` subscriber (its counters, its clean-up, the uploader's notice, the wall),
     * then `afterwards`.
     */
    const uploadAs = (id: string, afterwards: () => Promise<void> = async () => {}) => {
      const subscribers = ['countPhoto', 'cleanUpPhoto', 'notifyUploader', 'publishWallPhoto'];
      const before = new Map(subscribers.map((name) => [name, stack.invocations.ok(name).length]));
      return measure(
        stack,
        async () => {
          await uploadBytes(ref(storage, originalOf(id)), new Uint8Array(original), { contentType: 'image/jpeg' });
        },
        async () => {
          const done = await waitForDoc(stack.db.doc(firestorePaths.photo(FESTIVAL_ID, id)), (data) => data !== undefined && data.status !== 'processing', 180_000);
          if (done?.status !== 'ready') throw new Error(`the bench photo ${id} ended ${String(done?.status)}`);
          await stack.invocations.until(() => subscribers.every((name) => stack.invocations.ok(name).length > before.get(name)!), `${id}'s photo.changed subscribers`);
          await afterwards();
        },
      );
    };
    const originalPath = originalOf(photoId);
    const upload = await uploadAs(photoId, () => wallShows(photoId));
    // What one photo keeps in Storage (its original, if kept, and every rendition): the bucket holds only the bench's photo.
    const [stored] = await getAdminStorage(stack.admin).bucket(stack.bucket).getFiles();
    const photoBytesAtRest = stored.reduce((sum, file) => sum + Number(file.metadata.size), 0);
    const originalFile = stored.find((file) => file.name === originalPath);
    if (!originalFile) throw new Error(`the bench photo's original (${originalPath}) is not in the bucket: update the Storage at rest line`);
    const originalBytesAtRest = Number(originalFile.metadata.size);
    const reactions = () => new Set(stack.invocations.ok('countReaction').map((record) => record.eventId)).size;
    /** One reaction and its publication, seen by the open wall (its wait listens on the wall's own target: no read of its own). */
    const react = async (uid: string, kind: 'love' | 'fire') => {
      const before = reactions();
      return measure(
        stack,
        // The app's commit (ReactionBar through commitToggle): the reaction and the person's toggle limit, through the rules.
        () => commitWithWebSdk(client(uid).db, reactionCommit(uid, FESTIVAL_ID, photoId, kind)),
        async () => {
          await stack.invocations.until(() => reactions() > before, 'the reaction counted');
          await new Promise<void>((resolve) => {
            const stop = onSnapshot(wallLive, (snapshot) => {
              if (((snapshot.get('reactions') as Record<string, Record<string, number>> | undefined)?.[photoId]?.[kind] ?? 0) < 1) return;
              stop();
              resolve();
            });
          });
        },
      );
    };
    const reaction = await react('bench-reactor', 'love');
    // A later reaction on the same photo, after the publication interval: the photo is in the live document.
    await new Promise((resolve) => setTimeout(resolve, LIVE_PUBLISH_INTERVAL_SECONDS * 1000));
    const laterReaction = await react('bench-reactor-2', 'fire');
    stopWall();

    // What a publication downloads (JSON of the stored data: an approximation of the bytes on the wire).
    const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const livePhotosDoc = (await stack.db.doc(firestorePaths.livePhotos(FESTIVAL_ID)).get()).data() ?? {};
    const liveSetsDoc = (await stack.db.doc(firestorePaths.liveSets(FESTIVAL_ID)).get()).data() ?? {};
    const tileBytes = bytesOf((livePhotosDoc.wall as unknown[] | undefined)?.[0] ?? {});
    const reactionEntryBytes = bytesOf({ [photoId]: (livePhotosDoc.reactions as Record<string, unknown>)[photoId] });
    // Full documents: a full wall and reaction window; every set of the day counted, trending full (counts of four digits).
    const livePhotosBytes = bytesOf({ publishedAt: livePhotosDoc.publishedAt }) + LIVE_WALL_SIZE * tileBytes + LIVE_PHOTOS_SIZE * reactionEntryBytes;
    const photoDocumentBytes = bytesOf((await stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId)).get()).data() ?? {});
    // The published document as the stack wrote it, filled to the day's size: every set of the day
    // counted (the seed's ids), trending full (counts of four digits). Its keys are the stack's own:
    // whatever the publisher writes there, open apps download.
    const daySets = encore2026().performances.slice(0, MODEL.setsPerDay).map((set) => set.id);
    const liveSetsBytes = bytesOf({
      ...liveSetsDoc,
      favorites: Object.fromEntries(daySets.map((id) => [id, 1000])),
      trending: daySets.slice(0, LIVE_TRENDING_SIZE).map((performanceId) => ({ performanceId, favorites: 1000 })),
      ...(liveSetsDoc.trendingScores ? { trendingScores: Object.fromEntries(daySets.map((id) => [id, 1000])) } : {}),
    });

    // ---- steadier durations: the actions that pay for instance time, again -----------------
    // The counts above are each action's first run; the functions' durations are the median of
    // that run and DURATION_REPEATS more (withMedianDurations), so the Functions column does not
    // ride on one call's luck. Other people and sets (toggle limits are per person), other photos.
    const favouriteRuns = [...favourite.records];
    const reactionRuns = [...laterReaction.records];
    const uploadRuns = [...upload.records];
    for (let run = 1; run <= DURATION_REPEATS; run += 1) {
      const uid = `bench-visitor-${run + 1}`;
      favouriteRuns.push(...(await favouriteBy(client(uid).db, uid, encore2026().performances[run]!.id)).records);
      reactionRuns.push(...(await react(`bench-reactor-${run + 2}`, 'fire')).records);
    }
    for (let run = 1; run <= PHOTO_DURATION_REPEATS; run += 1) uploadRuns.push(...(await uploadAs(`bench-photo-${run + 1}`)).records);
    const favouriteTimes = withMedianDurations(favourite.calls, favouriteRuns);
    const reactionTimes = withMedianDurations(laterReaction.calls, reactionRuns);
    const uploadTimes = withMedianDurations(upload.calls, uploadRuns);

    // ---- per action ----------------------------------------------------------------------
    print(`Programme: ${documents} documents (festival, stages, artists, sets); bundle ${(bundle.byteLength / 1024).toFixed(0)} KiB, ${(bundleGzip / 1024).toFixed(0)} KiB gzipped (Hosting compresses)`);
    print('');
    print(`${'per action (counted on the local stack, rules on)'.padEnd(52)} client r/w  rules r   functions r/w   deletes  Storage A/B   bytes out   invocations`);
    const row = (name: string, c: Counts, note = '') =>
      print(
        `${name.padEnd(52)} ${`${c.clientReads}/${c.clientWrites}`.padStart(9)}  ${String(c.rulesReads).padStart(8)}   ${`${c.serverReads}/${c.serverWrites}`.padStart(13)}   ${String(c.deletes).padStart(7)}  ${`${c.classA}/${c.classB}`.padStart(10)}  ${String(c.storageBytesOut).padStart(10)}   ${String(c.invocations).padStart(11)}${note}`,
      );
    row('first visit, no bundle (baseline)', firstPlain);
    row('first visit, bundle', firstBundle, `   + ${(bundleGzip / 1024).toFixed(0)} KiB from Hosting`);
    row('return visit within 30 min (resumes)', returnVisit);
    row("favourite, the app's commit (1 app open elsewhere)", favourite, `   (${favouriteFanOut} client read: the open app's update; ${favourite.clientWrites} writes: the favourite and the toggle limit)`);
    row("  of which its friends' plan check", friendPlanCheck, '   (measured with a priority change; the person has no friend)');
    row('photo upload, 12 MP JPEG (1 photo wall open)', upload, `   (${(original.byteLength / 2 ** 20).toFixed(1)} MiB in)`);
    row("reaction, the photo's first (1 wall open)", reaction, `   (${reaction.clientReads} of the reads: the open wall's update)`);
    row('reaction, a later one (1 wall open)', laterReaction, `   (${laterReaction.clientReads} of the reads: the open wall's update)`);
    print(
      `the bench photo at rest (the 12 MP test image): ${(photoBytesAtRest / 2 ** 20).toFixed(2)} MiB in ${stored.length} files, the original ${(originalBytesAtRest / 2 ** 20).toFixed(2)} MiB ` +
        `(kept ${MODEL.originalRetentionDays} days, ORIGINAL_RETENTION_DAYS), the renditions ${((photoBytesAtRest - originalBytesAtRest) / 2 ** 20).toFixed(2)} MiB (kept ${MODEL.photoRetentionDays} days, assumed)`,
    );
    const sizesOf = (sizes: RenditionSizes) =>
      [...sizes.bytes].map(([width, { bytes, photos, how }]) => `${width} px ${(bytes / 1024).toFixed(1)} KiB (${how === 'measured' ? `${photos} photo${photos === 1 ? '' : 's'}` : 'extrapolated'})`).join(', ');
    print(`real photos' AVIF renditions (functions/bench/photos, through the pipeline's derivation): photo ${sizesOf(photoSizes)}; artist picture ${sizesOf(artistSizes)}`);
    // What a visitor's screen downloads for each image slot: the rendition the browser picks (the slots' sizes read from web/src), at the real photos' size.
    const pick = (sizes: string, screen: Screen, renditions: RenditionSizes) => {
      const width = chosenWidth(sizes, screen, [...renditions.bytes.keys()]);
      return { width, bytes: renditions.bytes.get(width)!.bytes };
    };
    const onScreen = (screen: Screen) => {
      const wide = pick(slots.wallWide, screen, photoSizes);
      const other = pick(slots.wallOther, screen, photoSizes);
      const picks = { wide, other, lightbox: pick(slots.lightbox, screen, photoSizes), artistSmall: pick(slots.artistSmall, screen, artistSizes), artistLarge: pick(slots.artistLarge, screen, artistSizes) };
      return { ...picks, tile: MODEL.wideTileShare * wide.bytes + (1 - MODEL.wideTileShare) * other.bytes };
    };
    const screens = [
      [PHONE, onScreen(PHONE)],
      [LAPTOP, onScreen(LAPTOP)],
    ] as const;
    for (const [screen, chosen] of screens) {
      const said = (name: string, choice: { width: number; bytes: number }) => `${name} ${choice.width} px (${(choice.bytes / 1024).toFixed(1)} KiB)`;
      print(
        `on a ${screen.name}: ${said('wall tile, wide', chosen.wide)}, ${said('other tiles', chosen.other)}, ${said('lightbox', chosen.lightbox)}, ` +
          `${said('artist avatar (staff editor)', chosen.artistSmall)}, ${said('artist page', chosen.artistLarge)}`,
      );
    }
    /** A visitor's bytes for a slot, over the day's phones and laptops. */
    const mixed = (of: (chosen: ReturnType<typeof onScreen>) => number) => MODEL.phoneShare * of(screens[0][1]) + (1 - MODEL.phoneShare) * of(screens[1][1]);
    print(
      `the app (web/dist/app${app.built ? ', built for this run' : ''}): a first visit precaches ${app.precachedFiles} files, ${(app.precachedBytes / 1024).toFixed(0)} KiB as Hosting sends it (the smaller of gzip and brotli), ` +
        `and fetches sw.js (${(app.serviceWorkerBytes / 1024).toFixed(0)} KiB); a release re-fetches sw.js, the unhashed files (${(app.unhashedBytes / 1024).toFixed(0)} KiB) and the hashed files it changed ` +
        `(${MODEL.releaseChangedShare * 100}% of ${(app.hashedBytes / 1024).toFixed(0)} KiB assumed)`,
    );
    const bundleCall = stack.invocations.ok('programmeBundle').at(-1);
    if (!bundleCall) throw new Error('the bench fetched the programme bundle, but the runner logged no programmeBundle call');
    print(
      `live documents at the day's full size (JSON): live/sets ${(liveSetsBytes / 1024).toFixed(1)} KiB (${MODEL.setsPerDay} sets, trending ${LIVE_TRENDING_SIZE}); ` +
        `live/photos ${(livePhotosBytes / 1024).toFixed(1)} KiB (${LIVE_WALL_SIZE} wall tiles of ${tileBytes} B, ${LIVE_PHOTOS_SIZE} reaction entries of ${reactionEntryBytes} B); publication interval ${LIVE_PUBLISH_INTERVAL_SECONDS} s`,
    );

    // A photo's first reaction also reads the photo and counts every kind (paid once per photo).
    const firstReactionExtra = { reads: Math.max(0, reaction.serverReads - laterReaction.serverReads), writes: Math.max(0, reaction.serverWrites - laterReaction.serverWrites) };

    // What each function printed per call over the whole run (its own lines, measured), for the day's logging.
    const ownLogsPerCall = new Map<string, { bytes: number; lines: number }>();
    for (const [name, { calls }] of callTimes(stack.invocations.records)) {
      const printed = ownLogs.get(name) ?? { bytes: 0, lines: 0 };
      ownLogsPerCall.set(name, { bytes: printed.bytes / calls, lines: printed.lines / calls });
    }
    print(
      `functions' own log lines per call (measured over this run, the busiest): ` +
        [...ownLogsPerCall]
          .filter(([name]) => ['onFavoriteWritten', 'countFavorite', 'onReactionWritten', 'countReaction', 'onUploadFinalized', 'processPhoto'].includes(name))
          .map(([name, { bytes, lines }]) => `${name} ${lines.toFixed(1)} lines, ${Math.round(bytes)} B`)
          .join('; ') +
        `; each line priced with a ${MODEL.logEntryEnvelopeBytes} B entry around it (assumed); ` +
        (MODEL.successfulRequestLogsExcluded
          ? `the request logs of calls that succeeded excluded by the deploy (README, Deploying), none priced`
          : `each call with a ${MODEL.requestLogBytesPerCall} B request log (assumed)`),
    );

    // ---- the modelled day ----------------------------------------------------------------
    // The day for one crowd size: every line from the per-action counts above.
    /** What the product could choose otherwise (priced on the "other choices" line, not deployed). */
    type Choices = { intervalSeconds?: number; wallTilesPerVisitor?: number };
    const modelDay = (visitors: number, festivals = 1, print: (line: string) => void = printOut, choices: Choices = {}): { sum: number; operationsOnly: number } => {
      // Several festivals on one project: each pays its own publications, CDN misses and staff work for its own crowd.
      const m = { ...MODEL, wallTilesPerVisitor: choices.wallTilesPerVisitor ?? MODEL.wallTilesPerVisitor, visitors: visitors / festivals };
      const interval = choices.intervalSeconds ?? LIVE_PUBLISH_INTERVAL_SECONDS;
      const openApps = m.visitors * m.openAppsShare;
      const walls = openApps * m.photoWallShare;
      const photos = m.visitors * m.uploaderShare * m.photosPerUploader;
      const favourites = m.visitors * m.favouritesPerVisitor;
      const reactionCount = m.visitors * m.reactionsPerVisitor;
      // Each update a listener hears is one read per open listener: the measured update reads (one open app) times the apps open.
      // The live document is published at most every LIVE_PUBLISH_INTERVAL_SECONDS over the festival day, and at most once per favourite.
      const publications = Math.min(favourites, (m.festivalDayHours * 3600) / interval);
      // Measured with one favourite on a fresh instance: the functions' reads and writes of one publication
      // with one dirty set. Its reads are the instance's first reads (live/sets and stats/trendingScores,
      // and the festival's time zone: ONCE_PER_INSTANCE, not paid again by later publications), the
      // transaction's (live/sets, stats/trendingScores, stats/hourly) and the query of the festival's
      // liveMarks (one read when there are none): PER_PUBLICATION, every publication;
      // and the dirty set's (the rest: its count(), its trending count(), its status).
      // Scaled by the model: a publication recounts every set that changed in its interval, and a
      // count() is billed one read per 1,000 favourites it counts (the sets' average fans at the day's end).
      const ONCE_PER_INSTANCE = 3;
      const PER_PUBLICATION = 4;
      const perSet = Math.max(1, favourite.serverReads - friendPlanCheck.serverReads - ONCE_PER_INSTANCE - PER_PUBLICATION);
      const dirtySets = Math.min(m.setsPerDay, Math.max(1, favourites / publications));
      const averageFans = (favourites * (1 - m.removedShare)) / m.setsPerDay;
      const favouriteCalls = perMessageAndPublication(favouriteTimes);
      const publication = {
        reads: PER_PUBLICATION + dirtySets * perSet * Math.max(1, Math.ceil(averageFans / 2 / 1000)),
        writes: favourite.serverWrites - friendPlanCheck.serverWrites,
        invocations: favouriteCalls.publicationCalls,
        calls: favouriteCalls.publication,
      };
      // live/photos is published when reactions or the wall changed: at most once an interval.
      const livePhotosPublications = Math.min(reactionCount + photos, (m.festivalDayHours * 3600) / interval);
      // Publications that query the wall: one per new photo at most, one an interval at most. The
      // bench's query read the one ready photo there was; at the festival it reads a full wall.
      const wallPublications = Math.min(photos, (m.festivalDayHours * 3600) / interval);
      // Reactions, published like favourites: the reaction's write and its two invocations (trigger,
      // countReaction); per publication of live/photos, the functions' reads and writes. Measured: a
      // publication for a photo already in the live document (the later reaction: one kind counted)
      // is the fixed part plus one count(); a photo's first reaction counts every kind and reads the
      // photo (the difference, paid once per photo). Each open wall reads each publication once.
      const reactionFanOut = laterReaction.clientReads;
      const reactionPublications = Math.min(reactionCount, (m.festivalDayHours * 3600) / interval);
      const perInterval = reactionCount / reactionPublications;
      // The reactions of one interval land on distinct photos at worst (one count() each), at most the live document's photos.
      const dirtyPhotos = Math.min(perInterval, LIVE_PHOTOS_SIZE);
      const countsPerPhoto = Math.min(4, Math.ceil(perInterval / dirtyPhotos));
      const fixedReads = laterReaction.serverReads - 1;
      const reactionCalls = perMessageAndPublication(reactionTimes);
      const uploadCalls = perMessageAndPublication(uploadTimes);
      const reactionPublication = { reads: fixedReads + dirtyPhotos * countsPerPhoto, writes: laterReaction.serverWrites, invocations: reactionCalls.publicationCalls, calls: reactionCalls.publication };
      /** How a line's figures were had: counted on the local stack, computed from measurements by the model, or assumed. */
      type Basis = 'measured' | 'model' | 'assumed';
      type Line = {
        name: string;
        basis: Basis;
        reads: number;
        writes: number;
        deletes: number;
        classA: number;
        classB: number;
        egress: number;
        firestoreEgress: number;
        hosting: number;
        invocations: number;
        /** The functions' calls behind it (the day's, from the action's on the local runner). */
        calls: CallTimes;
        /** Dollars priced on the line itself (instance time, accounts, Pub/Sub, Scheduler, Logging, Storage at rest). */
        functionsUsd: number;
        otherUsd: number;
      };
      type PerUnit = Partial<Omit<Line, 'name' | 'basis' | 'calls' | 'functionsUsd' | 'otherUsd'>> & { calls?: CallTimes };
      const line = (name: string, basis: Basis, perFestival: number, c: PerUnit): Line => {
        const times = perFestival * festivals;
        const calls: CallTimes = new Map();
        if (c.calls) addCalls(calls, c.calls, times);
        return {
          name,
          basis,
          reads: (c.reads ?? 0) * times,
          writes: (c.writes ?? 0) * times,
          deletes: (c.deletes ?? 0) * times,
          classA: (c.classA ?? 0) * times,
          classB: (c.classB ?? 0) * times,
          egress: (c.egress ?? 0) * times,
          firestoreEgress: (c.firestoreEgress ?? 0) * times,
          hosting: (c.hosting ?? 0) * times,
          invocations: (c.invocations ?? 0) * times,
          calls,
          functionsUsd: 0,
          otherUsd: 0,
        };
      };
      /** A person's toggle as the app commits it (the document and the toggle limit, through the rules), and its invocations. */
      const appCommitLine = (name: string, perFestival: number, action: Counts, calls: ReturnType<typeof perMessageAndPublication>): Line =>
        line(name, 'measured', perFestival, {
          reads: action.rulesReads,
          writes: action.clientWrites,
          deletes: action.deletes,
          invocations: action.invocations - calls.publicationCalls,
          calls: calls.perMessage,
        });
      const priced = (name: string, basis: Basis, usd: { functions?: number; other?: number }): Line => ({
        ...line(name, basis, 0, {}),
        functionsUsd: usd.functions ?? 0,
        otherUsd: usd.other ?? 0,
      });
      /** One call of `name`, as long as the runner's call `record` took. */
      const oneCall = (name: string, record: Invocation): CallTimes => new Map([[name, { calls: 1, totalMs: record.durationMs }]]);
      const p = listPrices;
      const festivalSeconds = m.festivalDayHours * 3600;
      const day = (firstVisit: Counts, bundled: boolean): Line[] => {
        const perFestival: Line[] = [
          line('first visits', 'measured', m.visitors, { reads: firstVisit.clientReads + firstVisit.rulesReads, hosting: bundled ? bundleGzip : 0 }),
          // More than 30 minutes apart: the live/programme listener is billed as a new query, as on a first visit.
          line('return visits', 'measured', m.visitors * m.returnVisitsPerVisitor, {
            reads: bundled ? Math.max(returnVisit.clientReads + returnVisit.rulesReads, firstBundle.clientReads + firstBundle.rulesReads) : firstPlain.clientReads + firstPlain.rulesReads,
            hosting: bundled ? bundleGzip : 0,
          }),
          // The app's commit (favourite + toggle limit) and the rules' reads judging it; its invocations (the trigger, countFavorite); the counting per publication (see publication()).
          appCommitLine('favourites: writes (app commit, rules)', favourites, favourite, favouriteCalls),
          line("favourites: friends' plan check", 'measured', favourites, { reads: friendPlanCheck.serverReads, writes: friendPlanCheck.serverWrites }),
          line('favourites: counting (publications)', 'model', publications, publication),
          // Each publication is one read per open app, however many favourites it carries, and the whole document downloaded.
          line('favourites: live/sets in open apps', 'model', publications * openApps, { reads: favouriteFanOut, firestoreEgress: liveSetsBytes }),
          line('photo uploads: pipeline', 'measured', photos, {
            reads: upload.serverReads + upload.rulesReads,
            writes: upload.serverWrites + upload.clientWrites,
            classA: upload.classA,
            classB: upload.classB,
            invocations: upload.invocations - uploadCalls.publicationCalls,
            calls: uploadCalls.perMessage,
          }),
          line('photo uploads: wall queries (publications)', 'model', wallPublications, { reads: LIVE_WALL_SIZE - 1, invocations: uploadCalls.publicationCalls, calls: uploadCalls.publication }),
          // Straight from Storage (no CDN): each tile, photo and picture a class B operation and its bytes, the rendition the browser picks.
          line('photo wall tiles (real photos, as picked)', 'model', m.visitors * m.wallTilesPerVisitor, { classB: 1, egress: mixed((chosen) => chosen.tile) }),
          line('lightbox photos (real photos, as picked)', 'model', m.visitors * m.lightboxOpensPerVisitor, { classB: 1, egress: mixed((chosen) => chosen.lightbox.bytes) }),
          // No line for the line-up: it names artists without pictures (ArtistPicture is drawn on the artist's page and in the staff editor only).
          line('artist pictures: artist pages', 'assumed', m.visitors * m.artistPagesPerVisitor, { classB: 1, egress: mixed((chosen) => chosen.artistLarge.bytes) }),
          appCommitLine('reactions: writes (app commit, rules)', reactionCount, laterReaction, reactionCalls),
          line('reactions: counting (publications)', 'model', reactionPublications, reactionPublication),
          line("reactions: a photo's first (every kind)", 'measured', photos, firstReactionExtra),
          // Each publication is one read per open wall, however many reactions and new photos it carries, and the whole document downloaded.
          line('live/photos on open walls', 'model', livePhotosPublications * walls, { reads: reactionFanOut, firestoreEgress: livePhotosBytes }),
          ...(bundled ? [line('bundle: CDN misses', 'assumed', m.bundleFunctionCalls, { invocations: 1, classB: 1, calls: oneCall('programmeBundle', bundleCall) })] : []),
          // FIRST_PAGE_READS (the shell itself is a conditional fetch from Hosting: a 304, no bytes); its duration taken as the bundle's (not measured).
          line('first page: CDN misses', 'assumed', m.firstPageFunctionCalls, { reads: FIRST_PAGE_READS, invocations: 1, calls: oneCall('firstPage', bundleCall) }),
          // Every staff request through the rules reads the person's festivals/{f}/staff/{uid} once (a
          // visitor's never does: the second-factor check comes first), a write the festival too. Held by emulators/test/rules/encore-staff-reads.test.ts.
          line('staff requests: role and archived checks', 'assumed', m.staffRequestsPerFestival, { reads: STAFF_REQUEST_READS }),
          // The app from Hosting: a new device precaches it; a release during the day is fetched by every device that comes back.
          line('app: first visit (precache + sw.js)', 'measured', m.visitors, { hosting: app.precachedBytes + app.serviceWorkerBytes }),
          line('app: update (a release, every device)', 'assumed', m.visitors * m.releasesPerDay, {
            hosting: app.serviceWorkerBytes + app.unhashedBytes + m.releaseChangedShare * app.hashedBytes,
          }),
          // What the day's photos keep in Storage, for as long as they are kept (per GiB-month).
          // The original until the nightly job retires it, the renditions for the whole retention.
          priced('Storage at rest: the day\'s photos', 'measured', {
            other: (photos * festivals * p.storage.atRestByteMonth * (originalBytesAtRest * m.originalRetentionDays + (photoBytesAtRest - originalBytesAtRest) * m.photoRetentionDays)) / 30,
          }),
        ];
        // ---- per project: the functions' instances, Pub/Sub, Logging, Scheduler, accounts ----
        const calls: CallTimes = new Map();
        for (const l of perFestival) addCalls(calls, l.calls, 1);
        const instances = instanceDay(calls, settings, festivalSeconds);
        const instanceLine = (name: string, of: typeof instances) =>
          priced(name, 'model', { functions: of.reduce((sum, i) => sum + i.vcpuSeconds * p.functions.vcpuSecond + i.gibSeconds * p.functions.gibSecond, 0) });
        const top = instances.slice(0, 4);
        const totalCalls = [...calls.values()].reduce((sum, c) => sum + c.calls, 0);
        const logged = dayLogBytes(calls, ownLogsPerCall, m);
        const pubsubDeliveries = [...calls].filter(([name]) => settings.get(name)?.kind === 'pubsub').reduce((sum, [, c]) => sum + c.calls, 0);
        // Every delivery's message published once (an upper bound: a topic with several subscribers publishes once).
        const pubsubBytes = 2 * pubsubDeliveries * m.pubsubBytesPerMessage;
        const scheduled = [...settings.values()].filter((s) => s.kind === 'schedule').length;
        // Browsing alone makes no account (web: sign-in-on-demand.ts; web/test/browser/lazy-account.test.ts proves it).
        const accounts = visitors * (1 - m.browsingOnlyShare);
        const signedUp = visitors * m.uploaderShare;
        const perProject: Line[] = [
          ...top.map((i) =>
            instanceLine(
              `instances: ${i.name} (${i.settings.memoryGiB} GiB, ${i.settings.vcpu} vCPU, ${i.settings.concurrency}/instance, ${Math.round(i.meanSeconds * 1000)} ms a call)`,
              [i],
            ),
          ),
          instanceLine(`instances: the other ${instances.length - top.length} functions`, instances.slice(top.length)),
          priced(`Pub/Sub: ${Math.round(pubsubDeliveries).toLocaleString('en-US')} deliveries`, 'model', { other: pubsubBytes * p.pubsub.throughputByte }),
          priced(
            `Logging: ${Math.round(totalCalls).toLocaleString('en-US')} calls, their own lines (${Math.round(logged.ownBytes / 2 ** 20).toLocaleString('en-US')} MiB)${m.successfulRequestLogsExcluded ? '' : ' and request logs'}`,
            'model',
            { other: logged.bytes * p.logging.ingestedByte },
          ),
          priced(`Scheduler: ${scheduled} jobs (a month's price / 30)`, 'measured', { other: (scheduled * p.scheduler.jobMonth) / 30 }),
          // A month's accounts: a festival of one day pays the month's MAU for its crowd (Tier 1: email, anonymous, social).
          // The price list: "Anonymous users are not included in the count of monthly active users if you've enabled
          // automatic clean-up", which the README's deploy steps turn on (Second factors): the uploaders' verified accounts remain.
          priced(`Identity Platform: ${Math.round(signedUp).toLocaleString('en-US')} verified accounts (the month's MAU, anonymous clean-up on)`, 'assumed', { other: identityPlatformMonth(signedUp) }),
        ];
        if (bundled) {
          print('');
          // The photos' lines from Storage, and the same downloads through Cloud CDN: each new photo's picked renditions
          // (a tile at each screen and the lightbox's) filled once per cache location, as the bundle's CDN misses assume.
          const photoLines = perFestival.filter((l) => PHOTO_DOWNLOAD_LINES.some((name) => l.name.startsWith(name)));
          const fillsPerPhoto = 3;
          const downloads: PhotoDownloads = {
            requests: photoLines.reduce((sum, l) => sum + l.classB, 0),
            bytes: photoLines.reduce((sum, l) => sum + l.egress, 0),
            fills: photos * festivals * CDN_CACHE_LOCATIONS * fillsPerPhoto,
            fillBytes: photos * festivals * CDN_CACHE_LOCATIONS * (screens[0][1].tile + screens[1][1].tile + screens[0][1].lightbox.bytes),
          };
          const [fromStorage, throughCdn] = [storageDay(downloads), cloudCdnDay(downloads)];
          print(
            `the photos' downloads (${Math.round(downloads.requests).toLocaleString('en-US')} requests, ${(downloads.bytes / 2 ** 30).toFixed(1)} GiB): $${fromStorage.toFixed(2)} a day straight from Storage, as deployed; ` +
              `through Cloud CDN (docs/data-contract.md, "Photo tiles: cache and CDN"; not set up by this repository's deploy) $${throughCdn.toFixed(2)}, ` +
              `${throughCdn < fromStorage ? `$${(fromStorage - throughCdn).toFixed(2)} less` : `$${(throughCdn - fromStorage).toFixed(2)} more`} ` +
              `(cache egress $${(p.cdn.cacheEgressByte * 2 ** 30).toFixed(2)} a GiB against $${(p.storage.egressByte * 2 ** 30).toFixed(2)}, but a lookup a request, ` +
              `each new photo's renditions filled into ${CDN_CACHE_LOCATIONS} cache locations from Storage, and the forwarding rule's $${(24 * p.cdn.forwardingRuleHour).toFixed(2)} a day)`,
          );
          print(
            `Cloud Logging: the request logs of the day's ${Math.round(totalCalls).toLocaleString('en-US')} calls (${MODEL.requestLogBytesPerCall} B each, assumed) would cost ` +
              `$${(logged.requestBytes * p.logging.ingestedByte).toFixed(2)} a day more without the exclusion of those that succeeded (README, Deploying${m.successfulRequestLogsExcluded ? ', as deployed' : ': not applied in this model'})`,
          );
          print(
            `Identity Platform: ${Math.round(accounts).toLocaleString('en-US')} accounts a month cost $${identityPlatformMonth(accounts).toFixed(2)}; with the project's automatic clean-up of anonymous ` +
              `accounts on (as deployed: README, Deploying), anonymous visitors are not counted as MAU (cloud.google.com/identity-platform/pricing), leaving the uploaders' verified accounts ` +
              `(${Math.round(signedUp).toLocaleString('en-US')}): $${identityPlatformMonth(signedUp).toFixed(2)}`,
          );
          print(
            `instance time (${bundled ? 'with the bundle' : 'without it'}; Cloud Run request-based billing: busy instance time at each function's memory and vCPU, ` +
              `durations from the local runner: a favourite's, a reaction's and a photo's functions the median of ${DURATION_REPEATS + 1}, ${DURATION_REPEATS + 1} and ${PHOTO_DURATION_REPEATS + 1} runs; occupancy over ${m.festivalDayHours} h): ` +
              instances
                .slice(0, 8)
                .map((i) => `${i.name} ${Math.round(i.calls).toLocaleString('en-US')} calls, ${Math.round(i.instanceSeconds).toLocaleString('en-US')} instance-s`)
                .join('; '),
          );
        }
        return [...perFestival, ...perProject];
      };
      const cost = (l: Line) => ({
        firestore: l.reads * p.firestore.read + l.writes * p.firestore.write + l.deletes * p.firestore.delete + l.firestoreEgress * p.firestore.egressByte,
        storage: l.classA * p.storage.classA + l.classB * p.storage.classB + l.egress * p.storage.egressByte,
        hosting: l.hosting * p.hosting.transferByte,
        functions: l.invocations * p.functions.invocation + l.functionsUsd,
        other: l.otherUsd,
      });
      const money = (usd: number) => `$${usd.toFixed(2)}`.padStart(9);
      const big = (n: number) => Math.round(n).toLocaleString('en-US').padStart(13);
      const printDay = (title: string, lines: Line[]) => {
        print('');
        print(title);
        print(`${'line'.padEnd(74)} ${'basis'.padEnd(8)} ${'reads'.padStart(13)} ${'writes'.padStart(13)} ${'Firestore'.padStart(9)} ${'Storage'.padStart(9)} ${'Hosting'.padStart(9)} ${'Functions'.padStart(9)} ${'Other'.padStart(9)}`);
        const total = { firestore: 0, storage: 0, hosting: 0, functions: 0, other: 0 };
        for (const l of lines) {
          const c = cost(l);
          for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += c[key];
          print(`${l.name.padEnd(74)} ${l.basis.padEnd(8)} ${big(l.reads)} ${big(l.writes)} ${money(c.firestore)} ${money(c.storage)} ${money(c.hosting)} ${money(c.functions)} ${money(c.other)}`);
        }
        const sum = total.firestore + total.storage + total.hosting + total.functions + total.other;
        print(
          `${'total'.padEnd(74)} ${''.padEnd(8)} ${big(lines.reduce((s, l) => s + l.reads, 0))} ${big(lines.reduce((s, l) => s + l.writes, 0))} ${money(total.firestore)} ${money(total.storage)} ${money(total.hosting)} ${money(total.functions)} ${money(total.other)}   = ${money(sum).trim()} a day`,
        );
        const egress = lines.reduce((s, l) => s + l.firestoreEgress, 0) * p.firestore.egressByte;
        const operationsOnly = total.firestore - egress;
        print(`  of which Firestore egress (live documents) ${money(egress).trim()}; Firestore operations only (the yardstick of issues 33-36): ${money(operationsOnly).trim()}`);
        return { sum, operationsOnly };
      };
      print('');
      print(
        `Modelled festival day: ${m.visitors.toLocaleString('en-US')} visitors; each: 1 first visit + ${m.returnVisitsPerVisitor} return visits, ${m.favouritesPerVisitor} favourites, ` +
          `${m.reactionsPerVisitor} reactions, ${m.wallTilesPerVisitor} wall tiles (${m.wideTileShare * 100}% wide), ${m.lightboxOpensPerVisitor} photos opened, ${m.artistPagesPerVisitor} artist pages; ` +
          `${m.phoneShare * 100}% on phones; ${m.uploaderShare * 100}% upload ${m.photosPerUploader} photos; ` +
          `${m.openAppsShare * 100}% of apps open at any moment (${openApps.toLocaleString('en-US')}), ${m.photoWallShare * 100}% of those on the photo wall (${walls.toLocaleString('en-US')}); ` +
          `accounts on a first action (${m.browsingOnlyShare * 100}% only browse). ` +
          `Basis: measured = counted on the local stack (or the build, or the photos) per action and scaled; model = computed from measurements by the model in bill.ts; assumed = an input of MODEL or a constant.`,
      );
      const withBundle = printDay('with the programme bundle', day(firstBundle, true));
      const withoutBundle = printDay('without it (every visit reads the programme)', day(firstPlain, false));
      print('');
      // An open wall's download a day: live/photos at each publication, against one photo document per new photo as before.
      const photoDocBytes = photoDocumentBytes;
      print(
        `an open wall downloads ${((livePhotosPublications * livePhotosBytes) / 2 ** 20).toFixed(1)} MiB of live/photos a day ` +
          `(listening to the photos themselves it read every new photo: ${((photos * photoDocBytes) / 2 ** 20).toFixed(1)} MiB of photo documents, ${photos.toLocaleString('en-US')} reads)`,
      );
      print(`the bundle saves ${money(withoutBundle.sum - withBundle.sum).trim()} a day (${((1 - withBundle.sum / withoutBundle.sum) * 100).toFixed(0)}%); list prices dated ${PRICES_DATED} (functions/bench/prices.ts: ${PRICE_SOURCES.join(', ')}); no free tier`);
      return withBundle;
    };
    {
      // The issue's yardstick: billed operations per reaction, amortised at 100 reactions a minute on one festival.
      const perInterval = (100 / 60) * LIVE_PUBLISH_INTERVAL_SECONDS;
      const publication = laterReaction.serverReads - 1 + perInterval * 1 + laterReaction.serverWrites;
      print('');
      print(
        `counting at 100 reactions a minute: ${(publication / perInterval).toFixed(2)} billed operations per reaction (functions; one publication per ${LIVE_PUBLISH_INTERVAL_SECONDS} s ` +
          `for ${perInterval.toFixed(1)} reactions on as many photos, one count() each), plus the person's own write; a photo's first reaction ${firstReactionExtra.reads} reads more (target: at most 4)`,
      );
    }
    const small = modelDay(MODEL.visitors);
    const large = modelDay(4 * MODEL.visitors);
    const quiet = () => {};
    const twoFestivals = modelDay(MODEL.visitors, 2, quiet);
    const twoLarge = modelDay(4 * MODEL.visitors, 2, quiet);
    print('');
    print(
      `two festivals on one project, ${(MODEL.visitors / 2).toLocaleString('en-US')} visitors each: $${twoFestivals.sum.toFixed(2)} a day (${(twoFestivals.sum / small.sum).toFixed(2)}x one festival of ${MODEL.visitors.toLocaleString('en-US')}); ` +
        `with 4x the crowd ($${twoLarge.sum.toFixed(2)}): ${(twoLarge.sum / twoFestivals.sum).toFixed(2)}x (target: at most 4.5x, linear)`,
    );
    // The target is over: what other product choices would pay, priced by the same model, not made
    // here (each changes what visitors see; the counts and photos above are the deployed app's).
    const choices: Array<[string, Choices]> = [
      ['live counts and the wall every 60 s (up to a minute late) instead of 30 s', { intervalSeconds: 60 }],
      [`a wall that shows 20 tiles until asked for more (instead of ${MODEL.wallTilesPerVisitor} seen a visitor)`, { wallTilesPerVisitor: 20 }],
      ['both', { intervalSeconds: 60, wallTilesPerVisitor: 20 }],
      ['every 120 s and 20 tiles', { intervalSeconds: 120, wallTilesPerVisitor: 20 }],
    ];
    print('');
    print(
      `other choices, priced for ${MODEL.visitors.toLocaleString('en-US')} visitors (not made: each changes what visitors see): ` +
        choices.map(([what, choice]) => `${what}: $${modelDay(MODEL.visitors, 1, quiet, choice).sum.toFixed(2)}`).join('; '),
    );
    print('');
    print(
      `the whole ${MODEL.visitors.toLocaleString('en-US')}-visitor day: $${small.sum.toFixed(2)} (target: at most $${DAY_TARGET_USD}) ${small.sum <= DAY_TARGET_USD ? 'OK' : 'OVER TARGET'}; ` +
        `${(4 * MODEL.visitors).toLocaleString('en-US')} visitors: $${large.sum.toFixed(2)}, ${(large.sum / small.sum).toFixed(2)}x (target: at most 4.5x) ${large.sum / small.sum <= 4.5 ? 'OK' : 'OVER TARGET'} ` +
        `(Firestore operations only: ${(large.operationsOnly / small.operationsOnly).toFixed(2)}x, $${large.operationsOnly.toFixed(2)} / $${small.operationsOnly.toFixed(2)})`,
    );
  } finally {
    await Promise.all(apps.map((app) => deleteApp(app)));
    await stack.stop();
  }
}

await runQuietly(import.meta.url, async (print) => {
  await runBill(print);
  // Once the figures are out the child is done, whatever handles the SDKs leave open.
  process.exit(0);
});
