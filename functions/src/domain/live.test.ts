import { describe, expect, it } from 'vitest';
import { LIVE_PUBLISH_INTERVAL_SECONDS, liveSetsSchema } from '@encore/model';
import { PUBLISH_INTERVAL_MS, addToHourly, documentsToWrite, favoritesChange, hourKey, liveSetsState, mergeScores, nextLiveSets, nextPublishAt, publishIntervalMs, publishedFigures, rankTrending, scoresOf, trendingRecheckDue, type LiveSetsState } from './live.js';

const NOW = new Date('2026-08-14T20:00:00Z');
const published = (over: Partial<LiveSetsState> = {}): LiveSetsState => ({ favorites: { a: 3 }, trending: [{ performanceId: 'a', favorites: 2 }], trendingScores: { a: 2 }, trendingCheckedAt: NOW, publishedAt: NOW, ...over });

describe('live document rules', () => {
  it('may be written again one interval after its last publication, or at once when never published', () => {
    expect(nextPublishAt(undefined)).toBe(0);
    expect(nextPublishAt(NOW)).toBe(NOW.getTime() + PUBLISH_INTERVAL_MS);
  });

  it('ranks positive scores, most first then by id, without sets off the programme, up to the size', () => {
    expect(rankTrending({ b: 2, a: 2, c: 5, d: 0, e: 9 }, new Set(['e']), 3)).toEqual([
      { performanceId: 'c', favorites: 5 },
      { performanceId: 'a', favorites: 2 },
      { performanceId: 'b', favorites: 2 },
    ]);
  });

  it('replaces recounted scores and keeps the rest, except on a recheck, which keeps only the recounted', () => {
    expect(mergeScores({ a: 2, b: 1 }, { favorites: {}, trendingScores: { a: 0, c: 1 }, trendingRechecked: false })).toEqual({ b: 1, c: 1 });
    expect(mergeScores({ a: 2, b: 1 }, { favorites: {}, trendingScores: { c: 1 }, trendingRechecked: true })).toEqual({ c: 1 });
  });

  it('publishes changed counts, drops sets at zero, and publishes nothing when no figure changed', () => {
    const later = new Date(NOW.getTime() + 60_000);
    expect(nextLiveSets(published(), { favorites: { a: 3 }, trendingScores: { a: 2 }, trendingRechecked: false }, new Set(), later)).toBeNull();
    const next = nextLiveSets(published(), { favorites: { a: 0, b: 1 }, trendingScores: { a: 0, b: 1 }, trendingRechecked: false }, new Set(), later);
    expect(next).toEqual({ favorites: { b: 1 }, trending: [{ performanceId: 'b', favorites: 1 }], trendingScores: { b: 1 }, trendingCheckedAt: NOW, publishedAt: later });
  });

  it('publishes in live/sets only what a screen shows, the scores apart, and reads the scores a legacy document still carries', () => {
    const later = new Date(NOW.getTime() + 60_000);
    const state = published();
    expect(publishedFigures(state)).toEqual({ favorites: { a: 3 }, trending: [{ performanceId: 'a', favorites: 2 }], publishedAt: NOW });
    expect(liveSetsSchema.safeParse(publishedFigures(state)).success).toBe(true);
    expect(liveSetsState(publishedFigures(state), scoresOf(state))).toEqual(state);
    // A document published before the scores moved: its scores are read from it, and it is rewritten without them.
    const legacy = { ...publishedFigures(state), trendingScores: { a: 2 }, trendingCheckedAt: NOW };
    expect(liveSetsState(legacy, undefined)).toEqual(state);
    expect(documentsToWrite({ live: legacy, scores: undefined, state }, { ...state, publishedAt: later })).toEqual({ live: true, scores: true });
    // Only the scores moved (a set's older favourites left the window): the apps' document is not rewritten.
    expect(documentsToWrite({ live: publishedFigures(state), scores: scoresOf(state), state }, { ...state, trendingScores: { a: 2, b: 1 }, publishedAt: later })).toEqual({ live: false, scores: true });
    // A count moved: the apps' document only.
    expect(documentsToWrite({ live: publishedFigures(state), scores: scoresOf(state), state }, { ...state, favorites: { a: 4 }, publishedAt: later })).toEqual({ live: true, scores: false });
    // The cadence bounds both: the state was published when the later of the two was written.
    expect(liveSetsState(publishedFigures(state), { ...scoresOf(state), updatedAt: later })?.publishedAt).toEqual(later);
  });

  it('is due a trending recheck five minutes after the last one', () => {
    expect(trendingRecheckDue(undefined, NOW)).toBe(true);
    expect(trendingRecheckDue(published(), new Date(NOW.getTime() + 4 * 60_000))).toBe(false);
    expect(trendingRecheckDue(published(), new Date(NOW.getTime() + 5 * 60_000))).toBe(true);
  });
});

