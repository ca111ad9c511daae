import { festivalDayOf, type Festival } from '@encore/model';
import type { PerformanceDoc } from '../../festival/programme';

type TimedSet = Pick<PerformanceDoc, 'id' | 'stageId' | 'startsAt' | 'endsAt' | 'status'>;

/** The sets on stage at `now` (a cancelled set plays nowhere). */
export function playingAt<T extends TimedSet>(sets: readonly T[], now: Date): T[] {
  const at = now.getTime();
  return sets.filter((set) => set.status !== 'cancelled' && set.startsAt.getTime() <= at && at < set.endsAt.getTime());
}

/**
 * The set the upload page proposes, so a photo taken now is filed under what is on stage:
 * the set playing on the stage nearest to the person, when their position is known; else,
 * among the sets in their schedule playing now, the one they hearted last (a heart still
 * waiting on the device, with no time yet, is the latest of all), and of those hearted at the
 * same moment (or with no times at all) the one that started last, the one they most likely
 * just walked to; else none ("Not from one set", and the backend guesses from the capture time).
 */
export function preselectSet(
  sets: readonly TimedSet[],
  now: Date,
  context: { nearestStageId?: string | null; favouriteIds: ReadonlySet<string>; heartedAt?: ReadonlyMap<string, Date> },
): string | null {
  const playing = playingAt(sets, now);
  if (context.nearestStageId) {
    const onNearest = playing.find((set) => set.stageId === context.nearestStageId);
    if (onNearest) return onNearest.id;
  }
  const hearted = (id: string) => (context.heartedAt ? (context.heartedAt.get(id)?.getTime() ?? Number.POSITIVE_INFINITY) : 0);
  const mine = playing
    .filter((set) => context.favouriteIds.has(set.id))
    .sort((a, b) => hearted(b.id) - hearted(a.id) || b.startsAt.getTime() - a.startsAt.getTime());
  return mine[0]?.id ?? null;
}

export interface SetGroup<T> {
  /** `{day}~{stageId}`: unique per group. */
  key: string;
  day: string;
  stageId: string;
  sets: T[];
}

/** Sets grouped by festival day, then by stage in the programme's stage order, each group by start time. */
export function groupByDayAndStage<T extends TimedSet>(sets: readonly T[], festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour'>, stageOrder: readonly string[]): Array<SetGroup<T>> {
  const groups = new Map<string, SetGroup<T>>();
  for (const set of [...sets].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const day = festivalDayOf(set.startsAt, festival);
    const key = `${day}~${set.stageId}`;
    const group = groups.get(key) ?? { key, day, stageId: set.stageId, sets: [] };
    group.sets.push(set);
    groups.set(key, group);
  }
  const rank = (stageId: string) => {
    const index = stageOrder.indexOf(stageId);
    return index === -1 ? stageOrder.length : index;
  };
  return [...groups.values()].sort((a, b) => a.day.localeCompare(b.day) || rank(a.stageId) - rank(b.stageId));
}
