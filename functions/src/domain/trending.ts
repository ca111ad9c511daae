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

const HOUR = 3_600_000;

/** The start of the hour before the one `now` is in: the buckets from there on give both hours whole. */
export function previousHourStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR) * HOUR - HOUR);
}

/**
 * Net favourites per hour, from trend buckets that cover the previous and the current hour
 * whole, merged into the figures kept so far (those two hours replaced), keeping the last
 * `keep` hours. Keys are ISO instants of each hour's start.
 */
export function hourlyFavorites(buckets: readonly TrendBucket[], now: Date, kept: Readonly<Record<string, number>>, keep: number): Record<string, number> {
  const from = previousHourStart(now).getTime();
  const fresh: Record<string, number> = { [new Date(from).toISOString()]: 0, [new Date(from + HOUR).toISOString()]: 0 };
  for (const bucket of buckets) {
    const start = bucket.startsAt.getTime();
    if (start < from) continue;
    const hour = new Date(Math.floor(start / HOUR) * HOUR).toISOString();
    fresh[hour] = (fresh[hour] ?? 0) + Object.values(bucket.counts).reduce((sum, count) => sum + count, 0);
  }
  const oldest = from + 2 * HOUR - keep * HOUR;
  const merged = { ...kept, ...fresh };
  return Object.fromEntries(Object.entries(merged).filter(([hour]) => Date.parse(hour) >= oldest).sort(([a], [b]) => a.localeCompare(b)));
}
