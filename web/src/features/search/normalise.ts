/**
 * Text as search compares it: lower case, accents and other marks folded away, and the few
 * Latin letters Unicode does not decompose spelled out, so "zoe" finds "Zoë", "sol" finds
 * "Sól" and "lokken" finds "Løkken". Pure; no locale rules (a Dutch or English phone must
 * find the same sets).
 */

// Letters with no canonical decomposition, folded the way people type them without the key.
const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};
const SPELLED_OUT_PATTERN = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'g');

const ASCII = /^[ -~]*$/;

/** Lower case with marks removed ("Zoë Lambert" → "zoe lambert"). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  // Most names are printable ASCII: nothing to fold (and normalising costs more than the rest).
  if (ASCII.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SPELLED_OUT_PATTERN, (letter) => SPELLED_OUT[letter] ?? letter);
}

/**
 * The words of a text, folded: runs of letters and digits ("R&B" → ["r", "b"], "drum-and-bass"
 * → ["drum", "and", "bass"]). Apostrophes join ("D'Angelo" → ["dangelo"]) so that a name is
 * found with or without them.
 */
export function wordsOf(text: string): string[] {
  return foldText(text)
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * The words of a text as written and as folded, for "did you mean …?" to offer a word the
 * way the festival spells it ("Lambert", "Zoë"). Cut like `wordsOf`, on the composed text
 * so an accent stays with its letter.
 */
export function spelledWordsOf(text: string): Array<{ folded: string; shown: string }> {
  return text
    .normalize('NFC')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((shown) => ({ shown, folded: foldText(shown) }));
}
