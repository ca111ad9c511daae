import type { Performance } from '../schemas/festival.js';
import type { ScheduledTimes, StageDelay } from '../schemas/delay.js';
import { DELAY_MAX_SETS } from '../schemas/delay.js';
import { festivalDayOf, type FestivalClock } from '../time/festival-days.js';

/**
 * A stage running late (issue 36), as pure logic the console and functions share: which sets
 * a delay moves, where to, and how undoing it puts them back. The rules check the same
 * (firestore.rules, `delayMove` and `delayUndo`).
 */

export interface ProgrammeSet {
  id: string;
  data: Performance;
}

/** One set's write in a delay's batch (or its undo's): `scheduled` and `delayId` null to remove them. */
export interface SetShift {
  performanceId: string;
  startsAt: Date;
  endsAt: Date;
  scheduled: ScheduledTimes | null;
  delayId: string | null;
}

export interface DelayChoice {
  stageId: string;
  /** The festival day (`festivalDayOf`). */
  day: string;
  minutes: number;
  /** From this set on; absent: every set of the day not yet started. */
  fromPerformanceId?: string | undefined;
}

const shifted = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

/**
 * The sets a delay of `stageId` on `day` may move, in start order: scheduled (a cancelled
 * set has no time to keep), not yet started at `now`.
 */
export function delayableSets(sets: readonly ProgrammeSet[], stageId: string, day: string, festival: FestivalClock, now: Date): ProgrammeSet[] {
  return sets
    .filter((set) => set.data.stageId === stageId && set.data.status === 'scheduled' && set.data.startsAt.getTime() > now.getTime())
    .filter((set) => festivalDayOf(set.data.startsAt, festival) === day)
    .sort((a, b) => a.data.startsAt.getTime() - b.data.startsAt.getTime() || a.id.localeCompare(b.id));
}

export type DelayPlan =
  | { ok: true; shifts: SetShift[]; previousDelayIds: Record<string, string> }
  | { ok: false; problem: 'no-sets' | 'too-many-sets' | 'unknown-from-set' };

/**
 * A delay's moves: each chosen set `minutes` later, keeping the times printed before any
 * delay (`scheduled`), and the delay that had moved it before (to restore on undo).
 */
export function planDelay(delayable: readonly ProgrammeSet[], choice: DelayChoice, delayId: string): DelayPlan {
  let sets = [...delayable];
  if (choice.fromPerformanceId !== undefined) {
    const from = sets.findIndex((set) => set.id === choice.fromPerformanceId);
    if (from < 0) return { ok: false, problem: 'unknown-from-set' };
    sets = sets.slice(from);
  }
  if (sets.length === 0) return { ok: false, problem: 'no-sets' };
  if (sets.length > DELAY_MAX_SETS) return { ok: false, problem: 'too-many-sets' };
  const previousDelayIds: Record<string, string> = {};
  const shifts = sets.map(({ id, data }) => {
    if (data.delayId !== undefined) previousDelayIds[id] = data.delayId;
    return {
      performanceId: id,
      startsAt: shifted(data.startsAt, choice.minutes),
      endsAt: shifted(data.endsAt, choice.minutes),
      scheduled: data.scheduled ?? { startsAt: data.startsAt, endsAt: data.endsAt },
      delayId,
    };
  });
  return { ok: true, shifts, previousDelayIds };
}

export type UndoPlan =
  | { ok: true; shifts: SetShift[] }
  /** A later delay moved some of its sets again: that one must be undone first. */
  | { ok: false; problem: 'later-delay'; laterDelayIds: string[] }
  | { ok: false; problem: 'already-undone' };

/**
 * Undoing a delay: each of its sets that still carries its id goes back by its minutes, to
 * the delay before it (keeping `scheduled`) or, with none, to its printed times (dropping
 * `scheduled` and `delayId`). A set deleted since, or whose delay staff no longer show
 * (edited by hand), is left as it is.
 */
export function planUndo(delayId: string, delay: Pick<StageDelay, 'minutes' | 'performanceIds' | 'previousDelayIds' | 'status'>, sets: readonly ProgrammeSet[]): UndoPlan {
  if (delay.status === 'undone') return { ok: false, problem: 'already-undone' };
  const byId = new Map(sets.map((set) => [set.id, set.data]));
  const mine = delay.performanceIds.flatMap((id) => (byId.has(id) ? [{ id, data: byId.get(id)! }] : []));
  const later = [...new Set(mine.flatMap(({ data }) => (data.delayId !== undefined && data.delayId !== delayId ? [data.delayId] : [])))];
  if (later.length > 0) return { ok: false, problem: 'later-delay', laterDelayIds: later.sort() };
  const shifts = mine
    .filter(({ data }) => data.delayId === delayId)
    .map(({ id, data }) => {
      const previous = delay.previousDelayIds?.[id];
      return {
        performanceId: id,
        startsAt: shifted(data.startsAt, -delay.minutes),
        endsAt: shifted(data.endsAt, -delay.minutes),
        scheduled: previous === undefined ? null : (data.scheduled ?? null),
        delayId: previous ?? null,
      };
    });
  return { ok: true, shifts };
}