describe('favourites per hour from the live publications', () => {
  it('keys an instant by the start of its hour on the festival’s clock', () => {
    expect(hourKey(new Date('2026-08-14T20:59:59.999Z'), 'Europe/Amsterdam')).toBe('2026-08-14T20:00:00.000Z');
    expect(hourKey(new Date('2026-08-14T21:00:00Z'), 'Europe/Amsterdam')).toBe('2026-08-14T21:00:00.000Z');
    // The festival's own hours where they start at half past UTC.
    expect(hourKey(new Date('2026-08-14T21:10:00Z'), 'Australia/Adelaide')).toBe('2026-08-14T20:30:00.000Z');
  });

  it('takes a publication’s net change of favourites, sets added, dropped or recounted', () => {
    expect(favoritesChange(undefined, { favorites: { a: 2 } })).toBe(2);
    expect(favoritesChange({ favorites: { a: 3, b: 1 } }, { favorites: { a: 4, c: 2 } })).toBe(2);
    expect(favoritesChange({ favorites: { a: 3 } }, { favorites: { a: 1 } })).toBe(-2);
  });

  it('adds the change to its hour, keeps the last 24 hours, oldest first', () => {
    const hours = { '2026-08-13T20:00:00.000Z': 5, '2026-08-13T21:00:00.000Z': 4, '2026-08-14T19:00:00.000Z': 7, '2026-08-14T20:00:00.000Z': 1 };
    expect(Object.entries(addToHourly(hours, new Date('2026-08-14T20:30:00Z'), -3, 'Europe/Amsterdam'))).toEqual([
      ['2026-08-13T21:00:00.000Z', 4],
      ['2026-08-14T19:00:00.000Z', 7],
      ['2026-08-14T20:00:00.000Z', -2],
    ]);
    expect(addToHourly({}, new Date('2026-08-14T21:05:00Z'), 2, 'Europe/Amsterdam', 3)).toEqual({ '2026-08-14T21:00:00.000Z': 2 });
  });
});

describe('the publication interval setting', () => {
  it('is the production default (30 s) when the environment sets none', () => {
    expect(LIVE_PUBLISH_INTERVAL_SECONDS).toBe(30);
    expect(publishIntervalMs(undefined)).toBe(30_000);
    expect(publishIntervalMs(' ')).toBe(30_000);
  });

  it('takes a whole number of seconds from 1 to 30 from the environment (test stacks run faster)', () => {
    expect(publishIntervalMs('2')).toBe(2_000);
    expect(publishIntervalMs('30')).toBe(30_000);
  });

  it('refuses a setting outside the lag the issue allows, naming it', () => {
    for (const bad of ['0', '31', '1.5', 'ten', '-3']) expect(() => publishIntervalMs(bad)).toThrow(/LIVE_PUBLISH_INTERVAL_SECONDS must be a whole number of seconds from 1 to 30/);
  });
});
