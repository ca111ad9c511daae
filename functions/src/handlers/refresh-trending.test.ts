import { describe, expect, it } from 'vitest';
import { firestorePaths, trendingStatsSchema } from '@encore/model';
import { FESTIVAL_ID, event, seedFestival, testDeps } from '../testing/deps.js';
import { handleFavoriteChanged } from './favorite-changed.js';
import { handleRefreshTrending } from './refresh-trending.js';

const trendingIds = (deps: ReturnType<typeof testDeps>) =>
  trendingStatsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'trending'))).items.map((item) => item.performanceId);
const favorite = (uid: string, performanceId: string) => event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId, change: 'added' });
const changed = (performanceId: string, change: 'moved' | 'cancelled', id?: string) =>
  event('performance.changed', { festivalId: FESTIVAL_ID, performanceId, change, startsAt: '2026-08-14T19:30:00.000Z', endsAt: '2026-08-14T20:30:00.000Z' }, id);

function cancel(deps: ReturnType<typeof testDeps>, performanceId: string): void {
  const path = firestorePaths.performance(FESTIVAL_ID, performanceId);
  deps.docs.seed(path, { ...deps.docs.data(path), status: 'cancelled' });
}

describe('a cancelled set and trending', () => {
  it('takes the set out of trending as soon as it is cancelled, even though its favourites still count', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const [uid, id] of [['a', 'kae-tent'], ['b', 'kae-tent'], ['c', 'kae-tent'], ['d', 'nina-main']] as const) await handleFavoriteChanged(deps, favorite(uid, id));
    expect(trendingIds(deps)).toEqual(['kae-tent', 'nina-main']);

    cancel(deps, 'kae-tent');
    await handleRefreshTrending(deps, changed('kae-tent', 'cancelled'));
    expect(trendingIds(deps)).toEqual(['nina-main']);
    // Delivered again: the same documents.
    await handleRefreshTrending(deps, changed('kae-tent', 'cancelled'));
    expect(trendingIds(deps)).toEqual(['nina-main']);
  });

  it('keeps a cancelled set out when later favourites refresh trending', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleFavoriteChanged(deps, favorite('a', 'kae-main'));
    cancel(deps, 'kae-main');
    await handleFavoriteChanged(deps, favorite('b', 'kae-main'));
    await handleFavoriteChanged(deps, favorite('c', 'nina-main'));
    expect(trendingIds(deps)).toEqual(['nina-main']);
  });

  it('leaves the stats alone for a set that only moved', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleRefreshTrending(deps, changed('kae-main', 'moved'));
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'trending'))).toBeUndefined();
  });
});
