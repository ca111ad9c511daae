/**
 * A country as people search for it: its ISO code ("NL") and its name in both of the app's
 * languages ("Netherlands", "Nederland"), whichever language the reader uses. The names come
 * from the browser's own Intl.DisplayNames (no table to ship); each code is named once.
 */
import { wordsOf } from './normalise';

export interface CountryWords {
  /** The code, folded ("nl"): matched whole only, or "n" would list half the festival. */
  code: string;
  /** The folded words of its English and Dutch names. */
  names: readonly string[];
  /** Those names as written ("Netherlands", "Nederland"), for "did you mean …?". */
  written: readonly string[];
}

const SEARCH_LANGUAGES = ['en', 'nl'] as const;

/** Country words by code, worked out on first use of each code. */
export function countryWordsFinder(): (code: string | undefined) => CountryWords | null {
  const namers = SEARCH_LANGUAGES.flatMap((language) => {
    try {
      return [new Intl.DisplayNames([language], { type: 'region' })];
    } catch {
      return []; // A browser without region names: codes still match.
    }
  });
  const known = new Map<string, CountryWords>();
  return (code) => {
    if (!code) return null;
    let words = known.get(code);
    if (!words) {
      const written = [...new Set(namers.map((namer) => safeName(namer, code)).filter((name) => name !== undefined))];
      words = { code: code.toLowerCase(), names: [...new Set(written.flatMap(wordsOf))], written };
      known.set(code, words);
    }
    return words;
  };
}

function safeName(namer: Intl.DisplayNames, code: string): string | undefined {
  try {
    const name = namer.of(code);
    // An unknown code comes back as itself: no name to add.
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}
