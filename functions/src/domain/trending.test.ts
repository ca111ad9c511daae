import { describe, expect, it } from 'vitest';
import { trendBucketStart, trendWindowStart, trendingFrom, type TrendBucket } from './trending.js';

describe('trending', () => {
  it('sums the buckets of the last hour and ranks by favourites', () => {
    const now = new Date('2026-08-14T20:07:00Z');
    expect(trendBucketStart(now).toISOString()).toBe('2026-08-14T20:05:00.000Z');
    expect(trendWindowStart(now).toISOString()).toBe('2026-08-14T19:10:00.000Z');
    const buckets: TrendBucket[] = [
      { startsAt: new Date('2026-08-14T19:05:00Z'), counts: { old: 50 } },
      { startsAt: new Date('2026-08-14T19:10:00Z'), counts: { a: 2, b: 3 } },
      { startsAt: new Date('2026-08-14T20:05:00Z'), counts: { a: 2, c: -1, d: 1 } },
    ];
    expect(trendingFrom(buckets, now)).toEqual([
      { performanceId: 'a', favorites: 4 },
      { performanceId: 'b', favorites: 3 },
      { performanceId: 'd', favorites: 1 },
    ]);
  });
});
