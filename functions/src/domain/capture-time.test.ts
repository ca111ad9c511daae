import { describe, expect, it } from 'vitest';
import { captureInstant, suggestPerformance } from './capture-time.js';

const set = (id: string, stageId: string, start: string, end: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
  id,
  stageId,
  startsAt: new Date(start),
  endsAt: new Date(end),
  status,
});

describe('capture time', () => {
  it('reads camera wall-clock time in the festival zone unless the camera wrote an offset', () => {
    expect(captureInstant('2026:08:14 21:30:05', undefined, 'Europe/Amsterdam')?.toISOString()).toBe('2026-08-14T19:30:05.000Z');
    expect(captureInstant('2026:08:14 21:30:05', '+01:00', 'Europe/Amsterdam')?.toISOString()).toBe('2026-08-14T20:30:05.000Z');
    expect(captureInstant('2026:08:14 21:30:05', 'garbage', 'Europe/Amsterdam')?.toISOString()).toBe('2026-08-14T19:30:05.000Z');
  });

  it('gives no time for absent or malformed EXIF dates', () => {
    expect(captureInstant(undefined, undefined, 'Europe/Amsterdam')).toBeNull();
    expect(captureInstant('0000:00:00 00:00:00', undefined, 'Europe/Amsterdam')).toBeNull();
    expect(captureInstant('yesterday', undefined, 'Europe/Amsterdam')).toBeNull();
  });

  it('suggests the one set playing at that moment, and nothing when it cannot tell', () => {
    const sets = [
      set('a', 'main', '2026-08-14T19:00:00Z', '2026-08-14T20:00:00Z'),
      set('b', 'tent', '2026-08-14T19:30:00Z', '2026-08-14T20:30:00Z'),
      set('c', 'main', '2026-08-14T21:00:00Z', '2026-08-14T22:00:00Z', 'cancelled'),
    ];
    expect(suggestPerformance(new Date('2026-08-14T19:10:00Z'), sets)?.id).toBe('a');
    expect(suggestPerformance(new Date('2026-08-14T20:00:00Z'), sets)?.id).toBe('b');
    expect(suggestPerformance(new Date('2026-08-14T19:45:00Z'), sets)).toBeNull();
    expect(suggestPerformance(new Date('2026-08-14T21:30:00Z'), sets)).toBeNull();
    expect(suggestPerformance(null, sets)).toBeNull();
  });

  it("breaks a tie between stages with the uploader's favourites, and never guesses", () => {
    const sets = [
      set('main-1', 'main', '2026-08-14T19:00:00Z', '2026-08-14T20:00:00Z'),
      set('tent-1', 'tent', '2026-08-14T19:30:00Z', '2026-08-14T20:30:00Z'),
      set('pier-1', 'pier', '2026-08-14T19:15:00Z', '2026-08-14T20:15:00Z'),
    ];
    const at = new Date('2026-08-14T19:45:00Z');
    expect(suggestPerformance(at, sets)).toBeNull();
    expect(suggestPerformance(at, sets, new Set(['tent-1']))?.id).toBe('tent-1');
    // A favourite that is not playing at that moment does not count.
    expect(suggestPerformance(at, sets, new Set(['tent-1', 'main-2']))?.id).toBe('tent-1');
    // Two favourites playing at once: still ambiguous.
    expect(suggestPerformance(at, sets, new Set(['tent-1', 'pier-1']))).toBeNull();
  });
});
