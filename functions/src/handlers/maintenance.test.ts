import { describe, expect, it } from 'vitest';
import { dailyStatsSchema, firestorePaths } from '@encore/model';
import { FESTIVAL_ID, NOW, event, seedFestival, testDeps } from '../testing/deps.js';
import { handleFavoriteChanged, rollUpFavoriteCount } from './favorite-changed.js';
import { handleNightlyMaintenance } from './maintenance.js';

const HOUR = 3600_000;

describe('nightly maintenance', () => {
  it('repairs counters corrupted on purpose, reports what it fixed, and finds nothing the second time', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const uid of ['a', 'b', 'c']) {
      deps.docs.seed(firestorePaths.favorite(uid, 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
      await handleFavoriteChanged(deps, event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId: 'nina-main', change: 'added' }));
    }
    const nina = firestorePaths.performance(FESTIVAL_ID, 'nina-main');
    deps.docs.seed(nina, { ...deps.docs.data(nina), favoriteCount: 999 });
    deps.docs.seed(`${nina}/favoriteShards/7`, { count: 996 });
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), { status: 'ready', performanceId: 'kae-tent', reactionCount: 5, createdAt: NOW, originalPath: 'uploads/u/encore-2026/ph1' });
    deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph1', 'a'), { kind: 'love', createdAt: NOW });

    const report = await handleNightlyMaintenance(deps);
    expect(report.repairs).toEqual(
      expect.arrayContaining([
        { path: nina, field: 'favoriteCount', was: 999, now: 3 },
        { path: firestorePaths.performance(FESTIVAL_ID, 'kae-tent'), field: 'photoCount', was: 0, now: 1 },
        { path: firestorePaths.photo(FESTIVAL_ID, 'ph1'), field: 'reactionCount', was: 5, now: 1 },
      ]),
    );
    expect(deps.docs.data(nina)?.favoriteCount).toBe(3);
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'))).toMatchObject({ favorites: 3, photos: 1, reactions: 1 });
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'stages'))).toMatchObject({ stages: { main: { favorites: 3, photos: 0 }, tent: { favorites: 0, photos: 1 } } });

    // Counting continues correctly on the repaired shards.
    deps.docs.seed(firestorePaths.favorite('d', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
    await handleFavoriteChanged(deps, event('favorite.changed', { uid: 'd', festivalId: FESTIVAL_ID, performanceId: 'nina-main', change: 'added' }));
    expect(deps.docs.data(nina)?.favoriteCount).toBe(4);
    expect((await handleNightlyMaintenance(deps)).repairs).toEqual([]);
  });

  it('cannot be undone by a roll-up that read the shards before the repair', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const nina = firestorePaths.performance(FESTIVAL_ID, 'nina-main');
    await handleFavoriteChanged(deps, event('favorite.changed', { uid: 'ghost', festivalId: FESTIVAL_ID, performanceId: 'nina-main', change: 'added' }));
    let release = () => {};
    const stall = new Promise<void>((resolve) => (release = resolve));
    let haveRead = () => {};
    const read = new Promise<void>((resolve) => (haveRead = resolve));
    const slowInstance = deps.docs.asAnotherInstance({
      getAll: async (paths) => {
        const docs = await deps.docs.getAll(paths);
        haveRead();
        await stall;
        return docs;
      },
    });
    const stale = rollUpFavoriteCount({ docs: slowInstance }, FESTIVAL_ID, 'nina-main');
    await read;
    // No favourite document stands behind that count: the recount sets it to 0.
    await handleNightlyMaintenance(deps);
    release();
    await stale;
    expect(deps.docs.data(nina)?.favoriteCount).toBe(0);
  });

  it('sweeps stuck photos, orphaned files and expired ledger entries', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const old = new Date(NOW.getTime() - 2 * HOUR);
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'stuck'), { status: 'processing', createdAt: old, originalPath: 'uploads/u/encore-2026/stuck' });
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'fresh'), { status: 'processing', createdAt: new Date(NOW.getTime() - 10 * 60_000), originalPath: 'uploads/u/encore-2026/fresh' });
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'kept'), { status: 'ready', createdAt: old, originalPath: 'uploads/u/encore-2026/kept' });
    deps.objects.put('uploads/u/encore-2026/stuck', Buffer.from('x'), old);
    deps.objects.put('uploads/u/encore-2026/fresh', Buffer.from('x'), NOW);
    deps.objects.put('uploads/u/encore-2026/kept', Buffer.from('x'), old);
    deps.objects.put('uploads/u/encore-2026/no-doc-old', Buffer.from('x'), old);
    deps.objects.put('uploads/u/encore-2026/no-doc-new', Buffer.from('x'), NOW);
    deps.objects.put(`photos/${FESTIVAL_ID}/kept/320.webp`, Buffer.from('x'));
    deps.objects.put(`photos/${FESTIVAL_ID}/gone/320.webp`, Buffer.from('x'));
    deps.docs.seed('eventLedger/a~1', { expiresAt: new Date(NOW.getTime() - 1) });
    deps.docs.seed('eventLedger/a~2', { expiresAt: new Date(NOW.getTime() + HOUR) });

    const report = await handleNightlyMaintenance(deps);
    expect(report.stuckPhotosDeleted).toEqual([firestorePaths.photo(FESTIVAL_ID, 'stuck')]);
    expect(report.ledgerEntriesPurged).toBe(1);
    expect(deps.objects.paths()).toEqual([`photos/${FESTIVAL_ID}/kept/320.webp`, 'uploads/u/encore-2026/fresh', 'uploads/u/encore-2026/kept', 'uploads/u/encore-2026/no-doc-new']);
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'stuck'))).toBeUndefined();
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'fresh'))).toBeDefined();
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('eventLedger/'))).toEqual(['eventLedger/a~2']);
  });

  it("rolls up yesterday's figures in the festival's zone, the same on a second run", async () => {
    const deps = testDeps({ now: () => new Date('2026-08-15T02:30:00Z') });
    seedFestival(deps.docs);
    // Two favourites on the evening of the 14th (local), one removed.
    for (const [uid, change] of [['a', 'added'], ['b', 'added'], ['a', 'removed']] as const) {
      await handleFavoriteChanged(deps, event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId: 'kae-main', change }, undefined, new Date('2026-08-14T20:00:00Z')));
    }
    const first = await handleNightlyMaintenance(deps);
    expect(first.dailyRollups).toEqual([`${FESTIVAL_ID}/daily-2026-08-14`]);
    const daily = dailyStatsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'daily-2026-08-14')));
    expect(daily).toMatchObject({ day: '2026-08-14', favoritesAdded: 2, favoritesRemoved: 1, photosUploaded: 0 });
    await handleNightlyMaintenance(deps);
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'daily-2026-08-14'))).toEqual(daily);
  });
});
