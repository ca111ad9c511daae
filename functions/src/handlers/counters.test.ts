import { describe, expect, it } from 'vitest';
import { LIVE_PUBLISH_INTERVAL_SECONDS, firestorePaths, hourlyStatsSchema, liveMarkSchema, liveSetsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, event, recordingWritesTo, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { handleFavoriteChanged } from './favorite-changed.js';
import { publishLeftoverMarks } from './live-marks-sweep.js';
import { LivePublisher } from './live-publish.js';
import { handleRefreshTrending } from './refresh-trending.js';

const stats = (deps: TestDeps, name: string) => deps.docs.data(firestorePaths.stats(FESTIVAL_ID, name));
const live = (deps: TestDeps) => liveSetsSchema.parse(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID)));
const favorite = (uid: string, change: 'added' | 'removed', performanceId = 'nina-main', id?: string) =>
  event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId, change }, id);
/**
 * A person's favourite as the app writes it (the truth the publisher counts). `established`:
 * an account with reputation, whose favourite functions have already judged `reputable`
 * (judging itself: favorite-verdict.test.ts).
 */
function fan(deps: TestDeps, uid: string, performanceId = 'nina-main', extra: { established?: boolean; createdAt?: Date } = {}) {
  const flags = extra.established === undefined ? {} : extra.established ? { established: true, reputable: true } : { established: false };
  deps.docs.seed(firestorePaths.favorite(uid, performanceId), { festivalId: FESTIVAL_ID, performanceId, createdAt: extra.createdAt ?? NOW, ...flags });
}
const unfan = (deps: TestDeps, uid: string, performanceId = 'nina-main') => deps.docs.store.delete(firestorePaths.favorite(uid, performanceId));

/** Counts the writes of the live document. */
const countingLiveWrites = (deps: TestDeps) => recordingWritesTo(deps, firestorePaths.liveSets(FESTIVAL_ID));

