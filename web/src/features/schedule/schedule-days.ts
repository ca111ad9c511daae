import { festivalDayOf, findClashes, groupClashes, type Clash, type ClashGroup, type Festival } from '@encore/model';
import type { PerformanceDoc } from '../../festival/programme';

/**
 * One's schedule as My schedule draws it: per festival day, in time order, a slot per set,
 * except that sets which overlap (directly or through another) share one slot, drawn as
 * bars side by side in time with one note for the lot. A change-over too short to walk is
 * noted on the set it leads to.
 */

export type ScheduleSlot =
  | { kind: 'set'; set: PerformanceDoc; tight: Array<Clash<PerformanceDoc>> }
  | { kind: 'clash'; group: ClashGroup<PerformanceDoc>; tight: Array<Clash<PerformanceDoc>> };

export interface ScheduleDay {
  date: string;
  slots: ScheduleSlot[];
}

/** Where a set's bar sits in its clash group's span, as fractions (0 at the group's start, 1 at its end). */
export function barOf(group: ClashGroup<PerformanceDoc>, set: PerformanceDoc): { from: number; to: number } {
  const start = group.startsAt.getTime();
  const span = group.endsAt.getTime() - start;
  return { from: (set.startsAt.getTime() - start) / span, to: (set.endsAt.getTime() - start) / span };
}

export function scheduleDays(sets: readonly PerformanceDoc[], festival: Festival): ScheduleDay[] {
  const ordered = [...sets].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const groupOf = new Map<string, ClashGroup<PerformanceDoc>>();
  for (const group of groupClashes(ordered)) for (const set of group.sets) groupOf.set(set.id, group);
  // A tight change-over inside a clash group is part of that clash already.
  const tight = findClashes(ordered).filter((clash) => clash.kind === 'tight' && !(groupOf.has(clash.second.id) && groupOf.get(clash.second.id) === groupOf.get(clash.first.id)));
  const days = new Map<string, ScheduleSlot[]>();
  const drawn = new Set<ClashGroup<PerformanceDoc>>();
  for (const set of ordered) {
    const day = festivalDayOf(set.startsAt, festival);
    const slots = days.get(day) ?? [];
    days.set(day, slots);
    const group = groupOf.get(set.id);
    if (group) {
      if (drawn.has(group)) continue;
      drawn.add(group);
      slots.push({ kind: 'clash', group, tight: tight.filter((clash) => group.sets.includes(clash.second)) });
    } else {
      slots.push({ kind: 'set', set, tight: tight.filter((clash) => clash.second === set) });
    }
  }
  return [...days].map(([date, slots]) => ({ date, slots }));
}
