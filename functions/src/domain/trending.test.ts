import { describe, expect, it } from 'vitest';
import { TRENDING_SIZE, hourlyFavorites, previousHourStart, trendBucketStart, trendTotals, trendWindowStart, trendingFrom, type TrendBucket } from './trending.js';

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
    expect(trendingFrom(trendTotals(buckets, now), new Set())).toEqual([
      { performanceId: 'a', favorites: 4 },
      { performanceId: 'b', favorites: 3 },
      { performanceId: 'd', favorites: 1 },
    ]);
  });

  it('leaves out sets that are off the programme (cancelled or deleted), and fills the list from further down', () => {
    const now = new Date('2026-08-14T20:07:00Z');
    const counts = Object.fromEntries(Array.from({ length: TRENDING_SIZE + 2 }, (_, index) => [`set-${String(index).padStart(2, '0')}`, 100 - index]));
    const ranked = trendTotals([{ startsAt: trendBucketStart(now), counts }], now);
    expect(ranked).toHaveLength(TRENDING_SIZE + 2);
    const listed = trendingFrom(ranked, new Set(['set-00', 'set-05']));
    expect(listed).toHaveLength(TRENDING_SIZE);
    expect(listed[0]).toEqual({ performanceId: 'set-01', favorites: 99 });
    expect(listed.map((item) => item.performanceId)).not.toContain('set-00');
    expect(listed.map((item) => item.performanceId)).not.toContain('set-05');
    expect(listed.at(-1)!.performanceId).toBe(`set-${TRENDING_SIZE + 1}`);
  });
});

describe('favourites per hour', () => {
  const now = new Date('2026-08-14T21:20:00Z');
  const bucket = (iso: string, counts: Record<string, number>) => ({ startsAt: new Date(iso), counts });

  it('sums the buckets of the previous and the current hour, net of removals', () => {
    expect(previousHourStart(now).toISOString()).toBe('2026-08-14T20:00:00.000Z');
    const buckets = [bucket('2026-08-14T19:55:00Z', { a: 9 }), bucket('2026-08-14T20:05:00Z', { a: 2, b: 1 }), bucket('2026-08-14T20:50:00Z', { a: -1 }), bucket('2026-08-14T21:15:00Z', { b: 4 })];
    expect(hourlyFavorites(buckets, now, {}, 24)).toEqual({ '2026-08-14T20:00:00.000Z': 2, '2026-08-14T21:00:00.000Z': 4 });
  });

  it('keeps earlier hours as counted, replaces the two it recounts, and forgets those past the limit', () => {
    const kept = { '2026-08-13T20:00:00.000Z': 7, '2026-08-14T18:00:00.000Z': 5, '2026-08-14T20:00:00.000Z': 99 };
    expect(hourlyFavorites([], now, kept, 24)).toEqual({ '2026-08-14T18:00:00.000Z': 5, '2026-08-14T20:00:00.000Z': 0, '2026-08-14T21:00:00.000Z': 0 });
  });
});

