import { infoText, type InfoPage } from '@encore/model';
import { plainText } from './simple-format';

export interface InfoHit {
  id: string;
  title: string;
  /** Words around the first match in the body, or null when only the title matched. */
  snippet: string | null;
}

/** Lower case, without accents: "Café" finds "cafe" and the other way round. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * Pages with every word of the query in their title or body (in the reader's language, or the
 * other one where theirs is empty), those with a word in the title first, then by their order.
 */
export function searchInfoPages(pages: ReadonlyArray<InfoPage & { id: string }>, query: string, language: string): InfoHit[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: Array<InfoHit & { inTitle: boolean; order: number }> = [];
  for (const page of pages) {
    const title = infoText(page.title, language);
    const body = plainText(infoText(page.body, language));
    const foldedTitle = fold(title);
    const foldedBody = fold(body);
    if (!words.every((word) => foldedTitle.includes(word) || foldedBody.includes(word))) continue;
    const inTitle = words.some((word) => foldedTitle.includes(word));
    const at = Math.min(...words.map((word) => foldedBody.indexOf(word)).filter((index) => index >= 0));
    hits.push({ id: page.id, title, snippet: Number.isFinite(at) ? snippetAround(body, at) : null, inTitle, order: page.order });
  }
  return hits.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || a.order - b.order).map(({ id, title, snippet }) => ({ id, title, snippet }));
}

/** About a line of text around `at`, cut at word boundaries. NFD folding keeps indices for the texts we show (precomposed accents aside, near enough). */
function snippetAround(text: string, at: number): string {
  const flat = text.replace(/\s+/g, ' ');
  const start = Math.max(0, flat.lastIndexOf(' ', Math.max(0, at - 40)) + 1);
  const endSpace = flat.indexOf(' ', Math.min(flat.length, at + 80));
  const end = endSpace < 0 ? flat.length : endSpace;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}
