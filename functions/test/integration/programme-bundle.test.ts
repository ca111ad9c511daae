/**
 * The programme as a data bundle, on the local stack: the seed's writes build it, the
 * `programmeBundle` function serves it (cache headers, ETag, 304), a staff edit rebuilds it
 * (new version, new content), and the web SDK that loads it gets the programme without
 * billed reads, its listeners reading from the server only what changed since.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, initializeFirestore, loadBundle, memoryLocalCache, namedQuery, onSnapshot, type Query, type QuerySnapshot } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUsage, resetUsage } from '@encore/emulators/stack';
import { firestorePaths, infoPagesQueryName, programmeQueryName } from '@encore/model';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-bundle-it';
/**
 * The cadence of this file's stack (the runner's env; production's is 30 s): an edit's rebuild
 * runs at once after a quiet period, else at the end of its window, so the tests wait a few
 * seconds, not half a minute.
 */
const INTERVAL_SECONDS = 3;
let stack: EncoreStack;
const webApps: FirebaseApp[] = [];

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, env: { LIVE_PUBLISH_INTERVAL_SECONDS: String(INTERVAL_SECONDS) } });
});

afterAll(async () => {
  await Promise.all(webApps.map((app) => deleteApp(app)));
  await stack?.stop();
});

const bundleUrl = () => `${stack.functionsUrl}/${stack.projectId}/europe-west1/programmeBundle/bundles/${FESTIVAL_ID}/programme.bundle`;

/**
 * The bundle once the seed's rebuilds are over: its ETag the same over two windows of polls.
 * The seed's writes each queue a rebuild, and one that lands between two requests of a test
 * changes the bytes and the ETag under it (a 304 check then saw a 200).
 */
