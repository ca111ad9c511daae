/**
 * "Now playing / up next" per stage at a given instant. Pure: the UI passes the clock
 * in, so the answer updates as time passes and tests pin any instant.
 */

export interface TimedSet {
  id: string;
  stageId: string;
  startsAt: Date;
  endsAt: Date;
  status?: 'scheduled' | 'cancelled';
}

export interface StageNowNext<T extends TimedSet> {
  stageId: string;
  /** The set playing at that instant, if any (start inclusive, end exclusive). */
  now: T | null;
  /** The next set to start after that instant, if any. */
  next: T | null;
}

/**
 * For each stage (in the order given), what plays at `at` and what starts next.
 * Cancelled sets are ignored: they neither play nor come next.
 */
export function nowAndNext<T extends TimedSet>(sets: readonly T[], stageIds: readonly string[], at: Date): StageNowNext<T>[] {
  const instant = at.getTime();
  return stageIds.map((stageId) => {
    let now: T | null = null;
    let next: T | null = null;
    for (const set of sets) {
      if (set.stageId !== stageId || set.status === 'cancelled') continue;
      const start = set.startsAt.getTime();
      const end = set.endsAt.getTime();
      if (start <= instant && instant < end) {
        if (!now || start > now.startsAt.getTime()) now = set;
      } else if (start > instant && (!next || start < next.startsAt.getTime())) {
        next = set;
      }
    }
    return { stageId, now, next };
  });
}

/** Overlapping sets on the same stage: a programme error staff should see before publishing. */
export function stageOverlaps<T extends TimedSet>(sets: readonly T[]): Array<[T, T]> {
  const byStage = new Map<string, T[]>();
  for (const set of sets) {
    if (set.status === 'cancelled') continue;
    byStage.set(set.stageId, [...(byStage.get(set.stageId) ?? []), set]);
  }
  const overlaps: Array<[T, T]> = [];
  for (const stageSets of byStage.values()) {
    const sorted = [...stageSets].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length && sorted[j]!.startsAt < sorted[i]!.endsAt; j++) {
        overlaps.push([sorted[i]!, sorted[j]!]);
      }
    }
  }
  return overlaps;
}
