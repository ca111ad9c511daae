import { describe, expect, it } from 'vitest';
import { LIVE_PUBLISH_INTERVAL_SECONDS, firestorePaths, hourlyStatsSchema, liveMarkSchema, liveSetsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, event, recordingWritesTo, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { runPublicationTasks } from '../testing/publications.js';
import { handleFavoriteChanged as acknowledgeFavorite } from './favorite-changed.js';
import { publishLeftoverMarks } from './live-marks-sweep.js';
import { LivePublisher } from './live-publish.js';
import { handleLiveSetsTask } from './publication-task.js';
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

/** A favourite's message handled (acknowledged once its mark is stored), then the publications asked for run at their time. */
async function handleFavoriteChanged(deps: TestDeps, e: ReturnType<typeof favorite>): Promise<void> {
  await acknowledgeFavorite(deps, e);
  await runPublicationTasks(deps);
}
const marks = (deps: TestDeps) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`${firestorePaths.liveMarks(FESTIVAL_ID)}/`));

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
      await Promise.all(batch.map((uid) => acknowledgeFavorite(publishing, favorite(uid, 'added', wave === 1 ? 'kae-tent' : 'nina-main'))));
      await runPublicationTasks(deps, { docs });
    }
    expect(live(deps).favorites).toEqual({ 'nina-main': 40, 'kae-tent': 20 });
    expect(writes.length).toBe(3);
    for (let i = 1; i < writes.length; i++) expect(writes[i]!.getTime() - writes[i - 1]!.getTime()).toBeGreaterThanOrEqual(LIVE_PUBLISH_INTERVAL_SECONDS * 1000);
  });

  it('acknowledges a favourite once its set is stored as a mark; the first after a quiet period is published at once, the next ride on one publication an interval later', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    await acknowledgeFavorite(deps, favorite('u1', 'added'));
    // Acknowledged with nothing published yet: the mark and the task due now hold it.
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).toBeUndefined();
    expect(marks(deps).map((path) => liveMarkSchema.parse(deps.docs.data(path)).sets)).toEqual([['nina-main']]);
    const slot = NOW.getTime() / 30_000 + 1;
    expect(deps.tasks.of('publishLiveSets')).toEqual([{ queue: 'publishLiveSets', data: { festivalId: FESTIVAL_ID }, id: `sets-lead-${slot}-${FESTIVAL_ID}`, at: NOW }]);
    await runPublicationTasks(deps);
    expect(live(deps).favorites['nina-main']).toBe(1);
    expect(live(deps).publishedAt).toEqual(NOW);
    // Two more in the interval after it: one task at the next slot, at least an interval later.
    await deps.sleep(1_000);
    for (const uid of ['u2', 'u3']) {
      fan(deps, uid);
      await acknowledgeFavorite(deps, favorite(uid, 'added'));
    }
    expect(deps.tasks.of('publishLiveSets').slice(1)).toEqual([{ queue: 'publishLiveSets', data: { festivalId: FESTIVAL_ID }, id: `sets-${slot + 1}-${FESTIVAL_ID}`, at: new Date(NOW.getTime() + 60_000) }]);
    await runPublicationTasks(deps);
    expect(live(deps).favorites['nina-main']).toBe(3);
    expect(live(deps).publishedAt).toEqual(new Date(NOW.getTime() + 60_000));
    expect(marks(deps)).toEqual([]);
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
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'm1'), { sets: ['nina-main'], markedAt: NOW });
    const a = new LivePublisher({ ...deps, docs: slow }).publish(FESTIVAL_ID);
    await hasCounted;
    fan(deps, 'u2');
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'm2'), { sets: ['nina-main'], markedAt: NOW });
    await new LivePublisher(deps).publish(FESTIVAL_ID);
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
    await Promise.all([acknowledgeFavorite(deps, favorite('u2', 'added')), acknowledgeFavorite(deps, favorite('u2', 'removed'))]);
    await runPublicationTasks(deps, { docs });
    expect(writes).toEqual([]);
    expect(live(deps).favorites).toEqual({ 'nina-main': 1 });
  });

  it('fails a favourite whose mark cannot be stored, so Pub/Sub redelivers it', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    const failing = deps.docs.asAnotherInstance({ batch: () => Promise.reject(new Error('14 UNAVAILABLE')) });
    await expect(acknowledgeFavorite({ ...deps, docs: failing }, favorite('u1', 'added', 'nina-main', 'm1'))).rejects.toThrow('UNAVAILABLE');
    expect(deps.tasks.enqueued).toEqual([]);
    await handleFavoriteChanged(deps, favorite('u1', 'added', 'nina-main', 'm1'));
    expect(live(deps).favorites['nina-main']).toBe(1);
  });

  it('fails a favourite whose publication cannot be asked for (its mark stays: the redelivery or the sweep asks again)', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    deps.tasks.failNext = new Error('14 UNAVAILABLE');
    await expect(acknowledgeFavorite(deps, favorite('u1', 'added', 'nina-main', 'm1'))).rejects.toThrow('UNAVAILABLE');
    expect(marks(deps)).toHaveLength(1);
    await handleFavoriteChanged(deps, favorite('u1', 'added', 'nina-main', 'm1'));
    expect(live(deps).favorites['nina-main']).toBe(1);
    expect(marks(deps)).toEqual([]);
  });

  it('keeps the marks when a publication fails, and the task retried publishes them', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'u1');
    await acknowledgeFavorite(deps, favorite('u1', 'added'));
    const failing = deps.docs.asAnotherInstance({ transaction: () => Promise.reject(new Error('14 UNAVAILABLE')) });
    const [task] = deps.tasks.enqueued;
    await expect(runPublicationTasks(deps, { docs: failing })).rejects.toThrow('UNAVAILABLE');
    expect(marks(deps)).toHaveLength(1);
    // Cloud Tasks retries the same task.
    await handleLiveSetsTask(deps, task!.data);
    expect(live(deps).favorites['nina-main']).toBe(1);
    expect(marks(deps)).toEqual([]);
  });
});

