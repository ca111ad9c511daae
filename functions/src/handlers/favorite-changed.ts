import { favoriteShardSchema, festivalSchema, firestorePaths, performanceSchema, rollupSchema, type DomainEvent, type Performance } from '@encore/model';
import { clampCount, favoriteShards, isCurrentRollup, rollupPath, shardIndex, shardPaths, sumField } from '../domain/counters.js';
import { trendBucketPath, trendBucketStart } from '../domain/trending.js';
import { DocumentSchemaError, increment, readsOf } from '../platform/docs.js';
import { SummedWrites } from '../platform/summed-writes.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { coalescerFor } from './coalesce.js';
import { GroupCommit, groupCommitFor, type ItemOutcome } from './group-commit.js';
import { onceEachInTransaction } from './once.js';
import { addToStats, refreshStats } from './stats.js';

export const COUNT_FAVORITE = 'countFavorite';

type FavoriteChanged = DomainEvent<'favorite.changed'>;
type CounterDeps = Pick<Deps, 'docs' | 'now' | 'random'>;

/**
 * One favourite added or removed: ±1 on a random shard of the performance's counter and
 * of the festival's figures (and the current trend bucket), once per event id. Then the
 * visible `favoriteCount` and the stats documents are recomputed from the shards (side by
 * side). The
 * recomputations run even for a duplicate, so a retry after a crash between the two
 * steps still brings them up to date.
 *
 * The increments are group-committed per festival (`GroupCommit`): favourites that arrive
 * while this instance is committing others are counted together in its next transaction,
 * with every one's ledger entry, so a hot set costs a few transactions per burst rather
 * than one per favourite, and each event is still counted exactly once.
 */
export async function handleFavoriteChanged(deps: CounterDeps, event: FavoriteChanged): Promise<void> {
  const { festivalId, performanceId, change } = event.data;
  await favoriteCommits(deps).run(festivalId, event);
  // Independent of each other: the set's count and the festival's figures recompute side by side.
  const [favoriteCount] = await Promise.all([rollUpFavoriteCount(deps, festivalId, performanceId), refreshStats(deps.docs, festivalId, deps.now())]);
  logs.favoriteCounted({ festivalId, performanceId, change, favoriteCount, eventId: event.id });
}

function favoriteCommits(deps: CounterDeps): GroupCommit<FavoriteChanged, boolean> {
  return groupCommitFor(deps.docs, COUNT_FAVORITE, () => new GroupCommit<FavoriteChanged, boolean>((festivalId, events) => countFavorites(deps, festivalId, events)));
}

/**
 * Counts a group of favourites of one festival in one transaction: each new one adds to
 * one shard (the same random shard for the whole group, so a group writes each counter
 * document once, the sums of its favourites), its ledger entry written alongside.
 *
 * The performances and the festival are read before the transaction, not in it: every
 * favourite of a set reads the same performance document, and a transaction that read
 * it would conflict with each write of its `favoriteCount`. Their stage and existence do
 * not need a transaction's guarantee (the nightly recount settles any race). A performance
 * document that does not match its schema fails only the favourites of that set.
 */
async function countFavorites(deps: CounterDeps, festivalId: string, events: FavoriteChanged[]): Promise<Array<ItemOutcome<boolean>>> {
  const performanceIds = [...new Set(events.map((event) => event.data.performanceId))];
  let festival, performances: Array<Performance | undefined>;
  try {
    [festival, ...performances] = await deps.docs.getAll([
      [firestorePaths.festival(festivalId), festivalSchema] as const,
      ...readsOf(
        performanceIds.map((id) => firestorePaths.performance(festivalId, id)),
        performanceSchema,
      ),
    ]);
  } catch (error) {
    if (!(error instanceof DocumentSchemaError) || events.length === 1) throw error;
    return Promise.all(events.map((event) => countFavorites(deps, festivalId, [event]).then(([outcome]) => outcome!, (failed: unknown) => ({ ok: false as const, error: failed }))));
  }
  const performanceOf = new Map(performanceIds.map((id, index) => [id, performances[index]]));
  const shard = shardIndex(deps.random);
  const applied = await onceEachInTransaction(
    deps.docs,
    COUNT_FAVORITE,
    events.map((event) => event.id),
    deps.now(),
    async (tx, fresh) => {
      const writes = new SummedWrites();
      for (const index of fresh) {
        const { performanceId, change } = events[index]!.data;
        const performance = performanceOf.get(performanceId);
        if (!performance) continue;
        const by = change === 'added' ? 1 : -1;
        const occurredAt = new Date(events[index]!.occurredAt);
        writes.set(`${favoriteShards(festivalId, performanceId)}/${shard}`, { count: increment(by), ops: increment(1) }, { merge: true });
        addToStats(writes, festivalId, shard, {
          favorites: by,
          stage: { stageId: performance.stageId, favorites: by },
          trend: { path: trendBucketPath(festivalId, occurredAt, shard), startsAt: trendBucketStart(occurredAt), performanceId, by },
          ...(festival ? { daily: { timeZone: festival.timeZone, at: occurredAt, field: change === 'added' ? 'favoritesAdded' : 'favoritesRemoved' } as const } : {}),
        });
      }
      writes.flushInto(tx);
    },
  );
  return applied.map((value) => ({ ok: true, value }));
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