async function settledBundleEtag(): Promise<string> {
  let etag = '';
  let sameSince = Date.now();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const response = await fetch(bundleUrl(), { headers: { 'accept-encoding': 'identity' } });
    await response.arrayBuffer();
    const now = response.headers.get('etag') ?? '';
    if (now !== etag) {
      etag = now;
      sameSince = Date.now();
    } else if (Date.now() - sameSince >= 2 * INTERVAL_SECONDS * 1000 + 500) {
      return etag;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the programme bundle was still being rebuilt after 60 s (ETag ${etag})`);
}

/** A bundle's elements: each is its length in bytes, in decimal, then that much JSON. */
function bundleElements(bytes: Buffer): Array<Record<string, { name?: string; id?: string; queries?: string[]; fields?: Record<string, { stringValue?: string }> }>> {
  const elements = [];
  let offset = 0;
  while (offset < bytes.length) {
    let digits = '';
    while (/\d/.test(String.fromCharCode(bytes[offset]!))) digits += String.fromCharCode(bytes[offset++]!);
    const length = Number(digits);
    elements.push(JSON.parse(bytes.subarray(offset, offset + length).toString('utf8')));
    offset += length;
  }
  return elements;
}

const artistName = (bytes: Buffer, id: string) =>
  bundleElements(bytes).find((element) => element.document?.name?.endsWith(`/artists/${id}`))?.document?.fields?.name?.stringValue;

/** A web SDK client in Node, as the app's is in a browser (memory cache: a first visit). */
function webFirestore(name: string) {
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' }, name);
  webApps.push(app);
  const firestore = initializeFirestore(app, { localCache: memoryLocalCache() });
  const [host, port] = stack.hosts.firestore.split(':');
  connectFirestoreEmulator(firestore, host!, Number(port));
  return firestore;
}

/** The first snapshot the server confirmed (not only the cache's). */
const fromServer = (query: Query) =>
  new Promise<QuerySnapshot>((resolve, reject) => {
    const stop = onSnapshot(query, { includeMetadataChanges: true }, (snapshot) => {
      if (snapshot.metadata.fromCache) return;
      stop();
      resolve(snapshot);
    }, reject);
  });

describe('the programme bundle', () => {
  it('is served with cache headers and an ETag, holding the festival and its named queries', async () => {
    await settledBundleEtag();
    const response = await fetch(bundleUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    const etag = response.headers.get('etag')!;
    const bytes = Buffer.from(await response.arrayBuffer());
    const elements = bundleElements(bytes);
    expect(elements[0]!.metadata).toMatchObject({ id: `programme-${FESTIVAL_ID}` });
    expect(elements.flatMap((element) => (element.namedQuery ? [element.namedQuery.name] : [])).sort()).toEqual(
      [...['artists', 'performances', 'stages'].map((name) => programmeQueryName(FESTIVAL_ID, name as 'stages')), infoPagesQueryName(FESTIVAL_ID)].sort(),
    );
    expect(artistName(bytes, 'kae')).toBe('Kae');
    expect((await fetch(bundleUrl(), { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('is gzipped for a client that accepts it, with its own ETag that still revalidates to a 304', async () => {
    await settledBundleEtag();
    const plain = await fetch(bundleUrl(), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const bytes = Buffer.from(await plain.arrayBuffer());
    // fetch decodes the body; the header says how it travelled.
    const gzipped = await fetch(bundleUrl(), { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Buffer.from(await gzipped.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = gzipped.headers.get('etag')!;
    expect(etag).not.toBe(plain.headers.get('etag'));
    const revalidated = await fetch(bundleUrl(), { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
  });

  it('a staff edit rebuilds it: a new version with the new content', async () => {
    const before = await fetch(bundleUrl());
    const etag = before.headers.get('etag');
    await stack.db.doc(firestorePaths.artist(FESTIVAL_ID, 'kae')).update({ name: 'Kae Tempest' });
    let latest = Buffer.alloc(0);
    await stack.eventually(async () => {
      const response = await fetch(bundleUrl(), { headers: { 'if-none-match': etag! } });
      if (response.status !== 200) return false;
      latest = Buffer.from(await response.arrayBuffer());
      return artistName(latest, 'kae') === 'Kae Tempest';
    }, 'a bundle with the new artist name');
    expect(artistName(latest, 'nina')).toBe('Nina');
    // Open apps hear of it through live/programme: the new bundle's build time and ETag.
    const builtAt = (bundleElements(latest)[0]!.metadata as unknown as { createTime: { seconds: string | number; nanos: number } }).createTime;
    await stack.eventually(async () => {
      const version = (await stack.db.doc(firestorePaths.programmeVersion(FESTIVAL_ID)).get()).data();
      return version?.etag === (await fetch(bundleUrl(), { headers: { 'accept-encoding': 'identity' } })).headers.get('etag') &&
        version?.builtAt.toMillis() === Number(builtAt.seconds) * 1000 + Math.floor(builtAt.nanos / 1e6);
    }, 'live/programme naming the new bundle');
  });

  it('carries what a visitor needs offline: a venue map or info page staff write rebuilds it with them', async () => {
    const before = await fetch(bundleUrl());
    const etag = before.headers.get('etag');
    const updatedAt = new Date('2026-08-01T10:00:00Z');
    await stack.db.doc(firestorePaths.venueMap(FESTIVAL_ID)).set({ markers: [{ id: 'water-1', kind: 'water', x: 0.5, y: 0.5 }], routes: [], updatedAt });
    await stack.db.doc(firestorePaths.infoPage(FESTIVAL_ID, 'lockers')).set({ order: 60, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: '' }, updatedAt });
    let latest = Buffer.alloc(0);
    await stack.eventually(async () => {
      const response = await fetch(bundleUrl(), { headers: { 'if-none-match': etag! } });
      if (response.status !== 200) return false;
      latest = Buffer.from(await response.arrayBuffer());
      const names = bundleElements(latest).flatMap((element) => (element.document?.name ? [element.document.name] : []));
      return names.some((name) => name.endsWith(`/${firestorePaths.venueMap(FESTIVAL_ID)}`)) && names.some((name) => name.endsWith(`/${firestorePaths.infoPage(FESTIVAL_ID, 'lockers')}`));
    }, 'a bundle with the venue map and the info page');
    const info = bundleElements(latest).find((element) => element.documentMetadata?.name?.endsWith('/info/lockers'));
    expect(info?.documentMetadata?.queries).toEqual([infoPagesQueryName(FESTIVAL_ID)]);
  });

  it.skipIf(official)(encoreOnly('a client that loads it listens to the programme for a handful of reads; one without reads every document', 'counting billed reads (GET /emulator/v1/projects/{p}/usage)'), async () => {
    const hosts = { firestore: stack.hosts.firestore, storage: stack.hosts.storage };
    const bytes = await (await fetch(bundleUrl())).arrayBuffer();

    await resetUsage(hosts, stack.projectId);
    const plain = webFirestore('plain');
    const plainSnapshots = await Promise.all(['stages', 'artists', 'performances'].map((name) => fromServer(collection(plain, `festivals/${FESTIVAL_ID}/${name}`))));
    const documents = plainSnapshots.reduce((sum, snapshot) => sum + snapshot.size, 0);
    expect((await fetchUsage(hosts, stack.projectId)).firestore.byClient.client.reads).toBe(documents);

    await resetUsage(hosts, stack.projectId);
    const bundled = webFirestore('bundled');
    // The SDK's Node platform reads bundles from a Uint8Array (the browser's takes the ArrayBuffer itself).
    await loadBundle(bundled, new Uint8Array(bytes) as unknown as ArrayBuffer);
    const queries = await Promise.all(['stages', 'artists', 'performances'].map((name) => namedQuery(bundled, programmeQueryName(FESTIVAL_ID, name as 'stages'))));
    const snapshots = await Promise.all(queries.map((query) => fromServer(query!)));
    expect(snapshots.map((snapshot) => snapshot.size)).toEqual(plainSnapshots.map((snapshot) => snapshot.size));
    // One read per query (the minimum a query is billed), none per document: nothing changed since the bundle.
    expect((await fetchUsage(hosts, stack.projectId)).firestore.byClient.client.reads).toBe(3);

    // A set's count changes after the bundle: the listener hears of it, for one read.
    await resetUsage(hosts, stack.projectId);
    const performances = snapshots[2]!;
    const live = new Promise<number>((resolve) => {
      const stop = onSnapshot(queries[2]!, (snapshot) => {
        const count = snapshot.docs.find((doc) => doc.id === 'kae-main')?.get('favoriteCount') as number;
        if (count !== 7) return;
        stop();
        resolve(count);
      });
    });
    expect(performances.docs.find((doc) => doc.id === 'kae-main')?.get('favoriteCount')).toBe(0);
    await stack.db.doc(firestorePaths.performance(FESTIVAL_ID, 'kae-main')).update({ favoriteCount: 7 });
    expect(await live).toBe(7);
    expect((await fetchUsage(hosts, stack.projectId)).firestore.byCollection.performances!.reads).toBe(1);
  });

  it('an import of 80 sets rewrites live/programme at most once per cadence, and the last rewrite names a bundle with every set', async () => {
    await settledBundleEtag();
    const intervalMs = INTERVAL_SECONDS * 1000;
    const rewrites: number[] = [];
    const stop = stack.db.doc(firestorePaths.programmeVersion(FESTIVAL_ID)).onSnapshot((snapshot) => {
      if (snapshot.updateTime) rewrites.push(snapshot.updateTime.toMillis());
    });
    // Its first snapshot (the document as the seed's rebuild left it).
    for (const deadline = Date.now() + 20_000; rewrites.length === 0; ) {
      if (Date.now() > deadline) throw new Error('no snapshot of live/programme within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Start just after a window begins, so a rewrite before its end can only be the leading one.
    await new Promise((resolve) => setTimeout(resolve, intervalMs - (Date.now() % intervalMs) + 50));
    const startedAt = Date.now();
    // The import's writes: 80 sets in batches of 10, one batch every 800 ms (as staff's import commits them).
    for (let i = 0; i < 80; i += 10) {
      const batch = stack.db.batch();
      for (let j = i; j < i + 10; j++) {
        batch.set(stack.db.doc(firestorePaths.performance(FESTIVAL_ID, `import-${j}`)), {
          artistId: 'kae',
          stageId: 'main',
          startsAt: new Date(Date.parse('2026-08-15T00:00:00Z') + j * 1_800_000),
          endsAt: new Date(Date.parse('2026-08-15T00:25:00Z') + j * 1_800_000),
          status: 'scheduled',
          favoriteCount: 0,
          photoCount: 0,
        });
      }
      await batch.commit();
      await new Promise((resolve) => setTimeout(resolve, 800));
    }
    const importedAt = Date.now();
    let latest = Buffer.alloc(0);
    await stack.eventually(async () => {
      latest = Buffer.from(await (await fetch(bundleUrl(), { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
      return latest.includes('import-79');
    }, 'a bundle with all 80 imported sets');
    // Every rewrite after the import started, by the window its commit fell in: one each at most.
    await new Promise((resolve) => setTimeout(resolve, intervalMs * 2));
    stop();
    const during = rewrites.filter((at) => at > startedAt);
    const windows = during.map((at) => Math.floor(at / intervalMs));
    expect(new Set(windows).size, `rewrites at ${during.map((at) => new Date(at).toISOString()).join(', ')}`).toBe(windows.length);
    // The first batch after a quiet period is rebuilt at once (the leading edge), not at its window's end.
    expect(during.length).toBeGreaterThan(0);
    expect(during[0]!, `first rewrite ${during[0]! - startedAt} ms after the import began`).toBeLessThan((Math.floor(startedAt / intervalMs) + 1) * intervalMs);
    // 6.4 s of writes: that rewrite, then one per window they touched, not one per batch or per set.
    expect(during.length).toBeLessThanOrEqual(Math.ceil((importedAt - startedAt) / intervalMs) + 1);
  }, 180_000);
});
