import type { PhotoStatus } from '@encore/model';

/** What a photo contributes to counts: a ready photo of a set counts for that set. */
export interface PhotoSide {
  status: PhotoStatus;
  performanceId: string | null;
}

export interface PhotoCountDelta {
  /** Per performance, how `photoCount` changes. */
  performances: Record<string, number>;
  /** How the festival's ready-photo total changes. */
  total: number;
}

const counts = (side: PhotoSide | null) => side?.status === 'ready';

/** The change in counts when a photo moves from `before` to `after` (null: absent). */
export function photoCountDelta(before: PhotoSide | null, after: PhotoSide | null): PhotoCountDelta {
  const performances: Record<string, number> = {};
  const add = (performanceId: string | null, by: number) => {
    if (performanceId === null) return;
    performances[performanceId] = (performances[performanceId] ?? 0) + by;
    if (performances[performanceId] === 0) delete performances[performanceId];
  };
  if (counts(before)) add(before!.performanceId, -1);
  if (counts(after)) add(after!.performanceId, +1);
  return { performances, total: (counts(after) ? 1 : 0) - (counts(before) ? 1 : 0) };
}
