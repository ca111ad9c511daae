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
  setDoc,
  updateDoc,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { connectStorageEmulator, getStorage, ref, uploadBytes } from 'firebase/storage';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { fetchUsage, resetUsage, type StackUsage } from '@encore/emulators/stack';
import { LIVE_PHOTOS_SIZE, LIVE_PUBLISH_INTERVAL_SECONDS, LIVE_TRENDING_SIZE, LIVE_WALL_SIZE, firestorePaths, storagePaths, type ProgrammeCollection } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { twelveMegapixelJpeg } from './_photo-bench.js';
import { runQuietly } from './_stack-child.js';
import { listPrices, PRICE_SOURCES, PRICES_DATED } from './prices.js';
import { FESTIVAL_ID, startEncoreStack, waitForDoc, type EncoreStack } from '../test/integration/local-stack.js';

const PROJECT = 'demo-bench-bill';
const COLLECTIONS: ProgrammeCollection[] = ['stages', 'artists', 'performances'];

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
  photoViewsPerVisitor: 40,
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

/**
 * Reads per first page the CDN misses: the festival's document, its first set (the header's
 * countdown), its brand icon and logo (the head's icons and link preview) and, at `/`, the site's
 * settings (the festival `/` opens). 5 is the upper bound (`/f/{id}/` pays 4).
 */
const FIRST_PAGE_READS = 5;

interface Counts {
  clientReads: number;
  clientWrites: number;
  serverReads: number;
  serverWrites: number;
  deletes: number;
  classA: number;
  classB: number;
  storageBytesOut: number;
  invocations: number;
}

function counts(usage: StackUsage, invocations: number): Counts {
  const { client, server } = usage.firestore.byClient;
  return {
    clientReads: client.reads,
    clientWrites: client.writes,
    serverReads: server.reads,
    serverWrites: server.writes,
    deletes: client.deletes + server.deletes,
    classA: usage.storage.total.classA,
    classB: usage.storage.total.classB,
    storageBytesOut: usage.storage.byClient.client.bytesOut,
    invocations,
  };
}

