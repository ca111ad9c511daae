import { useEffect } from 'react';
import { useFestival } from './FestivalContext';

/**
 * The shown festival's colours (festival-theme.ts) on the document root while it is shown;
 * the stylesheet's without `colours`. Its code loads only for a festival that has colours (the
 * first HTML the server writes carries them already, so nothing waits for it).
 */
export function FestivalTheme() {
  const colours = useFestival().programme?.festival.colours;
  const primary = colours?.primary;
  const secondary = colours?.secondary;
  useEffect(() => {
    if (!primary || !secondary) return;
    let undo: (() => void) | undefined;
    let current = true;
    void import('./festival-theme')
      .then((theme) => {
        if (current) undo = theme.applyFestivalTheme({ primary, secondary });
      })
      .catch((error: unknown) => {
        // Not #rrggbb colours (the bundle's first paint does not check them), or the chunk did not load: the default look.
        console.warn('The festival colours could not be applied.', error);
      });
    return () => {
      current = false;
      undo?.();
    };
  }, [primary, secondary]);
  return null;
}
