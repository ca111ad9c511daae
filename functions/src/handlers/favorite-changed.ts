import { firestorePaths, type DomainEvent } from '@encore/model';
import { clampCount, favoriteShards, shardIndex, shardPaths, sumField } from '../domain/counters.js';
import { trendBucketPath, trendBucketStart } from '../domain/trending.js';
import { increment } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { coalescerFor } from './coalesce.js';
import { onceInTransaction } from './once.js';
import { addToStats, refreshStats } from './stats.js';

export const COUNT_FAVORITE = 'countFavorite';

/**
 * One favourite added or removed: ±1 on a random shard of the performance's counter and
 * of the festival's figures (and the current trend bucket), once per event id. Then the
 * visible `favoriteCount` and the stats documents are recomputed from the shards. The
 * recomputations run even for a duplicate, so a retry after a crash between the two
 * steps still brings them up to date.
 */
export async function handleFavoriteChanged(deps: Pick<Deps, 'docs' | 'now' | 'random'>, event: DomainEvent<'favorite.changed'>): Promise<void> {
  const { festivalId, performanceId, change } = event.data;
  const by = change === 'added' ? 1 : -1;
  const now = deps.now();
  const occurredAt = new Date(event.occurredAt);
  const shard = shardIndex(deps.random);
  const performancePath = firestorePaths.performance(festivalId, performanceId);
  await onceInTransaction(deps.docs, COUNT_FAVORITE, event.id, now, async (tx) => {
    const [performance, festival] = await tx.getAll([performancePath, firestorePaths.festival(festivalId)]);
    if (!performance) return;
    tx.set(`${favoriteShards(festivalId, performanceId)}/${shard}`, { count: increment(by) }, { merge: true });
    addToStats(tx, festivalId, shard, {
      favorites: by,
      stage: { stageId: String(performance.stageId), favorites: by },
      trend: { path: trendBucketPath(festivalId, occurredAt, shard), startsAt: trendBucketStart(occurredAt), performanceId, by },
      ...(typeof festival?.timeZone === 'string'
        ? { daily: { timeZone: festival.timeZone, at: occurredAt, field: change === 'added' ? 'favoritesAdded' : 'favoritesRemoved' } as const }
        : {}),
    });
  });
  const favoriteCount = await rollUpFavoriteCount(deps, festivalId, performanceId);
  await refreshStats(deps.docs, festivalId, now);
  logs.favoriteCounted({ festivalId, performanceId, change, favoriteCount, eventId: event.id });
}

/**
 * Sets `favoriteCount` to the sum of the shards (written only when it changes). Coalesced
 * per performance, so a burst of favourites on one set writes its document a few times,
 * not once per favourite.
 */
export function rollUpFavoriteCount(deps: Pick<Deps, 'docs'>, festivalId: string, performanceId: string): Promise<number | null> {
  const performancePath = firestorePaths.performance(festivalId, performanceId);
  const recompute = () =>
    deps.docs.transaction(async (tx) => {
      const [performance, ...shards] = await tx.getAll([performancePath, ...shardPaths(favoriteShards(festivalId, performanceId))]);
      if (!performance) return null;
      const favoriteCount = clampCount(sumField(shards, 'count'));
      if (performance.favoriteCount !== favoriteCount) tx.set(performancePath, { favoriteCount }, { merge: true });
      return favoriteCount;
    });
  return coalescerFor(deps.docs).run(performancePath, recompute);
}
