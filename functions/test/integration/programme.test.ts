/**
 * Programme changes reaching people, on the local stack: staff move a set (a
 * firebase-admin update), and everyone who favourited it gets a notice and a recomputed
 * clash state, fanned out through Pub/Sub in batches (150 fans: two batches of 100 and
 * 50); a visitor's calendar feed, linked through the `calendarLink` callable with the web
 * SDK while signed in on the Auth emulator, serves the new time by itself, and a rotated
 * link stops the old URL.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, waitForDoc, waitForQuery, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-programme-it';
const FANS = Array.from({ length: 150 }, (_, index) => `fan-${String(index).padStart(3, '0')}`);
let stack: EncoreStack;
let web: FirebaseApp;
let functions: Functions;
let visitorUid: string;

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, auth: true });
  web = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key', appId: 'demo-app' }, 'programme-it');
  // The callables enforce App Check: the app attests itself as Encore's web app does on the emulators.
  initializeAppCheck(web, { provider: new CustomProvider({ getToken: () => stack.appCheckToken('demo-app') }), isTokenAutoRefreshEnabled: false });
  const auth = getAuth(web);
  connectAuthEmulator(auth, `http://${stack.hosts.auth}`, { disableWarnings: true });
  functions = getFunctions(web, 'europe-west1');
  const [host, port] = stack.hosts.functions!.split(':');
  connectFunctionsEmulator(functions, host!, Number(port));
  visitorUid = (await createUserWithEmailAndPassword(auth, 'planner@encore.test', 'timetable-123')).user.uid;

  const favourite = (uid: string, performanceId: string) =>
    stack.db.doc(firestorePaths.favorite(uid, performanceId)).set({ festivalId: FESTIVAL_ID, performanceId, createdAt: new Date() });
  await Promise.all([...FANS, visitorUid].map((uid) => favourite(uid, 'kae-tent')));
  await favourite(FANS[0]!, 'kae-main');
});

afterAll(async () => {
  if (web) await deleteApp(web);
  await stack?.stop();
});

const link = (action: 'get' | 'rotate' | 'revoke') => httpsCallable<{ action: string }, { token: string | null }>(functions, 'calendarLink')({ action }).then((result) => result.data.token);
const feed = (token: string) => fetch(`${stack.functionsUrl}/${stack.projectId}/europe-west1/calendarFeed?uid=${encodeURIComponent(visitorUid)}&token=${encodeURIComponent(token)}`);

describe('a personal calendar feed', () => {
  it('serves the favourites of the signed-in visitor as .ics at the secret link', async () => {
    const token = await link('get');
    expect(token).toEqual(expect.any(String));
    expect(await link('get')).toBe(token);
    const response = await feed(token!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const ics = await response.text();
    expect(ics).toContain('UID:kae-tent@encore');
    expect(ics).toContain('DTSTART:20260814T193000Z');
  });

  it('refuses a wrong token with a plain 404', async () => {
    expect((await feed('not-the-token')).status).toBe(404);
  });

  it('is linked only from an attested app: calendarLink without an App Check token is refused with 401 UNAUTHENTICATED', async () => {
    // The callable protocol as the SDK speaks it, signed in, minus the X-Firebase-AppCheck header.
    const idToken = await getAuth(web).currentUser!.getIdToken();
    const response = await fetch(`${stack.functionsUrl}/${stack.projectId}/europe-west1/calendarLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data: { action: 'get' } }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'Unauthenticated', status: 'UNAUTHENTICATED' } });
  });
});

describe('staff moving a set', () => {
  const clashState = (uid: string) => stack.db.doc(`users/${uid}/clashes/${FESTIVAL_ID}`);

  beforeAll(async () => {
    await stack.db.doc(firestorePaths.performance(FESTIVAL_ID, 'kae-tent')).update({ startsAt: new Date('2026-08-14T21:00:00Z'), endsAt: new Date('2026-08-14T22:00:00Z') });
  });

  /** Notices of the moved set; filtered here, not in the query (see below). */
  const movedNotices = (snapshot: FirebaseFirestore.QuerySnapshot) => snapshot.docs.filter((notice) => notice.get('performanceId') === 'kae-tent');

  it('gives every fan one notice and recomputes their clash state', async () => {
    // Notices and clash state are written in one batch per page of fans: wait for every notice, and the first and last fan's state.
    // Filtered here, not in the query: a collection-group query on notices.performanceId would need an
    // index the app itself never uses (the stack runs in strict index mode, as production refuses it).
    const all = await waitForQuery(stack.db.collectionGroup('notices'), (snapshot) => movedNotices(snapshot).length >= FANS.length + 1, 'a notice for every fan');
    await waitForDoc(clashState(FANS.at(-1)!), (data) => data !== undefined);
    await waitForDoc(clashState(FANS[0]!), (data) => data !== undefined);

    const notices = movedNotices(all);
    const noticed = notices.map((notice) => notice.ref.parent.parent!.id).sort();
    expect(noticed).toEqual([...FANS, visitorUid].sort());
    expect(notices[0]!.data()).toMatchObject({ kind: 'moved', festivalId: FESTIVAL_ID, readAt: null });
    expect(notices[0]!.get('text')).toContain('Kae');

    // fan-000 also favourited kae-main (21:00-22:00), which the moved set now overlaps.
    expect((await clashState(FANS[0]!).get()).get('clashingPerformanceIds')).toEqual(['kae-main', 'kae-tent']);
    expect((await clashState(FANS[1]!).get()).get('clashingPerformanceIds')).toEqual([]);
  });

  it.skipIf(official)(encoreOnly('sends the notices in batches of 100: two for 151 fans', "the functions runner's invocation log"), async () => {
    await stack.invocations.until(() => new Set(stack.invocations.ok('notifyFans').map((record) => record.eventId)).size >= 2, 'two notice batches');
    expect(new Set(stack.invocations.ok('notifyFans').map((record) => record.eventId)).size).toBe(2);
  });

  it('shows the new time in the calendar feed, and a rotated link stops the old URL', async () => {
    const token = await link('get');
    expect(await (await feed(token!)).text()).toContain('DTSTART:20260814T210000Z');
    const rotated = await link('rotate');
    expect(rotated).not.toBe(token);
    expect((await feed(token!)).status).toBe(404);
    expect((await feed(rotated!)).status).toBe(200);
  });
});
