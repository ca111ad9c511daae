/**
 * The benches' client commits (`_app-commits.ts`) held to the security rules and to the app:
 * on the local stack with firestore.rules enforced, the favourite writers' raw Commit requests
 * (the hot-set bench's load) and the bill's web SDK batches must pass the rules, and must store
 * what the web app's own `addFavorite` stores (web/src, run here through the web SDK with its
 * `db()` and `auth()` pointed at this stack). A bench write the rules would refuse fails here.
 */
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, initializeFirestore, memoryLocalCache, type Firestore } from 'firebase/firestore';
import type { DocumentData } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firestorePaths } from '@encore/model';
import { commitWithWebSdk, favouriteCommit, priorityCommit } from './_app-commits.js';
import { startFavouriteWriters, type FavouriteWriters } from './_favourite-writers.js';
import { FESTIVAL_ID, startEncoreStack, type EncoreStack } from '../test/integration/local-stack.js';

/** The web app's Firestore and Auth, as its modules hand them out, pointed at this test's stack. */
const web = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock('../../web/src/firebase/firestore', () => ({ db: () => web.db }));
vi.mock('../../web/src/firebase/auth', () => ({ auth: () => ({ currentUser: { isAnonymous: true } }) }));

const PROJECT = 'demo-bench-commits';
const WEB_FAVOURITES = fileURLToPath(new URL('../../web/src/features/favorites/favorites-firestore.ts', import.meta.url));
const SET = 'kae-main';
let stack: EncoreStack;
let writers: FavouriteWriters;
const apps: FirebaseApp[] = [];

/** A web SDK client signed in as `uid` (an emulator token), so the rules judge its writes. */
function clientOf(uid: string): Firestore {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key' }, `commits-${uid}`);
  apps.push(app);
  const db = initializeFirestore(app, { localCache: memoryLocalCache() });
  const [host, port] = stack.hosts.firestore.split(':');
  connectFirestoreEmulator(db, host!, Number(port), { mockUserToken: { sub: uid, user_id: uid, firebase: { sign_in_provider: 'anonymous', identities: {} } } });
  return db;
}

/** A stored document's shape: each field's name and kind (values differ by person and time). */
function shapeOf(data: DocumentData | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(data ?? {}).map(([name, value]) => [name, value?.constructor?.name === 'Timestamp' ? 'timestamp' : typeof value]));
}

async function stored(uid: string) {
  const [favourite, limit] = await Promise.all([stack.db.doc(firestorePaths.favorite(uid, SET)).get(), stack.db.doc(firestorePaths.toggleLimit(uid)).get()]);
  return { favourite: favourite.data(), limit: limit.data() };
}

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, rules: true });
  writers = await startFavouriteWriters(PROJECT, stack.hosts.firestore);
});

afterAll(async () => {
  await writers?.stop();
  await Promise.all(apps.map((app) => deleteApp(app)));
  await stack?.stop();
});

describe("the benches' favourite commits", () => {
  it("store what the web app's own addFavorite stores: the favourite and the toggle limit, both server-timed", async () => {
    web.db = clientOf('app-visitor');
    // By a name tsc does not follow (the web app is typechecked in its own project); vitest loads it with the mocks above.
    const { addFavorite } = (await import(/* @vite-ignore */ WEB_FAVOURITES)) as { addFavorite(uid: string, festivalId: string, performanceId: string): Promise<void> };
    await addFavorite('app-visitor', FESTIVAL_ID, SET);
    await writers.write({ count: 1, prefix: 'writer-visitor', inFlight: 1, festivalId: FESTIVAL_ID, performanceId: SET });
    await commitWithWebSdk(clientOf('bill-visitor'), favouriteCommit('bill-visitor', FESTIVAL_ID, SET));

    const app = await stored('app-visitor');
    expect(shapeOf(app.favourite)).toEqual({ festivalId: 'string', performanceId: 'string', createdAt: 'timestamp' });
    expect(app.limit).toMatchObject({ count: 1 });
    for (const uid of ['writer-visitor-0', 'bill-visitor']) {
      const bench = await stored(uid);
      expect(shapeOf(bench.favourite)).toEqual(shapeOf(app.favourite));
      expect(bench.favourite).toMatchObject({ festivalId: FESTIVAL_ID, performanceId: SET });
      expect(shapeOf(bench.limit)).toEqual(shapeOf(app.limit));
      expect(bench.limit).toMatchObject({ count: 1 });
    }
  });

  it('pass the rules as the hot-set bench sends them, many visitors at once', async () => {
    await writers.write({ count: 50, prefix: 'crowd', inFlight: 10, festivalId: FESTIVAL_ID, performanceId: SET });
    const favourites = await stack.db.collectionGroup('favorites').where('performanceId', '==', SET).get();
    expect(favourites.docs.filter((snapshot) => snapshot.ref.path.startsWith('users/crowd-')).length).toBe(50);
  });

  it('pass the rules for a toggle in an open window (a priority: the limit counts one more)', async () => {
    const db = clientOf('bill-visitor-2');
    await commitWithWebSdk(db, favouriteCommit('bill-visitor-2', FESTIVAL_ID, SET));
    await commitWithWebSdk(db, priorityCommit('bill-visitor-2', SET, 'must'));
    const { favourite, limit } = await stored('bill-visitor-2');
    expect(favourite).toMatchObject({ priority: 'must' });
    expect(limit).toMatchObject({ count: 2 });
  });

  it('are judged by the rules here: the same favourite without its toggle limit is refused', async () => {
    const [, favouriteOnly] = favouriteCommit('bill-visitor-3', FESTIVAL_ID, SET);
    await expect(commitWithWebSdk(clientOf('bill-visitor-3'), [favouriteOnly!])).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
