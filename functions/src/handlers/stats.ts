import { HOURLY_STATS_HOURS, firestorePaths, hourlyStatsSchema, performanceSchema, rollupSchema, statShardSchema, trendBucketSchema, type StageStats, type TotalsStats, type TrendingStats } from '@encore/model';
import { clampCount, isCurrentRollup, rollupPath, shardPaths, statShards, sumField, sumMaps } from '../domain/counters.js';
import { TREND_WINDOW_MINUTES, TRENDING_SIZE, hourlyFavorites, previousHourStart, trendTotals, trendWindowStart, trendingFrom, type TrendBucket, type TrendingItem } from '../domain/trending.js';
import { increment, readsOf, type DocData, type DocTransaction, type Docs } from '../platform/docs.js';
import { dailyShardPath, localDay, type DailyField } from '../domain/daily.js';
import { coalescerFor } from './coalesce.js';

/**
 * Festival-wide figures. Subscribers add to a random stat shard inside their ledger
 * transaction (`addToStats`); `refreshStats` then sums the shards and the trend buckets
 * of the last hour into the documents the UI reads, in a transaction so the last
 * refresh to commit always saw the latest shards. The buckets read reach back to the start of
 * the previous hour, so `stats/hourly` gets that hour and the current one whole. Trending lists
 * only sets still on the programme (see `offProgramme`); `refreshTrending` recomputes when staff
 * cancel one. (A refresh that read a set just before its cancellation may still list it until
 * the next refresh, which any favourite or the nightly maintenance brings.)
 */

export interface StatsChange {
  favorites?: number;
  photos?: number;
  reactions?: number;
  reports?: number;
  /** Per stage: favourite and photo changes. */
  stage?: { stageId: string; favorites?: number; photos?: number };
  /** Per performance in the current trend bucket (favourite changes). */
  trend?: { path: string; startsAt: Date; performanceId: string; by: number };
  daily?: { timeZone: string; at: Date; field: DailyField };
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
  if (Object.keys(figures).length > 0) tx.set(`${statShards(festivalId)}/${shard}`, { ...figures, ops: increment(1) }, { merge: true });
  if (change.trend) tx.set(change.trend.path, { startsAt: change.trend.startsAt, counts: { [change.trend.performanceId]: increment(change.trend.by) } }, { merge: true });
  if (change.daily) {
    const day = localDay(change.daily.at, change.daily.timeZone);
    tx.set(dailyShardPath(festivalId, day, shard), { day, [change.daily.field]: increment(1) }, { merge: true });
  }
}

/**
 * Which of the ranked sets are off the programme (cancelled, or gone), read a page of
 * TRENDING_SIZE at a time from the top until the list is full: usually one batched read of
 * twenty performance documents.
 */
async function offProgramme(docs: Docs, festivalId: string, ranked: readonly TrendingItem[]): Promise<Set<string>> {
  const off = new Set<string>();
  for (let start = 0; start < ranked.length && start - off.size < TRENDING_SIZE; start += TRENDING_SIZE) {
    const page = ranked.slice(start, start + TRENDING_SIZE);
    const performances = await docs.getAll(readsOf(page.map((item) => firestorePaths.performance(festivalId, item.performanceId)), performanceSchema));
    page.forEach((item, index) => {
      const performance = performances[index];
      if (!performance || performance.status === 'cancelled') off.add(item.performanceId);
    });
  }
  return off;
}

/** Recomputes the stats documents, coalesced per festival (see `Coalescer`). */
export function refreshStats(docs: Docs, festivalId: string, now: Date): Promise<void> {
  return coalescerFor(docs).run(`stats/${festivalId}`, () => recomputeStats(docs, festivalId, now));
}

/**
 * Reads the shards and the trend buckets outside any transaction (they take an increment
 * with every favourite, so a transaction that read them would keep conflicting), then
 * writes the three documents only if no refresh from a later read of the shards has
 * (`isCurrentRollup` over the shards' `ops`; every trend bucket change comes with one).
 */
async function recomputeStats(docs: Docs, festivalId: string, now: Date): Promise<void> {
  const shards = await docs.getAll(readsOf(shardPaths(statShards(festivalId)), statShardSchema));
  const since = new Date(Math.min(trendWindowStart(now).getTime(), previousHourStart(now).getTime()));
  const buckets = await docs.query({ collection: `festivals/${festivalId}/trendBuckets`, where: [['startsAt', '>=', since]] }, trendBucketSchema);
  const ops = sumField(shards, 'ops');
  const totals: TotalsStats = {
    favorites: clampCount(sumField(shards, 'favorites')),
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
  const ranked = trendTotals(buckets.map(({ data }): TrendBucket => data), now);
  const trending: TrendingStats = {
    windowMinutes: TREND_WINDOW_MINUTES,
    items: trendingFrom(ranked, await offProgramme(docs, festivalId, ranked)),
    updatedAt: now,
  };
  const guard = rollupPath(statShards(festivalId));
  await docs.transaction(async (tx) => {
    const [recorded, hourly] = await tx.getAll([
      [guard, rollupSchema],
      [firestorePaths.stats(festivalId, 'hourly'), hourlyStatsSchema],
    ]);
    if (!isCurrentRollup(recorded, ops)) return;
    if (recorded?.ops !== ops) tx.set(guard, { ops });
    tx.set(firestorePaths.stats(festivalId, 'totals'), totals);
    tx.set(firestorePaths.stats(festivalId, 'stages'), stages);
    tx.set(firestorePaths.stats(festivalId, 'trending'), trending);
    const favorites = hourlyFavorites(buckets.map(({ data }): TrendBucket => data), now, hourly?.favorites ?? {}, HOURLY_STATS_HOURS);
    tx.set(firestorePaths.stats(festivalId, 'hourly'), { favorites, updatedAt: now });
  });
}
