// @vitest-environment node
/**
 * The first paint's bundle reader against the real thing: a bundle firebase-admin builds
 * (`firestore.bundle()`, as the `programmeBundle` function does: functions/src/platform/
 * bundles.ts) from the seed festival in our Firestore emulator, read by
 * src/festival/bundle-file/programme-of-bundle.ts, gives the same programme the web SDK gives
 * after `loadBundle` (its named queries, from its cache, through the model's schemas): the
 * same documents, values, dates and order, and the same documents left out as invalid.
 */
import { artistSchema, festivalSchema, firestorePaths, performanceSchema, programmeBundleId, programmeQueryName, PROGRAMME_COLLECTIONS, PROGRAMME_ORDER, stageSchema } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { startStack, type Stack } from '@encore/emulators/stack';
import { deleteApp, initializeApp as initializeAdmin, type App } from 'firebase-admin/app';
import { getFirestore as adminFirestore, Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { deleteApp as deleteWebApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { doc, getDocFromCache, getDocsFromCache, initializeFirestore, loadBundle, memoryLocalCache, namedQuery, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { programmeOfBundle } from '../src/festival/bundle-file/programme-of-bundle';
import { sameData } from '../src/festival/same-data';
import { festivalState, type LiveProgramme } from '../src/festival/live-programme';
import { initialLiveState } from '../src/firebase/live-state';
import { InvalidDocumentError, toModel } from '../src/firebase/to-model';

const seed = encore2026();
const F = seed.festivalId;
let stack: Stack;
let admin: App;
let web: FirebaseApp;
let bundle: Buffer;

beforeAll(async () => {
  stack = await startStack({ projectId: 'demo-first-paint', ports: 'free', functions: null });
  admin = initializeAdmin({ projectId: stack.projectId }, 'first-paint-admin');
  const db = adminFirestore(admin);
  const writer = db.bulkWriter();
  void writer.set(db.doc(firestorePaths.festival(F)), seed.festival);
  for (const stage of seed.stages) void writer.set(db.doc(firestorePaths.stage(F, stage.id)), stage.data);
  for (const artist of seed.artists) void writer.set(db.doc(firestorePaths.artist(F, artist.id)), artist.data);
  for (const set of seed.performances) void writer.set(db.doc(firestorePaths.performance(F, set.id)), { ...set.data, favoriteCount: 3 });
  // What the seed lacks: a picture (nested maps, an array of maps, a timestamp with microseconds)...
  const [pictured] = seed.artists;
  void writer.set(db.doc(firestorePaths.artist(F, pictured!.id)), {
    ...pictured!.data,
    image: {
      uploadId: 'upload-1',
      width: 1200,
      height: 800,
      renditions: [{ width: 320, height: 213, format: 'avif', path: `media/${F}/artists/${pictured!.id}/upload-1/320.avif`, bytes: 9000 }],
      dominantColor: '#aa3355',
      placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw',
      updatedAt: new AdminTimestamp(1786822200, 123_456_000),
    },
  });
  // ...two sets sharing a start (the order of ties), and documents the schemas refuse.
  const [first] = seed.performances;
  void writer.set(db.doc(firestorePaths.performance(F, 'aaa-same-start')), { ...first!.data, title: 'Acoustic' });
  void writer.set(db.doc(firestorePaths.performance(F, 'zzz-backwards')), { ...first!.data, endsAt: first!.data.startsAt });
  void writer.set(db.doc(firestorePaths.stage(F, 'no-name')), { order: 99 });
  await writer.close();

  // The bundle as the programmeBundle function builds it (functions/src/platform/bundles.ts).
  const builder = db.bundle(programmeBundleId(F)).add(await db.doc(firestorePaths.festival(F)).get());
  for (const collection of PROGRAMME_COLLECTIONS) {
    const order = PROGRAMME_ORDER[collection];
    const base = db.collection(`festivals/${F}/${collection}`);
    builder.add(programmeQueryName(F, collection), await (order ? base.orderBy(order) : base).get());
  }
  bundle = builder.build();

  web = initializeApp({ projectId: stack.projectId, apiKey: 'demo' }, 'first-paint-web');
}, 120_000);

afterAll(async () => {
  if (web) await deleteWebApp(web);
  if (admin) await deleteApp(admin);
  await stack?.stop();
}, 60_000);

/** The programme as the web SDK gives it from the loaded bundle: its named queries, from its cache only, through the schemas. */
async function programmeOfSdk(firestore: Firestore) {
  // As text: the SDK's Node build reads no ArrayBuffer (the browser build, which the app uses, does).
  await loadBundle(firestore, bundle.toString('utf8'));
  const fromQuery = async <S extends typeof stageSchema | typeof artistSchema | typeof performanceSchema>(name: 'stages' | 'artists' | 'performances', schema: S) => {
    const snapshot = await getDocsFromCache((await namedQuery(firestore, programmeQueryName(F, name)))!);
    return snapshot.docs.map((document) => toModel(document, schema)).filter((model) => !(model instanceof InvalidDocumentError));
  };
  const festival = toModel(await getDocFromCache(doc(firestore, firestorePaths.festival(F))), festivalSchema);
  if (festival instanceof InvalidDocumentError) throw festival;
  // Through the festival context's own step from the four listeners to the programme (with the
  // festival's document id, as its listener gives it), so an equal first paint is the one the
  // pages keep when the listeners take over.
  const ready = <T,>(data: T) => ({ ...initialLiveState(data), status: 'ready' as const });
  const live: LiveProgramme = {
    festival: { ...ready(festival), exists: true },
    stages: ready((await fromQuery('stages', stageSchema)) as never),
    artists: ready((await fromQuery('artists', artistSchema)) as never),
    performances: ready((await fromQuery('performances', performanceSchema)) as never),
  };
  const { programme } = festivalState(F, live, null, 'online');
  if (!programme) throw new Error('the listeners gave no programme');
  return programme;
}

describe('the first paint read from the bundle file', () => {
  it("gives the programme the web SDK gives from the same bundle: same documents, values, dates and order, the same invalid ones left out", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const firestore = initializeFirestore(web, { localCache: memoryLocalCache() });
    const expected = await programmeOfSdk(firestore);
    const painted = programmeOfBundle(new Uint8Array(bundle), F);

    expect(painted).not.toBeNull();
    expect(painted!.performances.map((set) => set.id)).toEqual(expected.performances.map((set) => set.id));
    expect(painted!.stages.map((stage) => stage.id)).toEqual(expected.stages.map((stage) => stage.id));
    expect(painted).toEqual(expected);
    // Equal as the festival context compares them: it keeps the first paint's objects on screen.
    expect(sameData(painted, expected)).toBe(true);
    // The cases above are really in it, and were really told apart.
    expect(painted!.performances).toHaveLength(seed.performances.length + 1);
    expect(painted!.performances.some((set) => set.id === 'zzz-backwards')).toBe(false);
    expect(painted!.stages.some((stage) => stage.id === 'no-name')).toBe(false);
    expect(painted!.artists.get(seed.artists[0]!.id)!.image!.updatedAt).toEqual(new Date(1786822200123));
    expect(painted!.performances[0]!.startsAt).toBeInstanceOf(Date);
    expect(painted!.performances.filter((set) => set.id !== 'aaa-same-start').every((set) => set.favoriteCount === 3)).toBe(true);
    expect(painted!.performances.find((set) => set.id === 'aaa-same-start')!.title).toBe('Acoustic');
  });

  it('is null for a bundle without the festival, so the page waits for the listeners instead', () => {
    expect(programmeOfBundle(new Uint8Array(bundle), 'another-festival')).toBeNull();
  });
});
