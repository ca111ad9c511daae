import type { WallPhoto } from './photo-types';

/**
 * The wall as the app assembles it (pure rules): the tiles published in `live/photos.wall`
 * (the newest ready photos, refreshed at each publication), the tiles that aged out of it
 * while the wall was open (newer photos pushed them past its size: they are still on the
 * wall), and the older pages the person asked for ("More photos", one-off queries).
 */

/** When a photo was taken: its camera's capture time, else (no EXIF time) when it was shared. */
export const takenAt = (photo: Pick<WallPhoto, 'capturedAt' | 'createdAt'>): Date => photo.capturedAt ?? photo.createdAt;

/**
 * Newest taken first, so the times down a wall run one way: upload order put a photo shared an
 * hour after it was taken among ones taken then, and the times jumped back and forth. Ties by
 * upload time, then id, so the order is total. Only the order shown: paging stays by upload
 * time (`nextPageAfter`), so every photo still comes exactly once.
 */
const newestTakenFirst = (a: WallPhoto, b: WallPhoto) =>
  takenAt(b).getTime() - takenAt(a).getTime() || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The tiles that left the published wall by age: gone from `next`, older than its oldest tile,
 * while the wall did not shrink. A tile that left otherwise was hidden, rejected or deleted, and
 * leaves the screen too.
 */
export function agedOut(previous: readonly WallPhoto[], next: readonly WallPhoto[]): WallPhoto[] {
  if (next.length === 0 || next.length < previous.length) return [];
  const ids = new Set(next.map((photo) => photo.id));
  const oldest = Math.min(...next.map((photo) => photo.createdAt.getTime()));
  return previous.filter((photo) => !ids.has(photo.id) && photo.createdAt.getTime() < oldest);
}

/**
 * What the wall shows, newest taken first, each photo once: for a set's wall, only that set's
 * photos; never one published as withdrawn (hidden, rejected or deleted since it was loaded).
 */
export function shownWall(published: readonly WallPhoto[], aged: readonly WallPhoto[], older: readonly WallPhoto[], performanceId: string | null, withdrawn: ReadonlySet<string> = new Set()): WallPhoto[] {
  const byId = new Map<string, WallPhoto>();
  for (const photo of [...older, ...aged, ...published]) byId.set(photo.id, photo);
  return [...byId.values()].filter((photo) => (performanceId === null || photo.performanceId === performanceId) && !withdrawn.has(photo.id)).sort(newestTakenFirst);
}

/**
 * Where the next page starts: after the oldest page photo, else after the oldest published or
 * aged tile (every ready photo newer than that is on the wall already); null: from the newest
 * (nothing published yet).
 */
export function nextPageAfter(published: readonly WallPhoto[], aged: readonly WallPhoto[], older: readonly WallPhoto[]): Date | null {
  const from = older.length > 0 ? older : [...published, ...aged];
  if (from.length === 0) return null;
  return new Date(Math.min(...from.map((photo) => photo.createdAt.getTime())));
}
