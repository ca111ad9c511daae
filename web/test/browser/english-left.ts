/**
 * "No English left" on a page shown in Dutch: every English UI message (from the source's
 * defaultMessages) whose Dutch translation differs becomes a pattern (placeholders match any
 * text, plurals and selects any of their forms), and the page's visible text, element by
 * element, plus the labels people hear or see (aria-label, placeholder, title, alt) must
 * match none of them in full. Festival data (artist names, bios, stage names) is not UI
 * text and cannot match a whole message.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Page } from 'playwright-core';
import { dutchCatalogs, extractMessages } from '../../src/i18n/extract';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      switch (element.type) {
        case TYPE.literal:
          return escape(element.value).replace(/\s+/g, '\\s+');
        case TYPE.pound:
          return '[\\d.,\\s]+';
        case TYPE.tag:
          return patternOf(element.children);
        case TYPE.plural:
        case TYPE.select:
          return `(?:${Object.values(element.options)
            .map((option) => patternOf(option.value))
            .join('|')})`;
        default:
          return '.+?';
      }
    })
    .join('');
}

/** Letters that a message says in words (not counting placeholders). */
function literalLetters(elements: MessageFormatElement[]): number {
  return elements.reduce((sum, element) => {
    if (element.type === TYPE.literal) return sum + (element.value.match(/\p{L}/gu)?.length ?? 0);
    if (element.type === TYPE.tag) return sum + literalLetters(element.children);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      return sum + Math.min(...Object.values(element.options).map((option) => literalLetters(option.value)));
    }
    return sum;
  }, 0);
}

export interface EnglishPattern {
  id: string;
  english: string;
  pattern: RegExp;
}

export function englishPatterns(): EnglishPattern[] {
  const dutch: Record<string, string> = Object.assign({}, ...Object.values(dutchCatalogs()));
  const seen = new Set<string>();
  return extractMessages().messages.flatMap(({ id, defaultMessage }) => {
    if (seen.has(id) || dutch[id] === defaultMessage) return [];
    seen.add(id);
    const elements = parse(defaultMessage);
    // "{day}, {time}" and the like say nothing in English on their own.
    if (literalLetters(elements) < 3) return [];
    return [{ id, english: defaultMessage, pattern: new RegExp(`^\\s*${patternOf(elements)}\\s*$`, 'su') }];
  });
}

/** The English messages still on the page, as "id: text found". */
export async function englishLeftIn(page: Page, patterns: EnglishPattern[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found = new Set<string>();
    const pageLanguage = document.documentElement.lang;
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.closest('script, style, noscript')) continue;
      // Text marked as another language on purpose (the language switch's "English", an info
      // page shown in English because it has no Dutch text yet) is not English left behind.
      if (element.closest('[lang]')?.getAttribute('lang') !== pageLanguage) continue;
      const text = (element.innerText ?? '').replace(/\s+/g, ' ').trim();
      if (text && text.length < 400) found.add(text);
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value) found.add(value.trim());
      }
    }
    return [...found];
  });
  const left = new Set<string>();
  for (const text of texts) for (const { id, pattern } of patterns) if (pattern.test(text)) left.add(`${id}: ${text}`);
  return [...left].sort();
}
