import { describe, expect, it } from 'vitest';
import type { TimedSet } from '../programme/now-next.js';
import { clashAdvice, groupClashes } from './clash-groups.js';

const set = (id: string, stageId: string, start: string, end: string, status: TimedSet['status'] = 'scheduled'): TimedSet => ({
  id,
  stageId,
  startsAt: new Date(`2026-08-15T${start}:00Z`),
  endsAt: new Date(`2026-08-15T${end}:00Z`),
  status,
});
const ids = (groups: Array<{ sets: TimedSet[] }>) => groups.map((group) => group.sets.map((member) => member.id));

describe('groupClashes', () => {
  it('makes three sets that all overlap one group, not three pairs', () => {
    const groups = groupClashes([set('c', 'pier', '20:45', '21:45'), set('a', 'main', '20:00', '21:30'), set('b', 'tent', '20:30', '21:15')]);
    expect(ids(groups)).toEqual([['a', 'b', 'c']]);
    expect(groups[0]!.startsAt.toISOString()).toBe('2026-08-15T20:00:00.000Z');
    expect(groups[0]!.endsAt.toISOString()).toBe('2026-08-15T21:45:00.000Z');
  });

  it('joins sets that overlap only through a set between them', () => {
    // a and c never play at once, but b overlaps both: one decision.
    expect(ids(groupClashes([set('a', 'main', '18:00', '19:00'), set('b', 'tent', '18:45', '20:15'), set('c', 'pier', '20:00', '21:00')]))).toEqual([['a', 'b', 'c']]);
  });

  it('keeps separate clashes apart, in time order, and leaves out sets that clash with nothing', () => {
    const groups = groupClashes([
      set('late-1', 'main', '22:00', '23:00'),
      set('early-1', 'main', '14:00', '15:00'),
      set('alone', 'dune', '17:00', '18:00'),
      set('late-2', 'tent', '22:30', '23:30'),
      set('early-2', 'pier', '14:30', '15:30'),
    ]);
    expect(ids(groups)).toEqual([
      ['early-1', 'early-2'],
      ['late-1', 'late-2'],
    ]);
  });

  it('does not group a tight change-over, back-to-back sets or a cancelled set', () => {
    expect(
      groupClashes([
        set('a', 'main', '18:00', '19:00'),
        set('b', 'pier', '19:05', '20:00'),
        set('c', 'pier', '20:00', '21:00'),
        set('d', 'tent', '18:15', '18:45', 'cancelled'),
      ]),
    ).toEqual([]);
  });
});

describe('clashAdvice', () => {
  const walks: Record<string, number> = { 'main>tent': 6, 'tent>pier': 3, 'main>pier': 9 };
  const walk = (from: string, to: string) => walks[`${from}>${to}`] ?? walks[`${to}>${from}`] ?? null;

  it('says when to leave and how much of the other set is left after the walk', () => {
    const [group] = groupClashes([set('x', 'tent', '21:00', '22:21'), set('main', 'main', '20:45', '21:50')]);
    const [step, ...rest] = clashAdvice(group!, walk);
    expect(rest).toEqual([]);
    expect(step!.leave.id).toBe('main');
    expect(step!.leaveAt.toISOString()).toBe('2026-08-15T21:50:00.000Z');
    expect(step!.catch.id).toBe('x');
    expect(step!.walkMinutes).toBe(6);
    expect(step!.arriveAt.toISOString()).toBe('2026-08-15T21:56:00.000Z');
    expect(step!.caughtMinutes).toBe(25);
    expect(step!.whole).toBe(false);
  });

  it('walks a group of three in the order its sets end', () => {
    const [group] = groupClashes([set('a', 'main', '20:00', '21:30'), set('b', 'tent', '20:30', '21:15'), set('c', 'pier', '20:45', '21:45')]);
    const steps = clashAdvice(group!, walk);
    expect(steps.map((step) => [step.leave.id, step.catch.id, step.walkMinutes, step.caughtMinutes])).toEqual([
      ['b', 'a', 6, 9],
      ['a', 'c', 9, 6],
    ]);
  });

  it('says when nothing is left of the next set after the walk', () => {
    const [group] = groupClashes([set('a', 'main', '20:00', '21:00'), set('b', 'pier', '20:30', '21:05')]);
    expect(clashAdvice(group!, walk)[0]).toMatchObject({ caughtMinutes: 0, whole: false });
  });

  it('catches all of a set that starts after the walk (a group joined through a longer set)', () => {
    const [group] = groupClashes([set('short', 'tent', '18:00', '18:30'), set('long', 'main', '18:10', '19:30'), set('late', 'tent', '18:40', '19:00')]);
    // Ends: short 18:30, late 19:00, long 19:30. From the tent to the tent: no walk, and "late" starts after.
    const steps = clashAdvice(group!, walk);
    expect(steps.map((step) => [step.leave.id, step.catch.id, step.walkMinutes, step.whole, step.caughtMinutes])).toEqual([
      ['short', 'late', 0, true, 20],
      ['late', 'long', 6, false, 24],
    ]);
  });

  it('keeps the walk unknown when the plan has no scale, and counts the minutes without it', () => {
    const [group] = groupClashes([set('x', 'tent', '21:00', '22:21'), set('main', 'main', '20:45', '21:50')]);
    expect(clashAdvice(group!, () => null)[0]).toMatchObject({ walkMinutes: null, caughtMinutes: 31, whole: false });
  });
});
