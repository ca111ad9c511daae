import type { StageDelay } from '@encore/model';

/**
 * A stage running late (issue 36), the backend's pure part: which write of a delay is news
 * for its fans, and which of a person's sets their one notice names.
 */

export type DelayChange = 'delayed' | 'delay-undone';

/** A delay created active is news (`delayed`), and its turn from active to undone (`delay-undone`); nothing else is. */
export function delayChange(before: Pick<StageDelay, 'status'> | undefined, after: Pick<StageDelay, 'status'> | undefined): DelayChange | null {
  if (!after) return null;
  if (!before) return after.status === 'active' ? 'delayed' : null;
  return before.status === 'active' && after.status === 'undone' ? 'delay-undone' : null;
}

/** One notice per person per delay and change: a redelivery rewrites the same document, never adds one. */
export const delayNoticeId = (delayId: string, change: DelayChange) => `${change}-${delayId}`;

/** Fans are told in slices of this many people: their notices, clash states and the slice's ledger entry in one atomic batch. */
export const DELAY_NOTICE_SLICE = 100;

export interface AffectedSet {
  id: string;
  startsAt: Date;
}

/**
 * Each fan's first affected set (earliest start, then id), by person, in uid order so slices
 * (and their ledger entries) come out the same on every delivery.
 */
export function firstSetPerFan(favorites: ReadonlyArray<{ uid: string; performanceId: string }>, sets: ReadonlyMap<string, AffectedSet>): Array<[uid: string, set: AffectedSet]> {
  const first = new Map<string, AffectedSet>();
  for (const { uid, performanceId } of favorites) {
    const set = sets.get(performanceId);
    if (!set) continue;
    const current = first.get(uid);
    if (!current || set.startsAt.getTime() < current.startsAt.getTime() || (set.startsAt.getTime() === current.startsAt.getTime() && set.id < current.id)) first.set(uid, set);
  }
  return [...first.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
