import { festivalDayOf } from '@encore/model';
import type { ArtistDoc, PerformanceDoc, Programme } from '../../festival/programme';

/**
 * The line-up as a list of artists, each with every set they play: pure, for LineupPage.
 * "A-Z" is one list by name; "by day" is one group per festival day, an artist under each
 * day they play, in the order of their first set that day (the running order).
 */

export type LineupSort = 'az' | 'day';

export interface LineupEntry {
  artist: ArtistDoc;
  /** Every set of the artist, in time order (cancelled ones too: the page marks them). */
  sets: PerformanceDoc[];
}

export interface LineupGroup {
  /** Festival day (YYYY-MM-DD) for "by day"; null for the one A-Z group. */
  day: string | null;
  entries: LineupEntry[];
}

/** Every artist with their sets, A-Z by name in `locale`'s collation ("Zoë" beside "Zoe"). */
export function lineupEntries(programme: Programme, locale: string): LineupEntry[] {
  const setsByArtist = new Map<string, PerformanceDoc[]>();
  // performances are already in time order (makeProgramme).
  for (const set of programme.performances) {
    const sets = setsByArtist.get(set.artistId);
    if (sets) sets.push(set);
    else setsByArtist.set(set.artistId, [set]);
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...programme.artists.values()]
    .map((artist) => ({ artist, sets: setsByArtist.get(artist.id) ?? [] }))
    .sort((a, b) => collator.compare(a.artist.name, b.artist.name));
}

/** The entries of artists with `genre` (all of them for null). */
export function withGenre(entries: readonly LineupEntry[], genre: string | null): LineupEntry[] {
  return genre === null ? [...entries] : entries.filter((entry) => entry.artist.genres.includes(genre));
}

/**
 * The entries as the page shows them: one A-Z group, or a group per festival day with, in
 * each, the artists playing that day (only that day's sets) by their first set's start.
 * Artists without a set are in the A-Z list only (they play no day).
 */
export function groupLineup(entries: readonly LineupEntry[], sort: LineupSort, programme: Programme): LineupGroup[] {
  if (sort === 'az') return [{ day: null, entries: [...entries] }];
  const byDay = new Map<string, LineupEntry[]>();
  for (const entry of entries) {
    const setsByDay = new Map<string, PerformanceDoc[]>();
    for (const set of entry.sets) {
      const day = festivalDayOf(set.startsAt, programme.festival);
      const sets = setsByDay.get(day);
      if (sets) sets.push(set);
      else setsByDay.set(day, [set]);
    }
    for (const [day, sets] of setsByDay) {
      const group = byDay.get(day);
      const dayEntry = { artist: entry.artist, sets };
      if (group) group.push(dayEntry);
      else byDay.set(day, [dayEntry]);
    }
  }
  return [...byDay.keys()].sort().map((day) => ({
    day,
    entries: byDay.get(day)!.sort((a, b) => a.sets[0]!.startsAt.getTime() - b.sets[0]!.startsAt.getTime()),
  }));
}

/** The index letter of every name that does not start with a letter (digits, signs). */
export const OTHER_LETTER = '#';

/**
 * The letter a name is filed under in the A-Z index: its first letter without accents, in
 * capitals ("Émile" under E, "Øystein" under O); "#" for a name starting otherwise ("2manydjs").
 * Leading "The" is kept, as the list's own order keeps it ("The Neon Tides" under T).
 */
export function indexLetter(name: string, locale: string): string {
  const first = [...name.trim()][0] ?? '';
  if (!/\p{L}/u.test(first)) return OTHER_LETTER;
  // By collation, not by stripping accents: "Ø" and "Ł" have no decomposition yet file under O and L.
  return BASE_LETTERS.find((letter) => collatorFor(locale).compare(letter, first) === 0) ?? first.toLocaleUpperCase(locale);
}

const BASE_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale, { sensitivity: 'base' })));
  return collator;
}

export interface LetterGroup {
  letter: string;
  entries: LineupEntry[];
}

/**
 * The A-Z entries cut into one group per index letter, in the list's order (entries come
 * sorted by `lineupEntries`, so equal letters are neighbours; a letter seen again later, as
 * collation may place "#" names, joins its first group).
 */
export function letterGroups(entries: readonly LineupEntry[], locale: string): LetterGroup[] {
  const groups = new Map<string, LineupEntry[]>();
  for (const entry of entries) {
    const letter = indexLetter(entry.artist.name, locale);
    const group = groups.get(letter);
    if (group) group.push(entry);
    else groups.set(letter, [entry]);
  }
  return [...groups].map(([letter, grouped]) => ({ letter, entries: grouped }));
}
