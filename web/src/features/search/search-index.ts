import { festivalDayOf, festivalDays } from '@encore/model';
import type { ArtistDoc, PerformanceDoc, Programme } from '../../festival/programme';
import { countryWordsFinder, type CountryWords } from './country-words';
import { foldText, wordsOf } from './normalise';

/**
 * Search over the whole programme, every day at once: artists by name, genre or country, and
 * sets by their artist, title, stage, or their artist's genre or country. Pure (no React, no I/O): `buildSearchIndex` folds every text once,
 * then `searchProgramme` runs per keystroke over plain arrays of words.
 *
 * Matching: the query is cut into words the same way as the texts (`wordsOf`), and a set
 * matches when every query word starts some word of it ("silv ech" finds "The Silver
 * Echoes", "zoe" finds "Zoë Lambert", "main silver" finds Silver bands on the Main Stage).
 * A word must start a word: "ver" does not find "Silver", which keeps results to what a
 * person meant. A country is found by its name in English or Dutch ("netherlands", "nederland")
 * or by its whole code ("nl"), whichever language the app is in.
 */

/** Where a query word was found, in order of how much it says about the set. */
export type MatchField = 'artist' | 'title' | 'stage' | 'genre' | 'country';

const FIELD_WEIGHT: Record<MatchField, number> = { artist: 3, title: 2, stage: 1, genre: 1, country: 1 };
const FIELDS = ['artist', 'title', 'stage', 'genre', 'country'] as const;

/** The folded words of what a set or an artist is found by (an artist has no title or stage). */
interface Searchable {
  artist: readonly string[];
  title: readonly string[];
  stage: readonly string[];
  genre: readonly string[];
  country: CountryWords | null;
}

interface IndexedSet extends Searchable {
  performance: PerformanceDoc;
  day: string;
  /** The artist's whole name, folded, for the bonus of a query that spells it from the start. */
  artistName: string;
}

interface IndexedArtist extends Searchable {
  artist: readonly string[];
  doc: ArtistDoc;
  name: string;
}

export interface SearchIndex {
  /** Every name, title, genre and country name of the programme, once each, as written: the words "did you mean …?" can offer. */
  texts: readonly string[];
  days: readonly string[];
  sets: readonly IndexedSet[];
  artists: readonly IndexedArtist[];
  setCountByArtist: ReadonlyMap<string, number>;
}

export interface SetHit {
  performance: PerformanceDoc;
  /** The fields the query words were found in (for "at Main Stage" hints). */
  matchedOn: MatchField[];
  score: number;
}

export interface DayGroup {
  /** Festival day, YYYY-MM-DD. */
  date: string;
  sets: SetHit[];
}

export interface ArtistHit {
  artist: ArtistDoc;
  setCount: number;
  score: number;
}

export interface SearchResults {
  /** The query's words, folded; empty for a blank query (and then nothing else is set). */
  words: string[];
  artists: ArtistHit[];
  /** Festival days in order, only those with a matching set, each at most `limit` sets in all. */
  days: DayGroup[];
  /** Every matching set, shown or not. */
  setCount: number;
  /** The sets in `days` (fewer than `setCount` when over the limit). */
  shownSetCount: number;
}

/** Sets shown at most: a two-letter query on a 2,000-set festival must not render them all. */
export const DEFAULT_SET_LIMIT = 60;

/** Folds every text of the programme once. */
export function buildSearchIndex(programme: Programme): SearchIndex {
  const countryWords = countryWordsFinder();
  const artists: IndexedArtist[] = [...programme.artists.values()].map((doc) => ({
    doc,
    artist: wordsOf(doc.name),
    title: [],
    stage: [],
    genre: doc.genres.flatMap(wordsOf),
    country: countryWords(doc.country),
    name: foldText(doc.name),
  }));
  const artistWords = new Map(artists.map((entry) => [entry.doc.id, entry]));
  const stageWords = new Map(programme.stages.map((stage) => [stage.id, wordsOf(stage.name)]));
  const setCountByArtist = new Map<string, number>();
  const days = new Set<string>();
  const dayOf = festivalDayFinder(programme);
  const sets = programme.performances.map((performance): IndexedSet => {
    const day = dayOf(performance.startsAt);
    days.add(day);
    setCountByArtist.set(performance.artistId, (setCountByArtist.get(performance.artistId) ?? 0) + 1);
    const artist = artistWords.get(performance.artistId);
    return {
      performance,
      day,
      artist: artist?.artist ?? [],
      title: performance.title ? wordsOf(performance.title) : [],
      stage: stageWords.get(performance.stageId) ?? [],
      genre: artist?.genre ?? [],
      country: artist?.country ?? null,
      artistName: artist?.name ?? '',
    };
  });
  const texts = new Set<string>(programme.stages.map((stage) => stage.name));
  for (const { doc, country } of artists) {
    texts.add(doc.name);
    for (const genre of doc.genres) texts.add(genre);
    for (const name of country?.written ?? []) texts.add(name);
  }
  for (const performance of programme.performances) if (performance.title) texts.add(performance.title);
  return { texts: [...texts], days: [...days].sort(), sets, artists, setCountByArtist };
}

