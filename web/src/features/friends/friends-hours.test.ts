import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { friendsDays, type PersonPlan } from './friends-hours';

const programme = seedProgramme();
// Saturday 15 August, Amsterdam time: Mika Tanaka 21:10–22:25, Freya Lindqvist 21:20–22:20,
// The Quiet Wolves 21:35–22:35.
const MIKA = 'mika-tanaka-greenhouse-0815-1910-0l3qs0q';
const FREYA = 'freya-lindqvist-the-pier-0815-1920-0wvkoft';
const WOLVES = 'the-quiet-wolves-main-stage-0815-1935-144s0p6';

const person = (key: string, sets: Record<string, 'must' | 'maybe' | null>): PersonPlan => ({ key, name: key === 'me' ? '' : key, me: key === 'me', sets: new Map(Object.entries(sets)) });

describe('the friends view of my schedule, hour by hour', () => {
  const people = [person('Vera', { [MIKA]: null, [WOLVES]: 'must' }), person('me', { [MIKA]: 'must' }), person('Otto', { [FREYA]: 'maybe' })];

  it('puts each planned set in every hour it plays in, on the festival clock, with who plans it (me first) and where our plans meet', () => {
    const [saturday, ...others] = friendsDays(programme.performances, people, programme.festival);
    expect(others).toEqual([]);
    expect(saturday!.date).toBe('2026-08-15');
    expect(saturday!.hours.map((hour) => hour.startsAt.toISOString())).toEqual(['2026-08-15T19:00:00.000Z', '2026-08-15T20:00:00.000Z']);
    for (const hour of saturday!.hours) {
      expect(hour.sets.map(({ set, together, people: who }) => [set.id, together, who.map((p) => `${p.key}:${p.priority}`)])).toEqual([
        [MIKA, true, ['me:must', 'Vera:null']],
        [FREYA, false, ['Otto:maybe']],
        [WOLVES, false, ['Vera:must']],
      ]);
    }
  });

  it('leaves out cancelled sets and days nobody plans anything on, and has no days when nobody plans', () => {
    const cancelled = programme.performances.map((set) => (set.id === FREYA ? { ...set, status: 'cancelled' as const } : set));
    const [saturday] = friendsDays(cancelled, people, programme.festival);
    expect(saturday!.hours[0]!.sets.map(({ set }) => set.id)).toEqual([MIKA, WOLVES]);
    expect(friendsDays(programme.performances, [person('me', {}), person('Vera', {})], programme.festival)).toEqual([]);
  });

  it('does not put a set in the hour it ends at', () => {
    const set = programme.performances.find((candidate) => candidate.endsAt.getUTCMinutes() === 0 && candidate.status !== 'cancelled');
    if (!set) throw new Error('the seed has no set ending on the hour');
    const [day] = friendsDays(programme.performances, [person('me', { [set.id]: null })], programme.festival);
    expect(day!.hours.every((hour) => hour.startsAt < set.endsAt)).toBe(true);
    expect(day!.hours[0]!.startsAt.getTime()).toBeLessThanOrEqual(set.startsAt.getTime());
  });
});
