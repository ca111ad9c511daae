import { REACTION_KINDS, type LivePhotos, type ReactionCounts } from '@encore/model';

/**
 * What the dashboard's tiles count, as lists (issue 36): favourites per set (from the published
 * `live/sets` counts) and reactions per photo (from `live/photos`). Pure: the pages join them
 * with the programme and show them.
 */

export interface FavouritesRow<Set> {
  set: Set;
  favourites: number;
}

/** Every set with its favourites, most first; equal counts in programme order (start time). */
export function favouritesPerSet<Set extends { id: string; startsAt: Date }>(sets: readonly Set[], favourites: Readonly<Record<string, number>>): Array<FavouritesRow<Set>> {
  return sets
    .map((set) => ({ set, favourites: favourites[set.id] ?? 0 }))
    .sort((a, b) => b.favourites - a.favourites || a.set.startsAt.getTime() - b.set.startsAt.getTime());
}

export interface ReactionsRow {
  photoId: string;
  createdAt: Date;
  counts: ReactionCounts;
  total: number;
  /** From the wall's copy of the photo, when it is among the newest: the set and who signed it. */
  performanceId: string | null;
  uploaderName: string | null;
}

/** Every photo `live/photos` counts reactions for, most reactions first; equal totals newest first. */
export function reactionsPerPhoto(live: Pick<LivePhotos, 'reactions' | 'wall'> | null): ReactionsRow[] {
  if (!live) return [];
  const onWall = new Map((live.wall ?? []).map((photo) => [photo.id, photo]));
  return Object.entries(live.reactions)
    .map(([photoId, entry]) => {
      const counts = Object.fromEntries(REACTION_KINDS.map((kind) => [kind, entry[kind] ?? 0])) as ReactionCounts;
      const photo = onWall.get(photoId);
      return {
        photoId,
        createdAt: entry.createdAt,
        counts,
        total: REACTION_KINDS.reduce((sum, kind) => sum + counts[kind], 0),
        performanceId: photo?.performanceId ?? null,
        uploaderName: photo?.uploaderName ?? null,
      };
    })
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total || b.createdAt.getTime() - a.createdAt.getTime());
}
