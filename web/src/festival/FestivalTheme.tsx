import { useEffect } from 'react';
import { appRoute } from '../config/firebase-config';
import { useFestival } from './FestivalContext';

/**
 * The shown festival in the page's head, as the `firstPage` function writes it into the first
 * HTML: its name as the title, at its own address (`/f/{festivalId}`) its own web manifest, and
 * its colours (festival-theme.ts, loaded only for a festival that has them) on the document
 * root. After the first visit the service worker serves the plain shell for every address, so
 * without this a returning visitor's tab and installed app would say "Encore". Loaded after the
 * first content (app/LayoutLater.tsx), off the first page's path.
 */
export default function FestivalTheme() {
  const festival = useFestival().programme?.festival;
  const name = festival?.name;
  const primary = festival?.colours?.primary;
  const secondary = festival?.colours?.secondary;

  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = name;
    return () => void (document.title = before);
  }, [name]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link || !appRoute.base) return;
    const before = link.getAttribute('href');
    link.setAttribute('href', `${appRoute.base}/manifest.webmanifest`);
    return () => void (before === null ? link.removeAttribute('href') : link.setAttribute('href', before));
  }, []);

  useEffect(() => {
    if (!primary || !secondary) return;
    let undo: (() => void) | undefined;
    let cancelled = false;
    void import('./festival-theme').then(({ applyFestivalTheme }) => {
      if (cancelled) return;
      try {
        undo = applyFestivalTheme({ primary, secondary });
      } catch (error) {
        // Not #rrggbb colours (the bundle's first paint does not check them): the default look.
        console.warn('The festival colours could not be applied.', error);
      }
    });
    return () => {
      cancelled = true;
      undo?.();
    };
  }, [primary, secondary]);
  return null;
}
