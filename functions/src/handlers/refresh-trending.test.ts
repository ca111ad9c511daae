import { describe, expect, it } from 'vitest';
import { firestorePaths, liveSetsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, event, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { handleFavoriteChanged as acknowledgeFavorite } from './favorite-changed.js';
import { handleRefreshTrending as acknowledgeRefresh } from './refresh-trending.js';
import { runPublicationTasks } from '../testing/publications.js';

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleFavoriteChanged(deps: TestDeps, e: Parameters<typeof acknowledgeFavorite>[1]): Promise<Awaited<ReturnType<typeof acknowledgeFavorite>>> {
  const result = await acknowledgeFavorite(deps, e);
  await runPublicationTasks(deps);
  return result;
}

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleRefreshTrending(deps: TestDeps, e: Parameters<typeof acknowledgeRefresh>[1]): Promise<Awaited<ReturnType<typeof acknowledgeRefresh>>> {
  const result = await acknowledgeRefresh(deps, e);
  await runPublicationTasks(deps);
  return result;
}


const trendingIds = (deps: TestDeps) => liveSetsSchema.parse(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).trending.map((item) => item.performanceId);
/** An established account's favourite, written and then its event handled. */
function favorite(deps: TestDeps, uid: string, performanceId: string) {
  deps.docs.seed(firestorePaths.favorite(uid, performanceId), { festivalId: FESTIVAL_ID, performanceId, createdAt: NOW, established: true, reputable: true });
  return handleFavoriteChanged(deps, event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId, change: 'added' }));
}
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
    for (const [uid, id] of [['a', 'kae-tent'], ['b', 'kae-tent'], ['c', 'kae-tent'], ['d', 'nina-main']] as const) await favorite(deps, uid, id);
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
    await favorite(deps, 'a', 'kae-main');
    cancel(deps, 'kae-main');
    // A favourite given just before the cancellation, counted after it.
    await favorite(deps, 'b', 'kae-main');
    await favorite(deps, 'c', 'nina-main');
    expect(trendingIds(deps)).toEqual(['nina-main']);
  });

  it('publishes nothing for a set that only moved', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleRefreshTrending(deps, changed('kae-main', 'moved'));
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).toBeUndefined();
  });
});
