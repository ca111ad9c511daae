import { useEffect } from 'react';
import { useFestival } from './FestivalContext';
import { applyFestivalTheme } from './festival-theme';

/**
 * The shown festival's colours (festival-theme.ts) on the document root while it is shown;
 * the stylesheet's without `colours`. A chunk of its own (app/App.tsx), off the first page's path.
 */
export default function FestivalTheme() {
  const colours = useFestival().programme?.festival.colours;
  const primary = colours?.primary;
  const secondary = colours?.secondary;
  useEffect(() => {
    if (!primary || !secondary) return;
    try {
      return applyFestivalTheme({ primary, secondary });
    } catch (error) {
      // Not #rrggbb colours (the bundle's first paint does not check them): the default look.
      console.warn('The festival colours could not be applied.', error);
      return;
    }
  }, [primary, secondary]);
  return null;
}
