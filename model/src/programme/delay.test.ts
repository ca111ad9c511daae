import { describe, expect, it } from 'vitest';
import type { Performance } from '../schemas/festival.js';
import { stageDelaySchema } from '../schemas/delay.js';
import { performanceSchema } from '../schemas/festival.js';
import { delayableSets, planDelay, planUndo, type ProgrammeSet } from './delay.js';

const festival = { timeZone: 'Europe/Amsterdam', dayStartsAtHour: 6 };
const at = (iso: string) => new Date(iso);
const set = (id: string, startsAt: string, extra: Partial<Performance> = {}): ProgrammeSet => ({
  id,
  data: { artistId: id, stageId: 'main', startsAt: at(startsAt), endsAt: new Date(at(startsAt).getTime() + 3600_000), status: 'scheduled', ...extra },
});
// Saturday 15 August 2026 (UTC+2): 18:00, 20:00, 22:00 and 00:30 the night after (still Saturday's festival day).
const programme = [
  set('late', '2026-08-15T22:30:00Z'),
  set('early', '2026-08-15T16:00:00Z'),
  set('mid', '2026-08-15T18:00:00Z'),
  set('evening', '2026-08-15T20:00:00Z'),
  set('other-stage', '2026-08-15T18:00:00Z', { stageId: 'tent' }),
  set('cancelled', '2026-08-15T19:00:00Z', { status: 'cancelled' }),
  set('sunday', '2026-08-16T12:00:00Z'),
];

describe('a stage running late', () => {
  it('moves the stage’s scheduled sets of that festival day not yet started, in start order, including one after midnight', () => {
    const sets = delayableSets(programme, 'main', '2026-08-15', festival, at('2026-08-15T17:00:00Z'));
    expect(sets.map((s) => s.id)).toEqual(['mid', 'evening', 'late']);
  });

  it('shifts each chosen set by the minutes, keeping its printed times, from a chosen set on', () => {
    const sets = delayableSets(programme, 'main', '2026-08-15', festival, at('2026-08-15T17:00:00Z'));
    const plan = planDelay(sets, { stageId: 'main', day: '2026-08-15', minutes: 20, fromPerformanceId: 'evening' }, 'd1');
    expect(plan).toEqual({
      ok: true,
      previousDelayIds: {},
      shifts: [
        { performanceId: 'evening', startsAt: at('2026-08-15T20:20:00Z'), endsAt: at('2026-08-15T21:20:00Z'), scheduled: { startsAt: at('2026-08-15T20:00:00Z'), endsAt: at('2026-08-15T21:00:00Z') }, delayId: 'd1' },
        { performanceId: 'late', startsAt: at('2026-08-15T22:50:00Z'), endsAt: at('2026-08-15T23:50:00Z'), scheduled: { startsAt: at('2026-08-15T22:30:00Z'), endsAt: at('2026-08-15T23:30:00Z') }, delayId: 'd1' },
      ],
    });
  });

  it('refuses a delay with no set to move, or from a set that is not among them', () => {
    expect(planDelay([], { stageId: 'main', day: '2026-08-15', minutes: 5 }, 'd1')).toEqual({ ok: false, problem: 'no-sets' });
    expect(planDelay(programme.slice(0, 1), { stageId: 'main', day: '2026-08-15', minutes: 5, fromPerformanceId: 'gone' }, 'd1')).toEqual({ ok: false, problem: 'unknown-from-set' });
  });

  it('stacks a second delay on the first: the printed times stay, the first delay is remembered, and undoing the second returns to the first', () => {
    const delayed = set('mid', '2026-08-15T18:10:00Z', { scheduled: { startsAt: at('2026-08-15T18:00:00Z'), endsAt: at('2026-08-15T19:00:00Z') }, delayId: 'd1' });
    const plan = planDelay([delayed], { stageId: 'main', day: '2026-08-15', minutes: 5 }, 'd2');
    expect(plan.ok && plan.previousDelayIds).toEqual({ mid: 'd1' });
    expect(plan.ok && plan.shifts[0]!.scheduled).toEqual({ startsAt: at('2026-08-15T18:00:00Z'), endsAt: at('2026-08-15T19:00:00Z') });
    const moved = { id: 'mid', data: { ...delayed.data, startsAt: at('2026-08-15T18:15:00Z'), endsAt: at('2026-08-15T19:15:00Z'), delayId: 'd2' } };
    const undo = planUndo('d2', { minutes: 5, performanceIds: ['mid'], previousDelayIds: { mid: 'd1' }, status: 'active' }, [moved]);
    expect(undo).toEqual({ ok: true, shifts: [{ performanceId: 'mid', startsAt: at('2026-08-15T18:10:00Z'), endsAt: at('2026-08-15T19:10:00Z'), scheduled: delayed.data.scheduled, delayId: 'd1' }] });
  });

  it('undoes a single delay back to the printed times, skipping deleted sets, and refuses while a later delay moved its sets', () => {
    const moved = set('mid', '2026-08-15T18:20:00Z', { scheduled: { startsAt: at('2026-08-15T18:00:00Z'), endsAt: at('2026-08-15T19:00:00Z') }, delayId: 'd1' });
    const undo = planUndo('d1', { minutes: 20, performanceIds: ['mid', 'deleted'], status: 'active' }, [moved]);
    expect(undo).toEqual({ ok: true, shifts: [{ performanceId: 'mid', startsAt: at('2026-08-15T18:00:00Z'), endsAt: at('2026-08-15T19:00:00Z'), scheduled: null, delayId: null }] });
    const later = { id: 'mid', data: { ...moved.data, delayId: 'd2' } };
    expect(planUndo('d1', { minutes: 20, performanceIds: ['mid'], status: 'active' }, [later])).toEqual({ ok: false, problem: 'later-delay', laterDelayIds: ['d2'] });
    expect(planUndo('d1', { minutes: 20, performanceIds: ['mid'], status: 'undone' }, [moved])).toEqual({ ok: false, problem: 'already-undone' });
  });

  it('stores a delay and a delayed set only in their documented shapes', () => {
    const base = { stageId: 'main', day: '2026-08-15', minutes: 20, performanceIds: ['mid'], createdAt: new Date(), createdBy: 'staff-1', status: 'active' };
    expect(stageDelaySchema.safeParse(base).success).toBe(true);
    expect(stageDelaySchema.safeParse({ ...base, minutes: 241 }).success).toBe(false);
    expect(stageDelaySchema.safeParse({ ...base, status: 'undone' }).success).toBe(false);
    expect(stageDelaySchema.safeParse({ ...base, status: 'undone', undoneAt: new Date(), undoneBy: 'staff-1' }).success).toBe(true);
    expect(performanceSchema.safeParse({ ...programme[0]!.data, delayId: 'd1' }).success).toBe(false);
  });
});
