/**
 * How far a typed word is from a known word, in edits: a letter added, dropped or changed, or
 * two neighbours swapped ("lambret" → "lambert" is one edit). The optimal-string-alignment form
 * of Damerau-Levenshtein, bounded: work stops as soon as every alignment needs more than the
 * budget, so scanning a festival's few thousand words per keystroke stays well under a
 * millisecond. Hand-written rather than a library because search needs two things the
 * well-known packages do not give together: swaps counted as one edit, and the distance to
 * the word's best prefix (someone still typing "lambre" means "lambert").
 */

/**
 * Edits forgiven in a word of `length` letters: none below five (too many short words are one
 * edit apart), one for five to seven, two from eight.
 */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 5) return 1;
  return 0;
}

export interface EditFit {
  /** Edits from `typed` to the whole word. */
  whole: number;
  /** Edits from `typed` to the closest start of the word (never more than `whole`). */
  prefix: number;
}

/**
 * The edits from `typed` to `word` and to its closest prefix, or null when both need more
 * than `max`. Pure; both texts already folded (normalise.ts).
 */
export function editFit(typed: string, word: string, max: number): EditFit | null {
  const columns = typed.length + 1;
  // A prefix of `word` shorter than `typed` by more than `max` letters is out of reach, and so is every shorter one.
  if (word.length < typed.length - max) return null;
  // Three rows of the table (the word's letters down, the typed letters across): the row before last for swaps.
  let before = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, column) => column);
  let current = new Array<number>(columns).fill(0);
  let prefix = previous[typed.length]!;
  for (let row = 1; row <= word.length; row += 1) {
    current[0] = row;
    let rowBest = row;
    const letter = word[row - 1];
    for (let column = 1; column < columns; column += 1) {
      const cost = letter === typed[column - 1] ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && letter === typed[column - 2] && word[row - 2] === typed[column - 1]) value = Math.min(value, before[column - 2]! + 1);
      current[column] = value;
      if (value < rowBest) rowBest = value;
    }
    prefix = Math.min(prefix, current[typed.length]!);
    // Every later row is at least this row's best: neither the whole word nor a longer prefix can come within the budget.
    if (rowBest > max) return prefix <= max ? { whole: Infinity, prefix } : null;
    [before, previous, current] = [previous, current, before];
  }
  if (prefix > max) return null;
  // After the last row the rotation left it in `previous`.
  const whole = previous[typed.length]!;
  return { whole: whole <= max ? whole : Infinity, prefix };
}
