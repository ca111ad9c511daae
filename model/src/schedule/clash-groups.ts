import type { TimedSet } from '../programme/now-next.js';
import type { StageWalk } from '../venue/walking.js';
import { findClashes } from './clashes.js';

/**
 * Clashes as a person meets them: not pair by pair (three sets that overlap are three pairs,
 * but one decision), but as groups of sets that overlap one another, directly or through a
 * set between them; and for each group, a way through it ("leave Main Stage at 21:50 to
 * catch the last 25 min of X at Harbour Tent, 6 min walk").
 */

export interface ClashGroup<T extends TimedSet> {
  /** Two or more sets, by start time, each overlapping at least one other of the group. */
  sets: T[];
  startsAt: Date;
  endsAt: Date;
}

/**
 * The clash groups of a schedule, by start time: the connected parts of `findClashes`'
 * overlaps (change-overs that are only tight do not join sets; cancelled sets never clash).
 */
export function groupClashes<T extends TimedSet>(sets: readonly T[]): ClashGroup<T>[] {
  const parent = new Map<T, T>();
  const root = (set: T): T => {
    let top = set;
    while (parent.get(top) !== top) top = parent.get(top)!;
    parent.set(set, top);
    return top;
  };
  for (const clash of findClashes(sets, { walkMinutes: 0 })) {
    for (const set of [clash.first, clash.second]) if (!parent.has(set)) parent.set(set, set);
    parent.set(root(clash.second), root(clash.first));
  }
  const groups = new Map<T, T[]>();
  for (const set of parent.keys()) groups.set(root(set), [...(groups.get(root(set)) ?? []), set]);
  return [...groups.values()]
    .map((members) => {
      const ordered = members.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime());
      return { sets: ordered, startsAt: ordered[0]!.startsAt, endsAt: new Date(Math.max(...ordered.map((set) => set.endsAt.getTime()))) };
    })
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** One step through a clash: stay for `leave` until it ends, then walk to `catch`. */
export interface ClashStep<T extends TimedSet> {
  leave: T;
  /** When to leave: the end of `leave`. */
  leaveAt: Date;
  catch: T;
  /** Minutes to walk between the two stages; null when not known (no scale on the plan yet). */
  walkMinutes: number | null;
  /** When one is there: `leaveAt` plus the walk (without the walk when it is not known). */
  arriveAt: Date;
  /** Whole minutes of `catch` still to hear on arrival (at most this, when the walk is not known); 0 when it is over by then. */
  caughtMinutes: number;
  /** Arriving before `catch` starts: all of it. */
  whole: boolean;
}

/**
 * A way through a clash group: the sets in the order they end, each heard to its end, then a
 * walk to the next for what is left of it. The first set to end is the one a person would
 * otherwise miss entirely by staying elsewhere; every step says what remains of the next.
 */
export function clashAdvice<T extends TimedSet>(group: ClashGroup<T>, walk: StageWalk): ClashStep<T>[] {
  const byEnd = [...group.sets].sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime() || a.startsAt.getTime() - b.startsAt.getTime());
  const steps: ClashStep<T>[] = [];
  for (let index = 1; index < byEnd.length; index++) {
    const leave = byEnd[index - 1]!;
    const next = byEnd[index]!;
    const walkMinutes = leave.stageId === next.stageId ? 0 : walk(leave.stageId, next.stageId);
    const arriveAt = new Date(leave.endsAt.getTime() + (walkMinutes ?? 0) * 60_000);
    const from = Math.max(arriveAt.getTime(), next.startsAt.getTime());
    steps.push({
      leave,
      leaveAt: leave.endsAt,
      catch: next,
      walkMinutes,
      arriveAt,
      caughtMinutes: Math.max(0, Math.floor((next.endsAt.getTime() - from) / 60_000)),
      whole: arriveAt <= next.startsAt,
    });
  }
  return steps;
}
