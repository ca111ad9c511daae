/**
 * "Most favourited over the last hour" without counting with a query: each favourite
 * change adds ±1 to its performance in a 5-minute bucket (sharded like the counters);
 * trending is the sum over the buckets of the last hour.
 */
export const TREND_WINDOW_MINUTES = 60;
export const TREND_BUCKET_MINUTES = 5;
export const TRENDING_SIZE = 20;

export function trendBucketStart(at: Date): Date {
  const size = TREND_BUCKET_MINUTES * 60_000;
  return new Date(Math.floor(at.getTime() / size) * size);
}

export function trendBucketPath(festivalId: string, at: Date, shard: number): string {
  return `festivals/${festivalId}/trendBuckets/${trendBucketStart(at).getTime()}_${shard}`;
}

/** The oldest bucket start that still counts at `now`. */
export function trendWindowStart(now: Date): Date {
  return new Date(trendBucketStart(now).getTime() - (TREND_WINDOW_MINUTES - TREND_BUCKET_MINUTES) * 60_000);
}

export interface TrendBucket {
  startsAt: Date;
  counts: Record<string, number>;
}

export interface TrendingItem {
  performanceId: string;
  favorites: number;
}

/** Every performance favourited on balance over the last hour, most first (ties by id). */
export function trendTotals(buckets: readonly TrendBucket[], now: Date): TrendingItem[] {
  const from = trendWindowStart(now).getTime();
  const totals = new Map<string, number>();
  for (const bucket of buckets) {
    if (bucket.startsAt.getTime() < from) continue;
    for (const [performanceId, count] of Object.entries(bucket.counts)) totals.set(performanceId, (totals.get(performanceId) ?? 0) + count);
  }
  return [...totals]
    .filter(([, favorites]) => favorites > 0)
    .sort(([idA, a], [idB, b]) => b - a || idA.localeCompare(idB))
    .map(([performanceId, favorites]) => ({ performanceId, favorites }));
}

/**
 * What trending lists: the first TRENDING_SIZE of the ranking that are still on the
 * programme. A cancelled set (or one staff deleted) leaves trending, however many people
 * favourited it in the hour before: it is news, not a tip.
 */
export function trendingFrom(ranked: readonly TrendingItem[], offProgramme: ReadonlySet<string>): TrendingItem[] {
  return ranked.filter((item) => !offProgramme.has(item.performanceId)).slice(0, TRENDING_SIZE);
}
