import type { Locale } from './locales';

/** A flat catalog: message id to ICU message text. */
export type Catalog = Record<string, string>;

/** English's catalog: empty, and one object, so the provider's state stays the same when it "loads". */
export const ENGLISH: Catalog = Object.freeze({});

/**
 * English needs no catalog: every message carries its English text as `defaultMessage`.
 * Dutch is its own chunk, fetched only when Dutch is chosen, so the English first visit
 * does not download it.
 */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  if (locale === 'en') return ENGLISH;
  return (await import('./nl/index')).default;
}
