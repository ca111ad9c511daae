import Color from 'color';
import type { FestivalColours } from '../schemas/festival.js';
import { APP_COLOURS } from './brand.js';

/**
 * The theme tokens of web/src/styles/tokens.css the festival's colours are mixed with by the
 * browser (`color-mix()` with `var(…)`, so one value follows the light and the dark theme).
 */
export const THEME_TOKENS = {
  light: { text: '#1e1326', surface: '#ffffff', background: APP_COLOURS.lightBackground },
  dark: { text: '#f8eefb', surface: '#1e1527', background: APP_COLOURS.darkBackground },
} as const;

/**
 * A festival's look (issue 35) as the app's design tokens (web/src/styles/tokens.css): the
 * custom properties to set on the page's root, one set for both themes. The `firstPage`
 * function writes them on `<html style>` before any script, and the web app sets the same on
 * `document.documentElement.style` (an inline style wins over the dark theme's selectors too).
 *
 * - `primary`, checked for white text on it and 3:1 on both themes' backgrounds (brand.ts),
 *   is the accent in both themes, with white text on it and a darker shade for hover; as
 *   text, it is mixed with the theme's text colour just enough to read (4.5:1) on either
 *   theme's background; selected chips get a wash of it over the theme's surface;
 * - `secondary`, checked for the night band's text, is the night band, whose gradient's far
 *   end leans towards the accent where that keeps the band's text readable.
 */
export function festivalThemeProperties(colours: FestivalColours): Record<string, string> {
  const primary = hex(colours.primary);
  const secondary = hex(colours.secondary);
  const nightEnd = mix(secondary, primary, 0.3);
  return {
    '--color-accent': primary,
    '--color-accent-hover': mix(primary, '#000000', 0.18),
    '--color-on-accent': APP_COLOURS.onAccent,
    '--color-accent-text': `color-mix(in srgb, ${primary} ${accentTextShare(primary)}%, var(--color-text))`,
    '--color-accent-soft': `color-mix(in srgb, ${primary} ${ACCENT_SOFT_SHARE}%, var(--color-surface))`,
    '--color-night': secondary,
    '--color-night-2': contrast(nightEnd, APP_COLOURS.onNight) >= TEXT_CONTRAST ? nightEnd : secondary,
  };
}

/** WCAG 2.2 1.4.3: normal text. */
const TEXT_CONTRAST = 4.5;

/** How much of the accent the selected chips' wash has (the rest the theme's surface). */
const ACCENT_SOFT_SHARE = 16;

const hex = (colour: string) => Color(colour).hex().toLowerCase();
/** `colour` with `share` (0..1) of `other` mixed in, as CSS `color-mix(in srgb, …)` mixes. */
const mix = (colour: string, other: string, share: number) => Color(colour).mix(Color(other), share).hex().toLowerCase();
const contrast = (a: string, b: string) => Color(a).contrast(Color(b));

/**
 * The largest share of the accent (percent, in steps of 5) whose mix with each theme's text
 * colour reads as text on that theme's background; 0 (the text colour itself) at worst.
 */
function accentTextShare(primary: string): number {
  for (let share = 100; share > 0; share -= 5) {
    const readable = Object.values(THEME_TOKENS).every((theme) => contrast(mix(theme.text, primary, share / 100), theme.background) >= TEXT_CONTRAST);
    if (readable) return share;
  }
  return 0;
}