describe('live favourite counts (published aggregate)', () => {
  it('stays exact when 50 people toggle the same set at once and every message arrives twice', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    // Everyone adds; the even-numbered half then removes. Each event is delivered twice, interleaved.
    for (let i = 0; i < 50; i++) fan(deps, `u${i}`);
    const adds = Array.from({ length: 50 }, (_, i) => favorite(`u${i}`, 'added'));
    await Promise.all([...adds, ...adds].map((e) => handleFavoriteChanged(deps, e)));
    expect(live(deps).favorites).toEqual({ 'nina-main': 50 });
    for (let i = 0; i < 25; i++) unfan(deps, `u${i * 2}`);
    const removes = Array.from({ length: 25 }, (_, i) => favorite(`u${i * 2}`, 'removed'));
    await Promise.all([...removes, ...removes.slice().reverse()].map((e) => handleFavoriteChanged(deps, e)));
    expect(live(deps).favorites).toEqual({ 'nina-main': 25 });
    // No ledger, no shards: the favourites are the truth.
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('eventLedger/') || path.includes('Shards/'))).toEqual([]);
  });

  it('writes the live document at most once per interval, however many favourites arrive in it', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const { docs, writes } = countingLiveWrites(deps);
    const publishing = { ...deps, docs };
    // Three waves of 20 favourites, each wave arriving while the previous publication waits.
    for (let wave = 0; wave < 3; wave++) {
      const batch = Array.from({ length: 20 }, (_, i) => `w${wave}-${i}`);
      for (const uid of batch) fan(deps, uid, wave === 1 ? 'kae-tent' : 'nina-main');
      await Promise.all(batch.map((uid) => handleFavoriteChanged(publishing, favorite(uid, 'added', wave === 1 ? 'kae-tent' : 'nina-main'))));
    }
    expect(live(deps).favorites).toEqual({ 'nina-main': 40, 'kae-tent': 20 });
    expect(writes.length).toBe(3);
    for (let i = 1; i < writes.length; i++) expect(writes[i]!.getTime() - writes[i - 1]!.getTime()).toBeGreaterThanOrEqual(LIVE_PUBLISH_INTERVAL_SECONDS * 1000);
  });

  it('acknowledges a favourite only after a publication that counted it', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    await handleFavoriteChanged(deps, favorite('u1', 'added'));
    // The next favourite arrives within the interval: its handler returns only once the count shows it.
    fan(deps, 'u2');
    await handleFavoriteChanged(deps, favorite('u2', 'added'));
    expect(live(deps).favorites['nina-main']).toBe(2);
    expect(live(deps).publishedAt.getTime() - NOW.getTime()).toBeGreaterThanOrEqual(LIVE_PUBLISH_INTERVAL_SECONDS * 1000);
  });

  it('never publishes an older count over a newer one when two instances recount the same set', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    // Instance A counts (1 fan), then stalls before its transaction; B counts 2 fans and publishes.
    let release = () => {};
    const stall = new Promise<void>((resolve) => (release = resolve));
    let counted = () => {};
    const hasCounted = new Promise<void>((resolve) => (counted = resolve));
    let stalled = false;
    const slow = deps.docs.asAnotherInstance({
      count: async (query) => {
        const n = await deps.docs.count(query);
        if (!stalled && query.where?.length === 2) {
          stalled = true;
          counted();
          await stall;
        }
        return n;
      },
    });
    const a = new LivePublisher({ ...deps, docs: slow }).mark(FESTIVAL_ID, ['nina-main']);
    await hasCounted;
    fan(deps, 'u2');
    await new LivePublisher(deps).mark(FESTIVAL_ID, ['nina-main']);
    expect(live(deps).favorites['nina-main']).toBe(2);
    release();
    await a;
    expect(live(deps).favorites['nina-main']).toBe(2);
  });

  it('writes nothing when the figures did not change (an add and its removal within one interval)', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    await handleFavoriteChanged(deps, favorite('u1', 'added'));
    const { docs, writes } = countingLiveWrites(deps);
    await Promise.all([handleFavoriteChanged({ ...deps, docs }, favorite('u2', 'added')), handleFavoriteChanged({ ...deps, docs }, favorite('u2', 'removed'))]);
    expect(writes).toEqual([]);
    expect(live(deps).favorites).toEqual({ 'nina-main': 1 });
  });

  it('lets a failed publication fail its messages, so Pub/Sub redelivers them', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    const failing = deps.docs.asAnotherInstance({ transaction: () => Promise.reject(new Error('14 UNAVAILABLE')) });
    await expect(handleFavoriteChanged({ ...deps, docs: failing }, favorite('u1', 'added', 'nina-main', 'm1'))).rejects.toThrow('UNAVAILABLE');
    await handleFavoriteChanged(deps, favorite('u1', 'added', 'nina-main', 'm1'));
    expect(live(deps).favorites['nina-main']).toBe(1);
  });
});

