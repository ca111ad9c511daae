import type { Locale } from './locales';

/** A flat catalog: message id to ICU message text. */
export type Catalog = Record<string, string>;

/**
 * English needs no catalog: every message carries its English text as `defaultMessage`.
 * Dutch is its own chunk, fetched only when Dutch is chosen, so the English first visit
 * does not download it.
 */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  if (locale === 'en') return {};
  return (await import('./nl/index')).default;
}
