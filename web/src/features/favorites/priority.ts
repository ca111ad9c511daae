import type { FavoritePriority } from '@encore/model';

/**
 * Must-see and maybe (Clashfinder's priorities), kept on the favourite itself
 * (`users/{uid}/favorites/{id}.priority`; absent: a plain favourite, as every favourite given
 * before priorities is). The decisions here are pure; FavoritesContext does the writes.
 */

export const PRIORITIES: readonly FavoritePriority[] = ['must', 'maybe'];

/** A tap on a priority button: the pressed one again takes the priority off (a plain favourite). */
export function priorityAfterTap(current: FavoritePriority | undefined, tapped: FavoritePriority): FavoritePriority | null {
  return current === tapped ? null : tapped;
}

/**
 * A tap on the timeline's single priority button (a block has room for one control beside the
 * heart, not two): none, then must-see, then maybe, then none again, as Clashfinder cycles its
 * highlight by clicking an act. Must-see, the one that matters, is one tap away.
 */
export function priorityAfterCycle(current: FavoritePriority | undefined): FavoritePriority | null {
  if (current === undefined) return 'must';
  return current === 'must' ? 'maybe' : null;
}

/** The write a new priority needs: a new favourite carrying it, a change of the one field, or nothing. */
export type PriorityWrite = { kind: 'create'; priority: FavoritePriority } | { kind: 'update'; priority: FavoritePriority | null } | { kind: 'none' };

export function priorityWrite(isFavorite: boolean, current: FavoritePriority | undefined, next: FavoritePriority | null): PriorityWrite {
  if (!isFavorite) return next ? { kind: 'create', priority: next } : { kind: 'none' };
  return (current ?? null) === next ? { kind: 'none' } : { kind: 'update', priority: next };
}

/** The priorities among one's favourites (plain ones are not in it). */
export function prioritiesOf(favorites: readonly { id: string; priority?: FavoritePriority | undefined }[]): Map<string, FavoritePriority> {
  return new Map(favorites.flatMap((favorite) => (favorite.priority ? [[favorite.id, favorite.priority] as const] : [])));
}
