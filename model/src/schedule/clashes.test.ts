import { describe, expect, it } from 'vitest';
import type { TimedSet } from '../programme/now-next.js';
import { clashingIds, findClashes } from './clashes.js';

const set = (id: string, stageId: string, start: string, end: string, status: TimedSet['status'] = 'scheduled'): TimedSet => ({
  id,
  stageId,
  startsAt: new Date(start),
  endsAt: new Date(end),
  status,
});

describe('findClashes', () => {
  it('finds an overlap and says for how long both play', () => {
    const clashes = findClashes([
      set('late', 'tent', '2026-08-14T20:30:00Z', '2026-08-14T21:30:00Z'),
      set('early', 'main', '2026-08-14T20:00:00Z', '2026-08-14T21:00:00Z'),
    ]);
    expect(clashes).toHaveLength(1);
    expect(clashes[0]).toMatchObject({ kind: 'overlap', first: { id: 'early' }, second: { id: 'late' }, minutes: 30 });
  });

  it('finds overlaps across midnight', () => {
    const clashes = findClashes([
      set('night', 'pier', '2026-08-14T22:30:00Z', '2026-08-15T00:30:00Z'),
      set('after', 'club', '2026-08-15T00:00:00Z', '2026-08-15T01:00:00Z'),
    ]);
    expect(clashes.map((c) => [c.kind, c.minutes])).toEqual([['overlap', 30]]);
  });

  it('counts a set fully inside another as overlapping for its whole length', () => {
    const clashes = findClashes([
      set('long', 'main', '2026-08-14T18:00:00Z', '2026-08-14T22:00:00Z'),
      set('short', 'tent', '2026-08-14T19:00:00Z', '2026-08-14T19:45:00Z'),
      set('later', 'pier', '2026-08-14T21:30:00Z', '2026-08-14T23:00:00Z'),
    ]);
    expect(clashes.map((c) => [c.first.id, c.second.id, c.kind, c.minutes])).toEqual([
      ['long', 'short', 'overlap', 45],
      ['long', 'later', 'overlap', 30],
    ]);
  });

  it('warns about a change-over too short to walk between stages', () => {
    const sets = [
      set('a', 'main', '2026-08-14T18:00:00Z', '2026-08-14T19:00:00Z'),
      set('b', 'pier', '2026-08-14T19:05:00Z', '2026-08-14T20:00:00Z'),
    ];
    expect(findClashes(sets).map((c) => [c.kind, c.minutes])).toEqual([['tight', 5]]);
    expect(findClashes(sets, { walkMinutes: 5 })).toEqual([]);
    expect(findClashes(sets, { walkMinutes: 0 })).toEqual([]);
  });

  it('never flags back-to-back sets on the same stage, nor cancelled sets', () => {
    expect(
      findClashes([
        set('a', 'main', '2026-08-14T18:00:00Z', '2026-08-14T19:00:00Z'),
        set('b', 'main', '2026-08-14T19:00:00Z', '2026-08-14T20:00:00Z'),
        set('c', 'tent', '2026-08-14T18:30:00Z', '2026-08-14T19:30:00Z', 'cancelled'),
      ]),
    ).toEqual([]);
  });

  it('lists the ids that clash', () => {
    const clashes = findClashes([
      set('a', 'main', '2026-08-14T18:00:00Z', '2026-08-14T19:00:00Z'),
      set('b', 'tent', '2026-08-14T18:30:00Z', '2026-08-14T19:30:00Z'),
      set('c', 'pier', '2026-08-14T19:35:00Z', '2026-08-14T20:30:00Z'),
    ]);
    expect([...clashingIds(clashes)].sort()).toEqual(['a', 'b']);
    expect([...clashingIds(clashes, ['overlap', 'tight'])].sort()).toEqual(['a', 'b', 'c']);
  });
});
