import type { TimedSet } from '../programme/now-next.js';

/**
 * Clash detection for a personal schedule.
 *
 * Two favourited sets `overlap` when both would be playing at the same moment. They are
 * a `tight` change-over when they are on different stages and the gap between them is
 * shorter than the walk between stages, so the visitor misses the start of the second.
 * Back-to-back sets on the same stage never clash.
 */

export type ClashKind = 'overlap' | 'tight';

export interface Clash<T extends TimedSet> {
  kind: ClashKind;
  /** The set that starts first (or, on equal starts, the one given first). */
  first: T;
  second: T;
  /** For `overlap`: minutes both play at once. For `tight`: minutes between them. */
  minutes: number;
}

export interface ClashOptions {
  /** Minutes needed to walk between two different stages (default 10; 0 disables `tight`). */
  walkMinutes?: number;
}

export function findClashes<T extends TimedSet>(sets: readonly T[], options: ClashOptions = {}): Clash<T>[] {
  const walkMs = (options.walkMinutes ?? 10) * 60_000;
  const active = sets
    .map((set, index) => ({ set, index }))
    .filter(({ set }) => set.status !== 'cancelled')
    .sort((a, b) => a.set.startsAt.getTime() - b.set.startsAt.getTime() || a.index - b.index)
    .map(({ set }) => set);
  const clashes: Clash<T>[] = [];
  for (let i = 0; i < active.length; i++) {
    const first = active[i]!;
    for (let j = i + 1; j < active.length; j++) {
      const second = active[j]!;
      const gap = second.startsAt.getTime() - first.endsAt.getTime();
      // Sorted by start: once a set starts beyond the walking window, later ones do too.
      if (gap >= walkMs) break;
      if (gap < 0) {
        const overlapEnd = Math.min(first.endsAt.getTime(), second.endsAt.getTime());
        clashes.push({ kind: 'overlap', first, second, minutes: Math.round((overlapEnd - second.startsAt.getTime()) / 60_000) });
      } else if (first.stageId !== second.stageId && walkMs > 0) {
        clashes.push({ kind: 'tight', first, second, minutes: Math.round(gap / 60_000) });
      }
    }
  }
  return clashes;
}

/** The ids of sets that take part in at least one clash of the given kinds. */
export function clashingIds<T extends TimedSet>(clashes: readonly Clash<T>[], kinds: readonly ClashKind[] = ['overlap']): Set<string> {
  const ids = new Set<string>();
  for (const clash of clashes) {
    if (!kinds.includes(clash.kind)) continue;
    ids.add(clash.first.id);
    ids.add(clash.second.id);
  }
  return ids;
}
