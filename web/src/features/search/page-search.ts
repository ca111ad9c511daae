import { infoText, type InfoPage } from '@encore/model';
import { plainText } from '../info/simple-format';
import { foldText, wordsOf } from './normalise';

/**
 * The festival's info pages in search: found by any word of their title or text in English or
 * Dutch (a Dutch reader typing "toilet" or "lockers" finds the page all the same), shown in
 * the reader's language with a line of the text around the first word found. Pure.
 */
export type SearchablePage = InfoPage & { id: string };

interface IndexedPage {
  page: SearchablePage;
  titleWords: readonly string[];
  words: readonly string[];
}

export interface PageIndex {
  pages: readonly IndexedPage[];
  /** Every title and text in both languages, for "did you mean …?". */
  texts: readonly string[];
}

export function buildPageIndex(pages: readonly SearchablePage[]): PageIndex {
  const texts: string[] = [];
  const indexed = pages.map((page) => {
    const titles = [page.title.en, page.title.nl];
    const bodies = [plainText(page.body.en), plainText(page.body.nl)];
    texts.push(...titles, ...bodies);
    return { page, titleWords: [...new Set(titles.flatMap(wordsOf))], words: [...new Set([...titles, ...bodies].flatMap(wordsOf))] };
  });
  return { pages: indexed, texts };
}

export interface PageHit {
  id: string;
  /** In the reader's language, or the other where theirs is empty. */
  title: string;
  /** About a line of the text around the first word found, or null when only the title has the words. */
  snippet: string | null;
}

/** Pages with every query word starting a word of theirs: those with one in the title first, then in their order. */
export function searchPages(index: PageIndex, words: readonly string[], language: string): PageHit[] {
  if (words.length === 0) return [];
  const starts = (list: readonly string[], word: string) => list.some((candidate) => candidate.startsWith(word));
  return index.pages
    .filter((entry) => words.every((word) => starts(entry.words, word)))
    .map((entry) => ({ entry, inTitle: words.some((word) => starts(entry.titleWords, word)) }))
    .sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || a.entry.page.order - b.entry.page.order)
    .map(({ entry }) => ({
      id: entry.page.id,
      title: infoText(entry.page.title, language),
      snippet: snippetAround(plainText(infoText(entry.page.body, language)), words),
    }));
}

const WORD = /[\p{L}\p{N}'’]+/gu;

/** About a line of `text` around its first word that a query word starts, cut at spaces; null when none does. */
function snippetAround(text: string, words: readonly string[]): string | null {
  const flat = text.replace(/\s+/g, ' ');
  for (const match of flat.matchAll(WORD)) {
    const folded = foldText(match[0]).replace(/['’]/g, '');
    if (!words.some((word) => folded.startsWith(word))) continue;
    const at = match.index;
    const start = at <= 40 ? 0 : flat.lastIndexOf(' ', at - 40) + 1;
    const endSpace = flat.indexOf(' ', Math.min(flat.length, at + 80));
    const end = endSpace < 0 ? flat.length : endSpace;
    return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
  }
  return null;
}
