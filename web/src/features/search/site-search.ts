import { wordsOf } from './normalise';
import { searchPages, type PageHit, type PageIndex } from './page-search';
import { searchPlaces, type PlaceHit, type PlaceIndex } from './place-search';
import { DEFAULT_SET_LIMIT, searchProgramme, type SearchResults, type SearchIndex } from './search-index';
import { correctWords, vocabularyOf, type Correction, type Vocabulary } from './vocabulary';

/**
 * The one search box: the programme (artists, sets), the venue map's places and the info
 * pages, with "did you mean …?" when the query as typed finds nothing. Pure; each part's index
 * is built once (the map and the pages may arrive after the programme, or never: then their
 * parts are null and find nothing).
 */
export interface SiteIndex {
  programme: SearchIndex;
  places: PlaceIndex | null;
  pages: PageIndex | null;
  vocabulary: Vocabulary;
}

export function buildSiteIndex(programme: SearchIndex, places: PlaceIndex | null, pages: PageIndex | null): SiteIndex {
  const vocabulary = vocabularyOf([...programme.texts, ...(places?.texts ?? []), ...(pages?.texts ?? [])]);
  return { programme, places, pages, vocabulary };
}

export interface SiteResults {
  /** The query's words as typed, folded; empty for a blank query. */
  words: string[];
  /** Set when the query as typed found nothing and a correction does: what follows is what the correction found. */
  correction: Correction | null;
  programme: SearchResults;
  places: PlaceHit[];
  pages: PageHit[];
}

/** How many things a result holds, all parts together. */
export function foundCount(results: Pick<SiteResults, 'programme' | 'places' | 'pages'>): number {
  return results.programme.artists.length + results.programme.setCount + results.places.length + results.pages.length;
}

export function searchSite(index: SiteIndex, query: string, language: string, limit = DEFAULT_SET_LIMIT): SiteResults {
  const words = wordsOf(query);
  const typed = searchWords(index, words, language, limit);
  if (words.length === 0 || foundCount(typed) > 0) return { words, correction: null, ...typed };
  const correction = correctWords(index.vocabulary, words);
  const corrected = correction ? searchWords(index, correction.words, language, limit) : null;
  // A correction is offered only for what it finds: never "did you mean …?" to another empty page.
  if (!correction || !corrected || foundCount(corrected) === 0) return { words, correction: null, ...typed };
  return { words, correction, ...corrected };
}

function searchWords(index: SiteIndex, words: string[], language: string, limit: number): Pick<SiteResults, 'programme' | 'places' | 'pages'> {
  return {
    programme: searchProgramme(index.programme, words.join(' '), limit),
    places: index.places ? searchPlaces(index.places, words) : [],
    pages: index.pages ? searchPages(index.pages, words, language) : [],
  };
}