describe('a hot set: marks are written once per burst, not per favourite', () => {
  it('stores 300 favourites arriving at once as a couple of marks, acknowledges them all before the publication, then counts them exactly', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (let i = 0; i < 300; i++) fan(deps, `h${i}`);
    await Promise.all(Array.from({ length: 300 }, (_, i) => acknowledgeFavorite(deps, favorite(`h${i}`, 'added'))));
    // The first favourite's mark alone, then everyone who arrived while it was written: the
    // first asks for a publication at once, the rest (stored after that ask) for the next slot's.
    expect(marks(deps).length).toBeLessThanOrEqual(2);
    expect(deps.tasks.enqueued.map((task) => task.at)).toEqual([NOW, new Date(NOW.getTime() + 60_000)].slice(0, marks(deps).length));
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).toBeUndefined();
    await runPublicationTasks(deps);
    expect(live(deps).favorites).toEqual({ 'nina-main': 300 });
    expect(marks(deps)).toEqual([]);
  });

  it("asks again, by the minute's sweep, for the publication of a mark no task took", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'a');
    fan(deps, 'b');
    // An instance stored this mark and acknowledged its favourites; its task was lost (a crashed local runner).
    deps.docs.seed(firestorePaths.liveMark(FESTIVAL_ID, 'left-behind'), { sets: ['nina-main'], markedAt: NOW });
    expect(await publishLeftoverMarks(deps)).toEqual([FESTIVAL_ID]);
    await runPublicationTasks(deps);
    expect(live(deps).favorites).toEqual({ 'nina-main': 2 });
    expect(marks(deps)).toEqual([]);
    // Nothing left: the sweep asks for nothing.
    expect(await publishLeftoverMarks(deps)).toEqual([]);
    expect(await runPublicationTasks(deps)).toBe(0);
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
    await runPublicationTasks(deps);
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

