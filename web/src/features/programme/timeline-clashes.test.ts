import { describe, expect, it } from 'vitest';
import type { PerformanceDoc } from '../../festival/programme';
import { clashPartners } from './timeline-clashes';

const set = (id: string, stageId: string, start: string, end: string, status: PerformanceDoc['status'] = 'scheduled') =>
  ({ id, artistId: `artist-${id}`, stageId, startsAt: new Date(`2026-08-14T${start}:00+02:00`), endsAt: new Date(`2026-08-14T${end}:00+02:00`), status }) as PerformanceDoc;

describe('my clashing sets on the timeline', () => {
  const sets = [
    set('a', 'main', '20:00', '21:00'),
    set('b', 'pier', '20:30', '21:30'),
    set('c', 'tent', '20:45', '21:15'),
    set('d', 'dune', '21:40', '22:30'),
    set('e', 'club', '20:15', '21:00', 'cancelled'),
    set('f', 'main', '21:00', '22:00'),
  ];

  it('pairs each of my sets with the sets of mine it overlaps, in start order', () => {
    const partners = clashPartners(sets, new Set(['a', 'b', 'c', 'd', 'e', 'f']));
    expect(Object.fromEntries([...partners].map(([id, others]) => [id, others.map((other) => other.id)]))).toEqual({
      a: ['b', 'c'],
      b: ['a', 'c', 'f'],
      c: ['a', 'b', 'f'],
      d: ['f'],
      f: ['b', 'c', 'd'],
    });
  });

  it('leaves out sets that are not mine, a cancelled one, and a tight change-over that does not overlap', () => {
    // d starts 10 minutes after b ends, on another stage: tight, not a clash.
    const partners = clashPartners(sets, new Set(['a', 'd', 'e']));
    expect(partners.size).toBe(0);
    expect(clashPartners(sets, new Set(['b', 'd'])).size).toBe(0);
  });
});