/** Resets the counters, runs `action`, waits for the backend to go quiet, and returns what it cost. */
async function measure(stack: EncoreStack, action: () => Promise<void>, settled: () => Promise<void> = async () => {}): Promise<Counts> {
  const hosts = { firestore: stack.hosts.firestore, storage: stack.hosts.storage };
  await resetUsage(hosts, PROJECT);
  const before = stack.invocations.records.length;
  await action();
  await settled();
  return counts(await fetchUsage(hosts, PROJECT), stack.invocations.records.length - before);
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

async function seedProgramme(stack: EncoreStack): Promise<number> {
  const seed = encore2026();
  if (seed.festivalId !== FESTIVAL_ID) throw new Error(`the seed is ${seed.festivalId}, the stack's festival ${FESTIVAL_ID}`);
  const writes: Array<[string, object]> = [
    [firestorePaths.festival(FESTIVAL_ID), seed.festival],
    ...seed.stages.map(({ id, data }) => [firestorePaths.stage(FESTIVAL_ID, id), data] as [string, object]),
    ...seed.artists.map(({ id, data }) => [firestorePaths.artist(FESTIVAL_ID, id), data] as [string, object]),
    ...seed.performances.map(({ id, data }) => [firestorePaths.performance(FESTIVAL_ID, id), data] as [string, object]),
  ];
  for (let start = 0; start < writes.length; start += 400) {
    const batch = stack.db.batch();
    for (const [path, data] of writes.slice(start, start + 400)) batch.set(stack.db.doc(path), data);
    await batch.commit();
  }
  return writes.length;
}

const PROGRAMME_TRIGGERS = ['onFestivalWritten', 'onStageWritten', 'onArtistWritten', 'onPerformanceWritten'];

async function runBill(print: (line: string) => void): Promise<void> {
  const printOut = print;
  const stack = await startEncoreStack({ projectId: PROJECT });
  const apps: FirebaseApp[] = [];
  const client = (name: string, lru = false) => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key', storageBucket: stack.bucket }, name);
    apps.push(app);
    const db = initializeFirestore(app, { localCache: memoryLocalCache(lru ? { garbageCollector: memoryLruGarbageCollector() } : {}) });
    const [host, port] = stack.hosts.firestore.split(':');
    connectFirestoreEmulator(db, host!, Number(port));
    return { app, db };
  };
  try {
    // The whole seed programme; every write is a staff edit, so the bundle is rebuilt: wait for the last rebuild.
    const written = await seedProgramme(stack);
    const programmeTriggers = () => stack.invocations.records.filter((record) => PROGRAMME_TRIGGERS.includes(record.function) && record.outcome === 'ok').length;
    await stack.invocations.until(() => programmeTriggers() >= written, 'the programme triggers', 180_000);
    await stack.invocations.until(() => stack.invocations.ok('rebuildProgrammeBundle').length >= programmeTriggers(), 'the bundle rebuilds', 180_000);
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
    const favouriter = client('favouriter');
    const counted = () => new Set(stack.invocations.ok('countFavorite').map((record) => record.eventId)).size;
    const countedBefore = counted();
    // Every write of a favourite also checks the friends' plan (handlePublishFriendPlan, in the
    // same onFavoriteWritten invocation that publishes the count's event).
    const planChecks = () => stack.invocations.ok('onFavoriteWritten').length;
    const planChecksBefore = planChecks();
    const favouriteRef = doc(favouriter.db, firestorePaths.favorite('bench-visitor', setId));
    const favourite = await measure(
      stack,
      () => setDoc(favouriteRef, { festivalId: FESTIVAL_ID, performanceId: setId, createdAt: new Date() }),
      async () => {
        await stack.invocations.until(() => counted() > countedBefore && planChecks() > planChecksBefore, 'the favourite counted and its friends plan checked');
        await new Promise<void>((resolve) => {
          const stop = onSnapshot(liveSets, (snapshot) => {
            if ((snapshot.get('favorites') as Record<string, number> | undefined)?.[setId] !== 1) return;
            stop();
            resolve();
          });
        });
      },
    );
    const favouriteFanOut = favourite.clientReads; // the open app's listener update (the bench's own wait listens on the same target: no read of its own)
    stopSets();
    // The friends' plan check on its own, paid per favourite (not per publication): a priority
    // change runs only it (counting ignores a favourite that neither came nor went).
    // The bench visitor has no friend, as the model's visitors have none: one read, no write.
    const planChecksBeforeUpdate = planChecks();
    const friendPlanCheck = await measure(
      stack,
      () => updateDoc(favouriteRef, { priority: 'must' }),
      async () => void (await stack.invocations.until(() => planChecks() > planChecksBeforeUpdate, 'the friends plan checked')),
    );

    // A photo: upload to ready, then an open photo wall's view of it and a reaction.
    const uploader = client('uploader');
    const storage = getStorage(uploader.app);
    const [storageHost, storagePort] = stack.hosts.storage.split(':');
    connectStorageEmulator(storage, storageHost!, Number(storagePort));
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
    const upload = await measure(
      stack,
      async () => {
        await uploadBytes(ref(storage, storagePaths.upload({ uid: 'bench-uploader', festivalId: FESTIVAL_ID, photoId })), new Uint8Array(original), { contentType: 'image/jpeg' });
      },
      async () => {
        const done = await waitForDoc(stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId)), (data) => data !== undefined && data.status !== 'processing', 180_000);
        if (done?.status !== 'ready') throw new Error(`the bench photo ended ${String(done?.status)}`);
        // The photo's change reaches its counters, its clean-up and the uploader's notice too.
        await stack.invocations.until(() => ['countPhoto', 'cleanUpPhoto', 'notifyUploader', 'publishWallPhoto'].every((name) => stack.invocations.ok(name).length > 0), 'the photo.changed subscribers');
        await wallShows(photoId);
      },
    );
    const renditions = await getAdminStorage(stack.admin).bucket(stack.bucket).getFiles({ prefix: `photos/${FESTIVAL_ID}/${photoId}/` });
    const viewFile = renditions[0].find((file) => file.name.endsWith('/800.webp')) ?? renditions[0][0]!;
    const viewBytes = Number(viewFile.metadata.size);
    const reactions = () => new Set(stack.invocations.ok('countReaction').map((record) => record.eventId)).size;
    /** One reaction and its publication, seen by the open wall (its wait listens on the wall's own target: no read of its own). */
    const react = async (uid: string, kind: string) => {
      const before = reactions();
      return measure(
        stack,
        () => setDoc(doc(favouriter.db, firestorePaths.reaction(FESTIVAL_ID, photoId, uid)), { kind, createdAt: new Date() }),
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
    const reaction = await react('bench-visitor', 'love');
    // A later reaction on the same photo, after the publication interval: the photo is in the live document.
    await new Promise((resolve) => setTimeout(resolve, LIVE_PUBLISH_INTERVAL_SECONDS * 1000));
    const laterReaction = await react('bench-visitor-2', 'fire');
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

    // ---- per action ----------------------------------------------------------------------
    print(`Programme: ${documents} documents (festival, stages, artists, sets); bundle ${(bundle.byteLength / 1024).toFixed(0)} KiB, ${(bundleGzip / 1024).toFixed(0)} KiB gzipped (Hosting compresses)`);
    print('');
    print('per action (counted on the local stack)      client r/w     functions r/w   deletes  Storage A/B   bytes out   invocations');
    const row = (name: string, c: Counts, note = '') =>
      print(
        `${name.padEnd(44)} ${`${c.clientReads}/${c.clientWrites}`.padStart(9)}   ${`${c.serverReads}/${c.serverWrites}`.padStart(13)}   ${String(c.deletes).padStart(7)}  ${`${c.classA}/${c.classB}`.padStart(10)}  ${String(c.storageBytesOut).padStart(10)}   ${String(c.invocations).padStart(11)}${note}`,
      );
    row('first visit, no bundle (baseline)', firstPlain);
    row('first visit, bundle', firstBundle, `   + ${(bundleGzip / 1024).toFixed(0)} KiB from Hosting`);
    row('return visit within 30 min (resumes)', returnVisit);
    row('favourite (1 app open elsewhere)', favourite, `   (${favouriteFanOut} of the reads: the open app's update)`);
    row("  of which its friends' plan check", friendPlanCheck, '   (measured with a priority change; the person has no friend)');
    row('photo upload, 12 MP JPEG (1 photo wall open)', upload, `   (${(original.byteLength / 2 ** 20).toFixed(1)} MiB in)`);
    row("reaction, the photo's first (1 wall open)", reaction, `   (${reaction.clientReads} of the reads: the open wall's update)`);
    row('reaction, a later one (1 wall open)', laterReaction, `   (${laterReaction.clientReads} of the reads: the open wall's update)`);
    print(`photo view: 1 download of the 800 px rendition, ${(viewBytes / 1024).toFixed(0)} KiB, 1 class B operation`);
    print(
      `live documents at the day's full size (JSON): live/sets ${(liveSetsBytes / 1024).toFixed(1)} KiB (${MODEL.setsPerDay} sets, trending ${LIVE_TRENDING_SIZE}); ` +
        `live/photos ${(livePhotosBytes / 1024).toFixed(1)} KiB (${LIVE_WALL_SIZE} wall tiles of ${tileBytes} B, ${LIVE_PHOTOS_SIZE} reaction entries of ${reactionEntryBytes} B); publication interval ${LIVE_PUBLISH_INTERVAL_SECONDS} s`,
    );

    // A photo's first reaction also reads the photo and counts every kind (paid once per photo).
    const firstReactionExtra = { reads: Math.max(0, reaction.serverReads - laterReaction.serverReads), writes: Math.max(0, reaction.serverWrites - laterReaction.serverWrites) };

    // ---- the modelled day ----------------------------------------------------------------
    // The day for one crowd size: every line from the per-action counts above.
    const modelDay = (visitors: number, festivals = 1, print: (line: string) => void = printOut): { sum: number; operationsOnly: number } => {
      // Several festivals on one project: each pays its own publications, CDN misses and staff work for its own crowd.
      const m = { ...MODEL, visitors: visitors / festivals };
      const openApps = m.visitors * m.openAppsShare;
      const walls = openApps * m.photoWallShare;
      const photos = m.visitors * m.uploaderShare * m.photosPerUploader;
      const favourites = m.visitors * m.favouritesPerVisitor;
      const reactionCount = m.visitors * m.reactionsPerVisitor;
      // Each update a listener hears is one read per open listener: the measured update reads (one open app) times the apps open.
      // The live document is published at most every LIVE_PUBLISH_INTERVAL_SECONDS over the festival day, and at most once per favourite.
      const publications = Math.min(favourites, (m.festivalDayHours * 3600) / LIVE_PUBLISH_INTERVAL_SECONDS);
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
      const publication = { reads: PER_PUBLICATION + dirtySets * perSet * Math.max(1, Math.ceil(averageFans / 2 / 1000)), writes: favourite.serverWrites - friendPlanCheck.serverWrites };
      // live/photos is published when reactions or the wall changed: at most once an interval.
      const livePhotosPublications = Math.min(reactionCount + photos, (m.festivalDayHours * 3600) / LIVE_PUBLISH_INTERVAL_SECONDS);
      // Publications that query the wall: one per new photo at most, one an interval at most. The
      // bench's query read the one ready photo there was; at the festival it reads a full wall.
      const wallPublications = Math.min(photos, (m.festivalDayHours * 3600) / LIVE_PUBLISH_INTERVAL_SECONDS);
      // Reactions, published like favourites: the reaction's write and its two invocations (trigger,
      // countReaction); per publication of live/photos, the functions' reads and writes. Measured: a
      // publication for a photo already in the live document (the later reaction: one kind counted)
      // is the fixed part plus one count(); a photo's first reaction counts every kind and reads the
      // photo (the difference, paid once per photo). Each open wall reads each publication once.
      const reactionFanOut = laterReaction.clientReads;
      const reactionPublications = Math.min(reactionCount, (m.festivalDayHours * 3600) / LIVE_PUBLISH_INTERVAL_SECONDS);
      const perInterval = reactionCount / reactionPublications;
      // The reactions of one interval land on distinct photos at worst (one count() each), at most the live document's photos.
      const dirtyPhotos = Math.min(perInterval, LIVE_PHOTOS_SIZE);
      const countsPerPhoto = Math.min(4, Math.ceil(perInterval / dirtyPhotos));
      const fixedReads = laterReaction.serverReads - 1;
      const reactionPublication = { reads: fixedReads + dirtyPhotos * countsPerPhoto, writes: laterReaction.serverWrites };
      type Line = { name: string; reads: number; writes: number; deletes: number; classA: number; classB: number; egress: number; firestoreEgress: number; hosting: number; invocations: number };
      const line = (name: string, perFestival: number, c: Partial<Omit<Line, 'name'>>): Line => {
        const times = perFestival * festivals;
        return {
          name,
          reads: (c.reads ?? 0) * times,
          writes: (c.writes ?? 0) * times,
          deletes: (c.deletes ?? 0) * times,
          classA: (c.classA ?? 0) * times,
          classB: (c.classB ?? 0) * times,
          egress: (c.egress ?? 0) * times,
          firestoreEgress: (c.firestoreEgress ?? 0) * times,
          hosting: (c.hosting ?? 0) * times,
          invocations: (c.invocations ?? 0) * times,
        };
      };
      const day = (firstVisit: Counts, bundled: boolean): Line[] => [
        line('first visits', m.visitors, { reads: firstVisit.clientReads, hosting: bundled ? bundleGzip : 0 }),
        // More than 30 minutes apart: the live/programme listener is billed as a new query, as on a first visit.
        line('return visits', m.visitors * m.returnVisitsPerVisitor, { reads: bundled ? Math.max(returnVisit.clientReads, firstBundle.clientReads) : firstPlain.clientReads, hosting: bundled ? bundleGzip : 0 }),
        // The visitor's write and its two invocations per favourite; the counting per publication (see publication()).
        line('favourites: writes', favourites, { writes: favourite.clientWrites, deletes: favourite.deletes, invocations: favourite.invocations }),
        line("favourites: friends' plan check", favourites, { reads: friendPlanCheck.serverReads, writes: friendPlanCheck.serverWrites }),
        line('favourites: counting (publications)', publications, publication),
        // Each publication is one read per open app, however many favourites it carries, and the whole document downloaded.
        line('favourites: live/sets in open apps', publications * openApps, { reads: favouriteFanOut, firestoreEgress: liveSetsBytes }),
        line('photo uploads: pipeline', photos, { reads: upload.serverReads, writes: upload.serverWrites + upload.clientWrites, classA: upload.classA, classB: upload.classB, invocations: upload.invocations }),
        line('photo uploads: wall queries (publications)', wallPublications, { reads: LIVE_WALL_SIZE - 1 }),
        line('photo views', m.visitors * m.photoViewsPerVisitor, { classB: 1, egress: viewBytes }),
        line('reactions: writes', reactionCount, { writes: laterReaction.clientWrites, deletes: laterReaction.deletes, invocations: laterReaction.invocations }),
        line('reactions: counting (publications)', reactionPublications, reactionPublication),
        line("reactions: a photo's first (every kind)", photos, firstReactionExtra),
        // Each publication is one read per open wall, however many reactions and new photos it carries, and the whole document downloaded.
        line('live/photos on open walls (photos, reactions)', livePhotosPublications * walls, { reads: reactionFanOut, firestoreEgress: livePhotosBytes }),
        ...(bundled ? [line('bundle: CDN misses', m.bundleFunctionCalls, { invocations: 1, classB: 1 })] : []),
        // FIRST_PAGE_READS (the shell itself is a conditional fetch from Hosting: a 304, no bytes).
        line('first page: CDN misses', m.firstPageFunctionCalls, { reads: FIRST_PAGE_READS, invocations: 1 }),
        // Every staff request through the rules reads the person's festivals/{f}/staff/{uid} once (a
        // visitor's never does: the second-factor check comes first), a write the festival too. Held by emulators/test/rules/encore-staff-reads.test.ts.
        line('staff requests: the per-festival role check (and, writing, the archived check)', m.staffRequestsPerFestival, { reads: STAFF_REQUEST_READS }),
      ];
      const p = listPrices;
      const cost = (l: Line) => ({
        firestore: l.reads * p.firestore.read + l.writes * p.firestore.write + l.deletes * p.firestore.delete + l.firestoreEgress * p.firestore.egressByte,
        storage: l.classA * p.storage.classA + l.classB * p.storage.classB + l.egress * p.storage.egressByte,
        other: l.hosting * p.hosting.transferByte + l.invocations * p.functions.invocation,
      });
      const money = (usd: number) => `$${usd.toFixed(2)}`.padStart(10);
      const big = (n: number) => Math.round(n).toLocaleString('en-US').padStart(15);
      const gib = (bytes: number) => (bytes / 2 ** 30).toFixed(1).padStart(13);
      const printDay = (title: string, lines: Line[]) => {
        print('');
        print(title);
        print(`${'line'.padEnd(44)} ${'reads'.padStart(15)} ${'writes'.padStart(15)} ${'FS egress GiB'.padStart(13)}  ${'Firestore'.padStart(10)} ${'Storage'.padStart(10)} ${'Hosting+fn'.padStart(10)}`);
        let total = { firestore: 0, storage: 0, other: 0 };
        for (const l of lines) {
          const c = cost(l);
          total = { firestore: total.firestore + c.firestore, storage: total.storage + c.storage, other: total.other + c.other };
          print(`${l.name.padEnd(44)} ${big(l.reads)} ${big(l.writes)} ${gib(l.firestoreEgress)}  ${money(c.firestore)} ${money(c.storage)} ${money(c.other)}`);
        }
        const egress = lines.reduce((s, l) => s + l.firestoreEgress, 0);
        print(`${'total'.padEnd(44)} ${big(lines.reduce((s, l) => s + l.reads, 0))} ${big(lines.reduce((s, l) => s + l.writes, 0))} ${gib(egress)}  ${money(total.firestore)} ${money(total.storage)} ${money(total.other)}   = ${money(total.firestore + total.storage + total.other).trim()} a day`);
        const sum = total.firestore + total.storage + total.other;
        const operationsOnly = sum - egress * listPrices.firestore.egressByte;
        print(`${'  of which Firestore egress (live documents)'.padEnd(44)} ${money(egress * listPrices.firestore.egressByte).trim()}; operations only (the issue's yardstick, as $809.64 and $23.70 were measured): ${money(operationsOnly).trim()} a day`);
        return { sum, operationsOnly };
      };
      print('');
      print(
        `Modelled festival day: ${m.visitors.toLocaleString('en-US')} visitors; each: 1 first visit + ${m.returnVisitsPerVisitor} return visits, ${m.favouritesPerVisitor} favourites, ` +
          `${m.reactionsPerVisitor} reactions, ${m.photoViewsPerVisitor} photo views; ${m.uploaderShare * 100}% upload ${m.photosPerUploader} photos; ` +
          `${m.openAppsShare * 100}% of apps open at any moment (${openApps.toLocaleString('en-US')}), ${m.photoWallShare * 100}% of those on the photo wall (${walls.toLocaleString('en-US')}). ` +
          `Return visits come more than 30 minutes apart: without the bundle a listener resumed that late is billed as a new query (every document); ` +
          `with it, the app shows the latest bundle (at most ~15 minutes old) and listens to live/programme again, a new query of one document.`,
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
      print(`the bundle saves ${money(withoutBundle.sum - withBundle.sum).trim()} a day (${((1 - withBundle.sum / withoutBundle.sum) * 100).toFixed(0)}%); list prices dated ${PRICES_DATED} (functions/bench/prices.ts: ${PRICE_SOURCES.join(', ')}); no free tier, CPU or memory time`);
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
    print('');
    print(
      `${(4 * MODEL.visitors).toLocaleString('en-US')} visitors cost ${(large.sum / small.sum).toFixed(2)}x the ${MODEL.visitors.toLocaleString('en-US')}-visitor day ` +
        `($${large.sum.toFixed(2)} / $${small.sum.toFixed(2)}; operations only ${(large.operationsOnly / small.operationsOnly).toFixed(2)}x: $${large.operationsOnly.toFixed(2)} / $${small.operationsOnly.toFixed(2)}) (4x the crowd; target: at most 4.5x, linear)`,
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