/**
 * `festivalDayOf` for many instants: the festival's days' bounds are worked out once (a time
 * zone conversion each), then each set is placed by comparing numbers; only a set outside the
 * festival's dates (a data error) pays for a conversion of its own.
 */
function festivalDayFinder(programme: Programme): (instant: Date) => string {
  const bounds = festivalDays(programme.festival).map((day) => ({ date: day.date, from: day.startsAt.getTime(), to: day.endsAt.getTime() }));
  return (instant) => {
    const time = instant.getTime();
    return bounds.find((day) => time >= day.from && time < day.to)?.date ?? festivalDayOf(instant, programme.festival);
  };
}

/** How well one query word fits a list of words: 0 no, 1 starts a word, 2 is a whole word. */
function fit(queryWord: string, words: readonly string[]): number {
  let best = 0;
  for (const word of words) {
    if (word === queryWord) return 2;
    if (word.startsWith(queryWord)) best = 1;
  }
  return best;
}

/** How well a query word fits one field: a country by its whole code too. */
function fitField(queryWord: string, entry: Searchable, field: MatchField): number {
  if (field !== 'country') return fit(queryWord, entry[field]);
  if (!entry.country) return 0;
  return queryWord === entry.country.code ? 2 : fit(queryWord, entry.country.names);
}

/** A query spelled from the start of a name ("the silver e") ranks above scattered words. */
const WHOLE_PREFIX_BONUS = 10;

/** Every query word found in some field, each where it says most; null when one is found nowhere. */
function score(entry: Searchable, words: string[]): { score: number; matchedOn: MatchField[] } | null {
  let total = 0;
  const matchedOn = new Set<MatchField>();
  for (const queryWord of words) {
    let best = 0;
    let bestField: MatchField | null = null;
    for (const field of FIELDS) {
      const quality = fitField(queryWord, entry, field);
      if (quality === 0) continue;
      const value = FIELD_WEIGHT[field] * quality;
      if (value > best) {
        best = value;
        bestField = field;
      }
    }
    if (!bestField) return null;
    total += best;
    matchedOn.add(bestField);
  }
  return { score: total, matchedOn: [...matchedOn] };
}

function scoreSet(entry: IndexedSet, words: string[], phrase: string): { score: number; matchedOn: MatchField[] } | null {
  const scored = score(entry, words);
  if (scored && entry.artistName.startsWith(phrase)) scored.score += WHOLE_PREFIX_BONUS;
  return scored;
}

function scoreArtist(entry: IndexedArtist, words: string[], phrase: string): number {
  const scored = score(entry, words);
  if (!scored) return 0;
  return entry.name.startsWith(phrase) ? scored.score + WHOLE_PREFIX_BONUS : scored.score;
}

/**
 * Everything `query` finds: matching artists (best first, then A-Z), and matching sets
 * grouped by festival day (days in order; within a day, best first, then by time). When
 * more than `limit` sets match, the best `limit` are kept and `setCount` says how many
 * there were.
 */
export function searchProgramme(index: SearchIndex, query: string, limit = DEFAULT_SET_LIMIT): SearchResults {
  const words = wordsOf(query);
  if (words.length === 0) return { words, artists: [], days: [], setCount: 0, shownSetCount: 0 };
  const phrase = words.join(' ');

  const artists: ArtistHit[] = [];
  for (const entry of index.artists) {
    const score = scoreArtist(entry, words, phrase);
    if (score > 0) artists.push({ artist: entry.doc, setCount: index.setCountByArtist.get(entry.doc.id) ?? 0, score });
  }
  artists.sort((a, b) => b.score - a.score || a.artist.name.localeCompare(b.artist.name));

  const hits: Array<SetHit & { day: string }> = [];
  for (const entry of index.sets) {
    const scored = scoreSet(entry, words, phrase);
    if (scored) hits.push({ performance: entry.performance, day: entry.day, ...scored });
  }
  const byTime = (a: SetHit, b: SetHit) => a.performance.startsAt.getTime() - b.performance.startsAt.getTime();
  const kept = [...hits].sort((a, b) => b.score - a.score || byTime(a, b)).slice(0, limit);

  const days: DayGroup[] = [];
  for (const date of index.days) {
    const sets = kept.filter((hit) => hit.day === date).sort((a, b) => b.score - a.score || byTime(a, b));
    if (sets.length > 0) days.push({ date, sets: sets.map(({ day: _day, ...hit }) => hit) });
  }
  return { words, artists, days, setCount: hits.length, shownSetCount: kept.length };
}
