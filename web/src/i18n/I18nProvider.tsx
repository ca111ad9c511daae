import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { ENGLISH, loadCatalog, type Catalog } from './catalogs';
import { DEFAULT_LOCALE, FORMAT_LOCALE, initialLocale, rememberLocale, type Locale } from './locales';

interface LocaleState {
  /** The language on screen (while another one loads, still the previous one). */
  locale: Locale;
  /** Switches language and remembers the choice on this device. */
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleState | null>(null);

const browserStorage = () => (typeof window === 'undefined' ? null : window.localStorage);
const browserLanguages = () => (typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);

const catalogs = new Map<Locale, Promise<Catalog>>();
function catalogFor(locale: Locale): Promise<Catalog> {
  let pending = catalogs.get(locale);
  if (!pending) {
    pending = loadCatalog(locale);
    // A failed download (offline before it was ever cached) may succeed on the next try.
    pending.catch(() => catalogs.delete(locale));
    catalogs.set(locale, pending);
  }
  return pending;
}

// Start fetching a Dutch catalog while React is still starting, rather than after the first render.
if (typeof window !== 'undefined') catalogFor(initialLocale(browserStorage(), browserLanguages())).catch(() => {});

/**
 * The app's language: react-intl's IntlProvider with the chosen catalog, `<html lang>` kept in
 * step, and the switch. Until the Dutch catalog of a first visit has arrived (one small chunk,
 * precached by the service worker) nothing is shown rather than a flash of English; if it cannot
 * be loaded at all, the app carries on in English.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<Locale>(() => initialLocale(browserStorage(), browserLanguages()));
  const [shown, setShown] = useState<{ locale: Locale; messages: Catalog } | null>(() =>
    wanted === DEFAULT_LOCALE ? { locale: DEFAULT_LOCALE, messages: ENGLISH } : null,
  );

  useEffect(() => {
    let current = true;
    // The same state when the catalog on screen is the one loaded (English on every first
    // render): a new object would render the whole app again, synchronously, as the first
    // page comes in (a 25-35 ms task, 4x that on a phone). A switch of language is a
    // transition: the whole app renders again, in slices, with the old language on screen.
    const show = (next: { locale: Locale; messages: Catalog }) =>
      startTransition(() => setShown((previous) => (previous?.locale === next.locale && previous.messages === next.messages ? previous : next)));
    catalogFor(wanted).then(
      (messages) => current && show({ locale: wanted, messages }),
      () => current && setShown((previous) => previous ?? { locale: DEFAULT_LOCALE, messages: ENGLISH }),
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);

  const setLocale = useCallback((locale: Locale) => {
    rememberLocale(browserStorage(), locale);
    setWanted(locale);
  }, []);
  const state = useMemo<LocaleState>(() => ({ locale: shown?.locale ?? wanted, setLocale }), [shown, wanted, setLocale]);

  if (!shown) return null;
  return (
    <LocaleContext.Provider value={state}>
      <IntlProvider locale={FORMAT_LOCALE[shown.locale]} defaultLocale={FORMAT_LOCALE[DEFAULT_LOCALE]} messages={shown.messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs an I18nProvider above it');
  return state;
}
