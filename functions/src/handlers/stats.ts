import { dailyShardSchema, festivalSchema, firestorePaths, liveSetsSchema, rollupSchema, statShardSchema, type StageStats, type TodayStats, type TotalsStats } from '@encore/model';
import { clampCount, isCurrentRollup, rollupPath, shardPaths, statShards, sumField, sumMaps } from '../domain/counters.js';
import { increment, readsOf, type DocData, type DocTransaction, type Docs } from '../platform/docs.js';
import { SHARD_COUNT } from '../domain/counters.js';
import { dailyShardPath, localDay, type DailyField } from '../domain/daily.js';
import { coalescerFor } from './coalesce.js';

/**
 * Festival-wide figures of photos, reactions and reports. Subscribers add to a random stat
 * shard inside their ledger transaction (`addToStats`); `refreshStats` then sums the shards
 * into the documents the staff dashboard reads (`stats/totals`, `stats/stages`, and
 * `stats/today` from today's daily shards), in a transaction so the last refresh to commit
 * always saw the latest shards. Favourites and trending are published apart, in the
 * festival's live document (handlers/live-publish.ts).
 */

export interface StatsChange {
  favorites?: number;
  photos?: number;
  reactions?: number;
  reports?: number;
  /** Per stage: favourite and photo changes. */
  stage?: { stageId: string; favorites?: number; photos?: number };
  /** One more of `field` on the local day of `at` (or `by` more). */
  daily?: { timeZone: string; at: Date; field: DailyField; by?: number };
}

export function addToStats(tx: Pick<DocTransaction, 'set'>, festivalId: string, shard: number, change: StatsChange): void {
  const figures: DocData = {};
  for (const field of ['favorites', 'photos', 'reactions', 'reports'] as const) if (change[field]) figures[field] = increment(change[field]!);
  if (change.stage) {
    const stage: DocData = {};
    if (change.stage.favorites) stage.favorites = increment(change.stage.favorites);
    if (change.stage.photos) stage.photos = increment(change.stage.photos);
    figures.stages = { [change.stage.stageId]: stage };
  }
  // A daily figure alone still adds to the shard's ops: the refresh that writes `stats/today` is guarded by them.
  if (Object.keys(figures).length > 0 || change.daily) tx.set(`${statShards(festivalId)}/${shard}`, { ...figures, ops: increment(1) }, { merge: true });
  if (change.daily) {
    const day = localDay(change.daily.at, change.daily.timeZone);
    tx.set(dailyShardPath(festivalId, day, shard), { day, [change.daily.field]: increment(change.daily.by ?? 1) }, { merge: true });
  }
}

/**
 * Recomputes the stats documents, coalesced per festival (see `Coalescer`). A caller that has
 * just read the festival passes its `timeZone` (today's day), which spares the refresh reading
 * the festival again.
 */
export function refreshStats(docs: Docs, festivalId: string, now: Date, timeZone?: string): Promise<void> {
  return coalescerFor(docs).run(`stats/${festivalId}`, () => recomputeStats(docs, festivalId, now, timeZone));
}

/**
 * Reads the shards outside any transaction (they take an increment with every photo,
 * reaction and report, so a transaction that read them would keep conflicting), then writes
 * the two documents only if no refresh from a later read of the shards has
 * (`isCurrentRollup` over the shards' `ops`, which every daily figure adds to as well). Favourites are no longer counted here: their
 * total comes from the festival's live document (`festivals/{f}/live/sets`), as published.
 */
async function recomputeStats(docs: Docs, festivalId: string, now: Date, knownTimeZone: string | undefined): Promise<void> {
  const [shards, live, timeZone] = await Promise.all([
    docs.getAll(readsOf(shardPaths(statShards(festivalId)), statShardSchema)),
    docs.get(firestorePaths.liveSets(festivalId), liveSetsSchema),
    knownTimeZone ?? docs.get(firestorePaths.festival(festivalId), festivalSchema).then((festival) => festival?.timeZone),
  ]);
  // Today's daily shards, by path (no query): the figures the nightly roll-up will sum, as they are now.
  const day = timeZone ? localDay(now, timeZone) : null;
  const dailyShards = day ? await docs.getAll(readsOf(Array.from({ length: SHARD_COUNT }, (_, shard) => dailyShardPath(festivalId, day, shard)), dailyShardSchema)) : [];
  const ops = sumField(shards, 'ops');
  const totals: TotalsStats = {
    favorites: Object.values(live?.favorites ?? {}).reduce((sum, count) => sum + count, 0),
    photos: clampCount(sumField(shards, 'photos')),
    reactions: clampCount(sumField(shards, 'reactions')),
    reports: clampCount(sumField(shards, 'reports')),
    updatedAt: now,
  };
  const stageFigures = sumMaps(shards, 'stages');
  const stages: StageStats = {
    stages: Object.fromEntries(
      Object.entries(stageFigures).map(([stageId, figures]) => [stageId, { favorites: clampCount(figures.favorites ?? 0), photos: clampCount(figures.photos ?? 0) }]),
    ),
    updatedAt: now,
  };
  const today: TodayStats | null = day
    ? {
        day,
        photosUploaded: clampCount(sumField(dailyShards, 'photosUploaded')),
        photosRejected: clampCount(sumField(dailyShards, 'photosRejected')),
        reactions: clampCount(sumField(dailyShards, 'reactions')),
        reports: clampCount(sumField(dailyShards, 'reports')),
        updatedAt: now,
      }
    : null;
  const guard = rollupPath(statShards(festivalId));
  await docs.transaction(async (tx) => {
    const recorded = await tx.get(guard, rollupSchema);
    if (!isCurrentRollup(recorded, ops)) return;
    if (recorded?.ops !== ops) tx.set(guard, { ops });
    tx.set(firestorePaths.stats(festivalId, 'totals'), totals);
    tx.set(firestorePaths.stats(festivalId, 'stages'), stages);
    if (today) tx.set(firestorePaths.stats(festivalId, 'today'), today);
  });
}
