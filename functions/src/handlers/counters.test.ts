import { describe, expect, it } from 'vitest';
import { firestorePaths, hourlyStatsSchema, performanceSchema, stageStatsSchema, totalsStatsSchema, trendingStatsSchema } from '@encore/model';
import { FESTIVAL_ID, event, seedFestival, testDeps, testPhoto } from '../testing/deps.js';
import { handleFavoriteChanged, rollUpFavoriteCount } from './favorite-changed.js';
import { handleReactionChanged } from './reaction-changed.js';

const performance = (deps: ReturnType<typeof testDeps>, id: string) => performanceSchema.parse(deps.docs.data(firestorePaths.performance(FESTIVAL_ID, id)));
const stats = (deps: ReturnType<typeof testDeps>, name: string) => deps.docs.data(firestorePaths.stats(FESTIVAL_ID, name));
const favorite = (uid: string, change: 'added' | 'removed', performanceId = 'nina-main', id?: string) =>
  event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId, change }, id);

describe('favourite counter', () => {
  it('stays exact when 50 people toggle the same set at once and every message arrives twice', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    // Everyone adds; the even-numbered half then removes. Each event is delivered twice, interleaved.
    const adds = Array.from({ length: 50 }, (_, i) => favorite(`u${i}`, 'added'));
    const removes = Array.from({ length: 25 }, (_, i) => favorite(`u${i * 2}`, 'removed'));
    await Promise.all([...adds, ...adds].map((e) => handleFavoriteChanged(deps, e)));
    await Promise.all([...removes, ...removes.slice().reverse()].map((e) => handleFavoriteChanged(deps, e)));

    expect(performance(deps, 'nina-main').favoriteCount).toBe(25);
    const shards = [...deps.docs.store.keys()].filter((path) => path.includes('/favoriteShards/'));
    expect(shards.length).toBeGreaterThan(1);
    expect(totalsStatsSchema.parse(stats(deps, 'totals'))).toMatchObject({ favorites: 25 });
    expect(stageStatsSchema.parse(stats(deps, 'stages')).stages).toEqual({ main: { favorites: 25, photos: 0 } });
    expect(trendingStatsSchema.parse(stats(deps, 'trending')).items).toEqual([{ performanceId: 'nina-main', favorites: 25 }]);
    expect(hourlyStatsSchema.parse(stats(deps, 'hourly')).favorites['2026-08-14T20:00:00.000Z']).toBe(25);
  });

  it('never lets a roll-up from an older read of the shards overwrite a newer count', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleFavoriteChanged(deps, favorite('u1', 'added'));
    // Another instance (its own coalescer) reads the shards at count 1, then stalls before writing.
    let release = () => {};
    const stall = new Promise<void>((resolve) => (release = resolve));
    let haveRead = () => {};
    const read = new Promise<void>((resolve) => (haveRead = resolve));
    const slowInstance = deps.docs.asAnotherInstance({
      getAll: async (reads) => {
        const docs = await deps.docs.getAll(reads);
        haveRead();
        await stall;
        return docs;
      },
    });
    const stale = rollUpFavoriteCount({ docs: slowInstance }, FESTIVAL_ID, 'nina-main');
    await read;
    await handleFavoriteChanged(deps, favorite('u2', 'added'));
    release();
    expect(await stale).toBe(1);
    expect(performance(deps, 'nina-main').favoriteCount).toBe(2);
  });

  it('reads no shard and no performance inside the transaction that increments, so increments never conflict', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const readInTransactions: string[][] = [];
    const recording = deps.docs.asAnotherInstance({
      transaction: (work) => {
        const reads: string[] = [];
        readInTransactions.push(reads);
        return deps.docs.transaction((tx) =>
          work({
            ...tx,
            get: (path, schema) => (reads.push(path), tx.get(path, schema)),
            getAll: (list) => (reads.push(...list.map(([path]) => path)), tx.getAll(list)),
            query: (query, schema) => (reads.push(query.collection), tx.query(query, schema)),
          }),
        );
      },
    });
    await handleFavoriteChanged({ ...deps, docs: recording }, favorite('u1', 'added', 'nina-main', 'one-read'));
    // The increment (with its ledger entry), the favoriteCount roll-up, the stats refresh
    // (its guard, and the hourly figures it merges into, which only stats refreshes write).
    expect(readInTransactions).toEqual([
      ['eventLedger/countFavorite~one-read'],
      [firestorePaths.performance(FESTIVAL_ID, 'nina-main'), `${firestorePaths.performance(FESTIVAL_ID, 'nina-main')}/favoriteShards/rollup`],
      [`festivals/${FESTIVAL_ID}/statShards/rollup`, firestorePaths.stats(FESTIVAL_ID, 'hourly')],
    ]);
    expect(performance(deps, 'nina-main').favoriteCount).toBe(1);
  });

  it('counts a burst of one festival in a few group commits, each favourite once even when its duplicate is in the same group', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    let incrementTransactions = 0;
    const counting = deps.docs.asAnotherInstance({
      transaction: (work) =>
        deps.docs.transaction((tx) =>
          work({
            ...tx,
            getAll: (reads) => {
              if (reads.some(([path]) => path.startsWith('eventLedger/'))) incrementTransactions += 1;
              return tx.getAll(reads);
            },
          }),
        ),
    });
    const burst = Array.from({ length: 40 }, (_, i) => favorite(`u${i}`, 'added', i % 2 === 0 ? 'nina-main' : 'kae-tent'));
    // Every tenth event is delivered twice within the burst, side by side.
    await Promise.all(burst.flatMap((e, i) => (i % 10 === 0 ? [e, e] : [e])).map((e) => handleFavoriteChanged({ ...deps, docs: counting }, e)));
    expect(incrementTransactions).toBeLessThanOrEqual(3);
    expect(performance(deps, 'nina-main').favoriteCount).toBe(20);
    expect(performance(deps, 'kae-tent').favoriteCount).toBe(20);
    expect(totalsStatsSchema.parse(stats(deps, 'totals'))).toMatchObject({ favorites: 40 });
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('eventLedger/countFavorite~'))).toHaveLength(40);
  });

  it('fails only the favourites of a set whose document does not match its schema, counting the rest of their group', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.performance(FESTIVAL_ID, 'broken'), { artistId: 'kae', startsAt: 'not a date' });
    const good = Array.from({ length: 5 }, (_, i) => favorite(`g${i}`, 'added', 'kae-main'));
    const bad = favorite('b1', 'added', 'broken');
    const outcomes = await Promise.allSettled([good[0]!, bad, ...good.slice(1)].map((e) => handleFavoriteChanged(deps, e)));
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'ok' : (outcome.reason as Error).name))).toEqual(['ok', 'DocumentSchemaError', 'ok', 'ok', 'ok', 'ok']);
    expect(performance(deps, 'kae-main').favoriteCount).toBe(5);
    expect(deps.docs.data(`eventLedger/countFavorite~${bad.id}`)).toBeUndefined();
  });

  it('never shows a negative count when a removal overtakes its addition', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleFavoriteChanged(deps, favorite('u1', 'removed', 'kae-tent'));
    expect(performance(deps, 'kae-tent').favoriteCount).toBe(0);
    await handleFavoriteChanged(deps, favorite('u1', 'added', 'kae-tent'));
    expect(performance(deps, 'kae-tent').favoriteCount).toBe(0);
    await handleFavoriteChanged(deps, favorite('u2', 'added', 'kae-tent'));
    expect(performance(deps, 'kae-tent').favoriteCount).toBe(1);
  });

  it('ranks trending sets and counts interest per stage', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const [uid, id] of [['a', 'kae-tent'], ['b', 'kae-tent'], ['c', 'nina-main'], ['d', 'kae-main']]) await handleFavoriteChanged(deps, favorite(uid!, 'added', id));
    expect(trendingStatsSchema.parse(stats(deps, 'trending')).items.map((item) => item.performanceId)).toEqual(['kae-tent', 'kae-main', 'nina-main']);
    expect(stageStatsSchema.parse(stats(deps, 'stages')).stages).toEqual({ main: { favorites: 2, photos: 0 }, tent: { favorites: 2, photos: 0 } });
  });

  it('records nothing for a set that does not exist, but marks the event done', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleFavoriteChanged(deps, favorite('u1', 'added', 'ghost', 'ghost-1'));
    expect(deps.docs.data('eventLedger/countFavorite~ghost-1')).toBeDefined();
    expect([...deps.docs.store.keys()].some((path) => path.includes('ghost/'))).toBe(false);
  });
});

describe('reaction counter', () => {
  it('recounts reactions from the source so order and duplicates do not matter', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const photo = firestorePaths.photo(FESTIVAL_ID, 'ph1');
    deps.docs.seed(photo, testPhoto());
    deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph1', 'u1'), { kind: 'love', createdAt: new Date() });
    deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph1', 'u2'), { kind: 'fire', createdAt: new Date() });
    const added = event('reaction.changed', { uid: 'u1', festivalId: FESTIVAL_ID, photoId: 'ph1', change: 'added' });
    await handleReactionChanged(deps, added);
    await handleReactionChanged(deps, added);
    expect(deps.docs.data(photo)?.reactionCount).toBe(2);
    expect(stats(deps, 'totals')).toMatchObject({ reactions: 1 });
  });
});