describe('a hot set: favourites held past the limit are acknowledged once their mark is stored', () => {
  const marks = (deps: TestDeps) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`${firestorePaths.liveMarks(FESTIVAL_ID)}/`));

  it('acknowledges the held favourites before the publication, then publishes them exactly and deletes the mark', async () => {
    const base = testDeps();
    seedFestival(base.docs);
    // A publication just went out: the next one must wait its interval, here until the test opens the gate.
    base.docs.seed(firestorePaths.liveSets(FESTIVAL_ID), { favorites: {}, trending: [], publishedAt: NOW });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const deps = { ...base, holdLimit: 3, sleep: async (ms: number) => { await gate; await base.sleep(ms); } };
    for (let i = 0; i < 5; i++) fan(deps, `h${i}`);
    const acknowledged: number[] = [];
    const handled = Array.from({ length: 5 }, (_, i) => handleFavoriteChanged(deps, favorite(`h${i}`, 'added')).then(() => acknowledged.push(i)));
    // The fourth held favourite passes the limit of 3: the four are stored as one mark and acknowledged.
    await Promise.all(handled.slice(0, 4));
    expect(acknowledged.sort()).toEqual([0, 1, 2, 3]);
    expect(marks(deps).map((path) => liveMarkSchema.parse(deps.docs.data(path)).sets)).toEqual([['nina-main']]);
    expect(live(deps).favorites).toEqual({});
    // The fifth waits for the publication, which counts all five and consumes the mark.
    open();
    await handled[4];
    expect(live(deps).favorites).toEqual({ 'nina-main': 5 });
    expect(marks(deps)).toEqual([]);
  });

  it('publishes a mark an instance left behind: at the next publication of another instance, or by the minute\'s sweep', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'a');
    fan(deps, 'b');
    // Another instance stored this mark, acknowledged its favourites and died before publishing.
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'left-behind'), { sets: ['nina-main'], markedAt: NOW });
    expect(await publishLeftoverMarks(deps)).toEqual([FESTIVAL_ID]);
    expect(live(deps).favorites).toEqual({ 'nina-main': 2 });
    expect(marks(deps)).toEqual([]);
    // Nothing left: the sweep publishes nothing.
    expect(await publishLeftoverMarks(deps)).toEqual([]);
    // A later mark rides on any instance's next publication, here a favourite of another set.
    fan(deps, 'c');
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'another'), { sets: ['nina-main'], markedAt: NOW });
    fan(deps, 'k', 'kae-tent');
    await handleFavoriteChanged(deps, favorite('k', 'added', 'kae-tent'));
    expect(live(deps).favorites).toEqual({ 'nina-main': 3, 'kae-tent': 1 });
    expect(marks(deps)).toEqual([]);
  });
});

describe('trending a crowd cannot buy', () => {
  it('ranks sets by established favourites of the last hour: 25 fresh anonymous accounts do not lift a set to #1', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    // An unknown set: 25 throwaway accounts. A popular one: 5 established fans, and one an hour and a half ago.
    for (let i = 0; i < 25; i++) fan(deps, `sock${i}`, 'kae-tent', { established: false });
    for (let i = 0; i < 5; i++) fan(deps, `fan${i}`, 'nina-main', { established: true });
    fan(deps, 'old-fan', 'kae-main', { established: true, createdAt: new Date(NOW.getTime() - 90 * 60_000) });
    await Promise.all([
      ...Array.from({ length: 25 }, (_, i) => handleFavoriteChanged(deps, favorite(`sock${i}`, 'added', 'kae-tent'))),
      ...Array.from({ length: 5 }, (_, i) => handleFavoriteChanged(deps, favorite(`fan${i}`, 'added', 'nina-main'))),
      handleFavoriteChanged(deps, favorite('old-fan', 'added', 'kae-main')),
    ]);
    expect(live(deps).trending).toEqual([{ performanceId: 'nina-main', favorites: 5 }]);
    // Their favourites still count in the set's total.
    expect(live(deps).favorites).toEqual({ 'kae-tent': 25, 'nina-main': 5, 'kae-main': 1 });
    // Open apps download only what a screen shows; the scores trending is ranked from stay with the functions.
    expect(Object.keys(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID)) ?? {}).sort()).toEqual(['favorites', 'publishedAt', 'trending']);
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'trendingScores'))).toMatchObject({ scores: { 'nina-main': 5 } });
  });

  it('moves the scores a live document published before still carries to stats/trendingScores at its next publication', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.liveSets(FESTIVAL_ID), { favorites: { 'nina-main': 1 }, trending: [{ performanceId: 'nina-main', favorites: 1 }], trendingScores: { 'nina-main': 1 }, trendingCheckedAt: NOW, publishedAt: new Date(NOW.getTime() - 60 * 60_000) });
    fan(deps, 'a', 'nina-main', { established: true });
    fan(deps, 'b', 'kae-main', { established: true });
    await handleFavoriteChanged(deps, favorite('b', 'added', 'kae-main'));
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).toMatchObject({ favorites: { 'nina-main': 1, 'kae-main': 1 } });
    expect(Object.keys(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID)) ?? {}).sort()).toEqual(['favorites', 'publishedAt', 'trending']);
    // The legacy scores were the starting point: nina-main's score (not recounted) is kept beside the new one.
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'trendingScores'))).toMatchObject({ scores: { 'nina-main': 1, 'kae-main': 1 } });
  });

  it('takes a cancelled set out of trending at the next publication', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'a', 'kae-main', { established: true });
    fan(deps, 'b', 'nina-main', { established: true });
    await Promise.all([handleFavoriteChanged(deps, favorite('a', 'added', 'kae-main')), handleFavoriteChanged(deps, favorite('b', 'added', 'nina-main'))]);
    expect(live(deps).trending.map((item) => item.performanceId)).toEqual(['kae-main', 'nina-main']);
    const path = firestorePaths.performance(FESTIVAL_ID, 'kae-main');
    deps.docs.seed(path, { ...deps.docs.data(path), status: 'cancelled' });
    await handleRefreshTrending(deps, event('performance.changed', { festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'cancelled', startsAt: '2026-08-14T21:00:00.000Z', endsAt: '2026-08-14T22:00:00.000Z' }));
    expect(live(deps).trending.map((item) => item.performanceId)).toEqual(['nina-main']);
    expect(live(deps).favorites['kae-main']).toBe(1);
  });

  it('recounts every listed score once the recheck is due, so old favourites age out of the window', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'a', 'kae-main', { established: true });
    await handleFavoriteChanged(deps, favorite('a', 'added', 'kae-main'));
    expect(live(deps).trending).toEqual([{ performanceId: 'kae-main', favorites: 1 }]);
    // An hour later (the clock moves with sleep), another set is favourited: kae-main's favourite has left the window.
    await deps.sleep(61 * 60_000);
    fan(deps, 'b', 'nina-main', { established: true, createdAt: deps.now() });
    await handleFavoriteChanged(deps, favorite('b', 'added', 'nina-main'));
    expect(live(deps).trending).toEqual([{ performanceId: 'nina-main', favorites: 1 }]);
  });
});

