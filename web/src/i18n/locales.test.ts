import { describe, expect, it } from 'vitest';
import { initialLocale, localeFromLanguages, rememberLocale, STORAGE_KEY } from './locales';

const storage = (value: string | null) => ({ getItem: (key: string) => (key === STORAGE_KEY ? value : null) });

describe('choosing the language', () => {
  it('takes the first supported language among the browser’s, regional variants included', () => {
    expect(localeFromLanguages(['de-DE', 'nl-BE', 'en'])).toBe('nl');
    expect(localeFromLanguages(['en-US', 'nl'])).toBe('en');
    expect(localeFromLanguages(['fr', 'de'])).toBeNull();
  });

  it('prefers the remembered choice, then the browser, then English', () => {
    expect(initialLocale(storage('en'), ['nl-NL'])).toBe('en');
    expect(initialLocale(storage(null), ['nl-NL'])).toBe('nl');
    expect(initialLocale(storage('klingon'), ['fr'])).toBe('en');
    expect(initialLocale(null, ['fr-FR'])).toBe('en');
  });

  it('keeps working when storage refuses access', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(initialLocale(broken, ['nl'])).toBe('nl');
    expect(() => rememberLocale(broken, 'nl')).not.toThrow();
  });
});
