/**
 * The languages Encore speaks and how one is chosen: the person's own choice (remembered on
 * this device) first, then the browser's preferred languages, then English.
 * index.html repeats the same choice in a few lines so `<html lang>` is right before the
 * app's JavaScript runs; keep the two in step (STORAGE_KEY and the matching rule).
 */
export const LOCALES = ['en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';
export const STORAGE_KEY = 'encore.locale';

/** The BCP 47 tag formats use: British English for day-month order, Dutch as spoken in NL. */
export const FORMAT_LOCALE: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL' };

/** Each language's own name, so it is recognisable whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', nl: 'Nederlands' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language among the browser's preferences ("nl-BE" counts as Dutch). */
export function localeFromLanguages(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** The app's language of a react-intl tag ("nl-NL" is Dutch), for text worded outside react-intl (the model's catalog). */
export function localeOfTag(tag: string): Locale {
  return localeFromLanguages([tag]) ?? DEFAULT_LOCALE;
}

export function storedLocale(storage: Pick<Storage, 'getItem'> | null): Locale | null {
  try {
    const value = storage?.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    // Storage can be off (private modes, policies): fall back to the browser's languages.
    return null;
  }
}

export function initialLocale(storage: Pick<Storage, 'getItem'> | null, languages: readonly string[]): Locale {
  return storedLocale(storage) ?? localeFromLanguages(languages) ?? DEFAULT_LOCALE;
}

export function rememberLocale(storage: Pick<Storage, 'setItem'> | null, locale: Locale): void {
  try {
    storage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered, still applied for this visit.
  }
}
