import { editFit, typoBudget } from './edit-distance';
import { spelledWordsOf } from './normalise';

/**
 * "Did you mean …?": every word the festival's texts use (names, titles, stages, genres,
 * countries, places, info pages), folded, with how it is written and how many texts use it.
 * A query word that starts none of them is taken for a typo and swapped for the closest one
 * within its edit budget (edit-distance.ts): "lambret" → "Lambert".
 */
export interface Vocabulary {
  /** Folded word → how it is first written, and in how many texts it appears. */
  words: ReadonlyMap<string, { written: string; uses: number }>;
}

export function vocabularyOf(texts: Iterable<string>): Vocabulary {
  const words = new Map<string, { written: string; uses: number }>();
  for (const text of texts) {
    for (const { folded, shown } of new Map(spelledWordsOf(text).map((word) => [word.folded, word])).values()) {
      const known = words.get(folded);
      if (known) known.uses += 1;
      else words.set(folded, { written: shown, uses: 1 });
    }
  }
  return { words };
}

export interface Correction {
  /** The corrected query's words, folded, as search takes them. */
  words: string[];
  /** The corrected query to show and to offer ("zoe Lambert"): corrected words as the festival writes them. */
  query: string;
}

/**
 * The query with each word that starts no known word swapped for the closest known one, or
 * null when every word is known already, or one is unknown with nothing close enough (short
 * words get no correction at all: see `typoBudget`).
 */
export function correctWords(vocabulary: Vocabulary, words: readonly string[]): Correction | null {
  let changed = false;
  const corrected: Array<{ folded: string; shown: string }> = [];
  for (const word of words) {
    if (startsKnownWord(vocabulary, word)) {
      corrected.push({ folded: word, shown: word });
      continue;
    }
    const closest = closestWord(vocabulary, word);
    if (!closest) return null;
    changed = true;
    corrected.push(closest);
  }
  return changed ? { words: corrected.map((word) => word.folded), query: corrected.map((word) => word.shown).join(' ') } : null;
}

function startsKnownWord(vocabulary: Vocabulary, word: string): boolean {
  if (vocabulary.words.has(word)) return true;
  for (const known of vocabulary.words.keys()) if (known.startsWith(word)) return true;
  return false;
}

/**
 * The known word fewest edits from `word` (to the whole word or, for a word still being typed,
 * to its start); on a tie a whole-word fit first, then the word more texts use, then A-Z.
 */
function closestWord(vocabulary: Vocabulary, word: string): { folded: string; shown: string } | null {
  const budget = typoBudget(word.length);
  if (budget === 0) return null;
  let best: { folded: string; shown: string; edits: number; whole: boolean; uses: number } | null = null;
  for (const [known, { written, uses }] of vocabulary.words) {
    const fit = editFit(word, known, budget);
    if (!fit) continue;
    const edits = Math.min(fit.whole, fit.prefix);
    const whole = fit.whole === edits;
    const better =
      !best ||
      edits < best.edits ||
      (edits === best.edits && (whole !== best.whole ? whole : uses !== best.uses ? uses > best.uses : known < best.folded));
    if (better) best = { folded: known, shown: written, edits, whole, uses };
  }
  return best ? { folded: best.folded, shown: best.shown } : null;
}
