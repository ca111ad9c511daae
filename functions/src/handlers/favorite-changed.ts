import { favoriteShardSchema, festivalSchema, firestorePaths, performanceSchema, rollupSchema, type DomainEvent } from '@encore/model';
import { clampCount, favoriteShards, isCurrentRollup, rollupPath, shardIndex, shardPaths, sumField } from '../domain/counters.js';
import { trendBucketPath, trendBucketStart } from '../domain/trending.js';
import { increment, readsOf } from '../platform/docs.js';
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
 *
 * The performance and the festival are read before the transaction, not in it: every
 * favourite of a set reads the same performance document, and a transaction that read
 * it would conflict with each write of its `favoriteCount`. Its stage and existence do
 * not need a transaction's guarantee (the nightly recount settles any race).
 */
export async function handleFavoriteChanged(deps: Pick<Deps, 'docs' | 'now' | 'random'>, event: DomainEvent<'favorite.changed'>): Promise<void> {
  const { festivalId, performanceId, change } = event.data;
  const by = change === 'added' ? 1 : -1;
  const now = deps.now();
  const occurredAt = new Date(event.occurredAt);
  const shard = shardIndex(deps.random);
  const [performance, festival] = await deps.docs.getAll([
    [firestorePaths.performance(festivalId, performanceId), performanceSchema],
    [firestorePaths.festival(festivalId), festivalSchema],
  ]);
  await onceInTransaction(deps.docs, COUNT_FAVORITE, event.id, now, async (tx) => {
    if (!performance) return;
    tx.set(`${favoriteShards(festivalId, performanceId)}/${shard}`, { count: increment(by), ops: increment(1) }, { merge: true });
    addToStats(tx, festivalId, shard, {
      favorites: by,
      stage: { stageId: performance.stageId, favorites: by },
      trend: { path: trendBucketPath(festivalId, occurredAt, shard), startsAt: trendBucketStart(occurredAt), performanceId, by },
      ...(festival ? { daily: { timeZone: festival.timeZone, at: occurredAt, field: change === 'added' ? 'favoritesAdded' : 'favoritesRemoved' } as const } : {}),
    });
  });
  const favoriteCount = await rollUpFavoriteCount(deps, festivalId, performanceId);
  await refreshStats(deps.docs, festivalId, now);
  logs.favoriteCounted({ festivalId, performanceId, change, favoriteCount, eventId: event.id });
}

/**
 * Sets `favoriteCount` to the sum of the shards (written only when it changes), from a
 * read of the shards outside the transaction, guarded by their `ops` (see
 * `isCurrentRollup`), so increments never conflict with it. Coalesced per performance,
 * so a burst of favourites on one set writes its document a few times, not once per
 * favourite. Returns the count it computed, or null for a performance that is gone.
 */
export function rollUpFavoriteCount(deps: Pick<Deps, 'docs'>, festivalId: string, performanceId: string): Promise<number | null> {
  const performancePath = firestorePaths.performance(festivalId, performanceId);
  const shardCollection = favoriteShards(festivalId, performanceId);
  const recompute = async () => {
    const shards = await deps.docs.getAll(readsOf(shardPaths(shardCollection), favoriteShardSchema));
    const favoriteCount = clampCount(sumField(shards, 'count'));
    const ops = sumField(shards, 'ops');
    return deps.docs.transaction(async (tx) => {
      const [performance, recorded] = await tx.getAll([
        [performancePath, performanceSchema],
        [rollupPath(shardCollection), rollupSchema],
      ]);
      if (!performance) return null;
      if (!isCurrentRollup(recorded, ops)) return favoriteCount;
      if (recorded?.ops !== ops) tx.set(rollupPath(shardCollection), { ops });
      if (performance.favoriteCount !== favoriteCount) tx.set(performancePath, { favoriteCount }, { merge: true });
      return favoriteCount;
    });
  };
  return coalescerFor(deps.docs).run(performancePath, recompute);
}
