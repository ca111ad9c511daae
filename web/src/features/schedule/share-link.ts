import type { FavoritePriority } from '@encore/model';
import { PRIORITIES } from '../favorites/priority';

/**
 * The read-only share link carries the performance ids in the URL itself: anyone can open
 * it without an account, and nobody can read another person's favourites through it.
 * Priorities ride along as `must=` and `maybe=` lists of ids also in `sets=`; a link made
 * before priorities (only `sets=`) opens as it always did, every set a plain favourite.
 */
export function shareLink(origin: string, performanceIds: Iterable<string>, priorities: ReadonlyMap<string, FavoritePriority> = new Map()): string {
  const ids = [...performanceIds].sort();
  const join = (list: readonly string[]) => list.map(encodeURIComponent).join(',');
  const extra = PRIORITIES.map((priority) => [priority, ids.filter((id) => priorities.get(id) === priority)] as const)
    .filter(([, list]) => list.length > 0)
    .map(([priority, list]) => `&${priority}=${join(list)}`)
    .join('');
  return `${origin}/shared?sets=${join(ids)}${extra}`;
}

const listOf = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value ? [...new Set(value.split(',').filter((id) => id !== ''))] : [];
};

export function idsFromShareLink(search: string): string[] {
  return listOf(new URLSearchParams(search), 'sets');
}

/** The priorities a share link gives its sets; an id not in `sets=` is ignored, as is a second priority for one set. */
export function prioritiesFromShareLink(search: string): Map<string, FavoritePriority> {
  const params = new URLSearchParams(search);
  const sets = new Set(listOf(params, 'sets'));
  const priorities = new Map<string, FavoritePriority>();
  for (const priority of PRIORITIES) for (const id of listOf(params, priority)) if (sets.has(id) && !priorities.has(id)) priorities.set(id, priority);
  return priorities;
}
