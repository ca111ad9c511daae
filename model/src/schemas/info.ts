import { z } from 'zod';
import { timestampSchema } from './common.js';

/**
 * `festivals/{f}/info/{pageId}`: the practical information staff write (opening hours,
 * tickets, rules, what to bring...), read by everyone, offline too (the pages travel in the
 * programme's data bundle). Each text in English and Dutch; either may be empty, and readers
 * then get the other (`infoText`). Bodies use a small safe formatting subset (headings, lists,
 * bold, links), rendered as elements, never as HTML.
 */

export const INFO_LANGUAGES = ['en', 'nl'] as const;
export type InfoLanguage = (typeof INFO_LANGUAGES)[number];

export const MAX_INFO_TITLE = 120;
export const MAX_INFO_BODY = 10_000;

/** A text in both languages; either may be empty. */
const bilingual = (max: number) => z.object({ en: z.string().trim().max(max), nl: z.string().trim().max(max) }).strict();

/** An info page: staff write every field. */
export const infoPageSchema = z
  .object({
    /** Where it is listed: lower first. */
    order: z.number().int().min(0).max(999),
    title: bilingual(MAX_INFO_TITLE).refine((title) => title.en.length > 0 || title.nl.length > 0, 'a page needs a title in English or Dutch'),
    body: bilingual(MAX_INFO_BODY),
    updatedAt: timestampSchema,
    /** When the console's "new page" form created it (festival.ts `createdAtField`): never changed by an update. */
    createdAt: timestampSchema.optional(),
  })
  .strict();
export type InfoPage = z.infer<typeof infoPageSchema>;

/** The text in the reader's language, or the other one when that is empty. */
export function infoText(text: { en: string; nl: string }, language: string): string {
  const preferred = language.toLowerCase().startsWith('nl') ? text.nl : text.en;
  return preferred.length > 0 ? preferred : language.toLowerCase().startsWith('nl') ? text.en : text.nl;
}