describe('favourites per hour (stats/hourly, the staff dashboard chart)', () => {
  const hourly = (deps: TestDeps) => hourlyStatsSchema.parse(stats(deps, 'hourly')).favorites;

  it('adds each publication’s favourites added minus removed to its hour, once, however often the events come', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const uid of ['a', 'b', 'c']) fan(deps, uid, uid === 'c' ? 'kae-tent' : 'nina-main');
    const adds = [favorite('a', 'added'), favorite('b', 'added'), favorite('c', 'added', 'kae-tent')];
    await Promise.all([...adds, ...adds].map((e) => handleFavoriteChanged(deps, e)));
    expect(hourly(deps)).toEqual({ '2026-08-14T20:00:00.000Z': 3 });

    // One removal, delivered three times: the hour loses one, once.
    unfan(deps, 'a');
    const removal = favorite('a', 'removed');
    for (let i = 0; i < 3; i++) await handleFavoriteChanged(deps, removal);
    expect(hourly(deps)).toEqual({ '2026-08-14T20:00:00.000Z': 2 });

    // An hour later (the clock moves with sleep), a new favourite counts in the next hour.
    await deps.sleep(60 * 60_000);
    fan(deps, 'd', 'kae-tent', { createdAt: deps.now() });
    await handleFavoriteChanged(deps, favorite('d', 'added', 'kae-tent'));
    expect(hourly(deps)).toEqual({ '2026-08-14T20:00:00.000Z': 2, '2026-08-14T21:00:00.000Z': 1 });
    expect(live(deps).favorites).toEqual({ 'nina-main': 1, 'kae-tent': 2 });
  });

  it('writes no hour when a publication changes nothing (an add and its removal within one interval)', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleFavoriteChanged(deps, favorite('ghost', 'added'));
    expect(stats(deps, 'hourly')).toBeUndefined();
  });
});

