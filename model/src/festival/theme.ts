import Color from 'color';
import type { FestivalColours } from '../schemas/festival.js';
import { APP_COLOURS } from './brand.js';

/**
 * A festival's look (issue 35) as the app's design tokens (web/src/styles/tokens.css): the
 * custom properties to set on the page's root, one set for both themes (their values that
 * must differ by theme use CSS `light-dark()`, which follows the root's `color-scheme`, as
 * tokens.css sets it per theme). Shared by the `firstPage` function, which writes them on
 * `<html style>` before any script, and the web app, which sets the same ones on
 * `document.documentElement.style` (an inline style wins over the dark theme's selectors too).
 *
 * - `primary`, checked for white text on it and 3:1 on both themes' backgrounds
 *   (brand.ts), is the accent in both themes, with white text on it, a darker shade for
 *   hover, a shade of it readable as text (4.5:1) on each theme's background, and a pale
 *   (light) or deep (dark) tint for selected chips;
 * - `secondary`, checked for the night band's text, is the night band, and its gradient's
 *   far end leans towards the accent where that keeps the band's text readable.
 */
export function festivalThemeProperties(colours: FestivalColours): Record<string, string> {
  const primary = hex(colours.primary);
  const secondary = hex(colours.secondary);
  const nightEnd = mix(secondary, primary, 0.3);
  return {
    '--color-accent': primary,
    '--color-accent-hover': mix(primary, '#000000', 0.15),
    '--color-on-accent': APP_COLOURS.onAccent,
    '--color-accent-text': `light-dark(${readableOn(primary, APP_COLOURS.lightBackground, '#000000')}, ${readableOn(primary, APP_COLOURS.darkBackground, '#ffffff')})`,
    '--color-accent-soft': `light-dark(${mix(primary, '#ffffff', 0.86)}, ${mix(primary, APP_COLOURS.darkBackground, 0.7)})`,
    '--color-night': secondary,
    '--color-night-2': contrast(nightEnd, APP_COLOURS.onNight) >= TEXT_CONTRAST ? nightEnd : secondary,
  };
}

/** WCAG 2.2 1.4.3: normal text. */
const TEXT_CONTRAST = 4.5;

const hex = (colour: string) => Color(colour).hex().toLowerCase();
/** `colour` with `share` of `other` mixed in. */
const mix = (colour: string, other: string, share: number) => Color(colour).mix(Color(other), share).hex().toLowerCase();
const contrast = (a: string, b: string) => Color(a).contrast(Color(b));

/** `colour`, moved towards `towards` (black or white) in steps of 5 % until it reads as text on `background`. */
function readableOn(colour: string, background: string, towards: string): string {
  for (let step = 0; step < 20; step++) {
    const candidate = mix(colour, towards, step / 20);
    if (contrast(candidate, background) >= TEXT_CONTRAST) return candidate;
  }
  return towards;
}
