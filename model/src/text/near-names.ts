import leven from 'leven';
import { slugify } from '../ids.js';

/**
 * Names an organiser probably meant (issue 36): "Main Stgae" is Main Stage misspelt, not a
 * new stage. Two names are near when their slugs (case, accents, spacing and punctuation
 * aside: `slugify`) are a few edits apart, fewer for short names, where two letters make
 * another word ("Tent" and "Test" are both real stages; "Bar" and "Car" too).
 */

/** Edits allowed between two slugs, the longer of `length` characters: none up to 4, one below 8, two from 8. */
export function editsAllowed(length: number): number {
  if (length <= 4) return 0;
  return length < 8 ? 1 : 2;
}

export interface NamedThing {
  id: string;
  name: string;
}

/** The existing names near `name`, nearest first (an exact slug match is not "near": it is the same name). */
export function nearNames<T extends NamedThing>(name: string, existing: readonly T[]): T[] {
  let key: string;
  try {
    key = slugify(name);
  } catch {
    return [];
  }
  const scored: Array<{ thing: T; distance: number }> = [];
  for (const thing of existing) {
    let other: string;
    try {
      other = slugify(thing.name);
    } catch {
      continue;
    }
    if (other === key) continue;
    const allowed = editsAllowed(Math.max(key.length, other.length));
    if (allowed === 0 || Math.abs(key.length - other.length) > allowed) continue;
    const distance = leven(key, other);
    if (distance <= allowed) scored.push({ thing, distance });
  }
  return scored.sort((a, b) => a.distance - b.distance || a.thing.name.localeCompare(b.thing.name)).map(({ thing }) => thing);
}
