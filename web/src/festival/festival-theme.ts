import type { FestivalColours } from '@encore/model';

/**
 * A festival's colours (`festivals/{f}.colours`, issue 35) as the app's CSS custom properties
 * (styles/tokens.css), set on the document root while that festival is shown, and the
 * browser's `<meta name="theme-color">`. The server writes the same into the first HTML it
 * serves: it mirrors `FESTIVAL_THEME_PROPERTIES` and `festivalThemeProperties`.
 *
 * `primary` is checked for white text on it and `secondary` for light text on it before they
 * are stored (@encore/model, festival/brand.ts), so the accent carries white text in both
 * themes, and the variants that must follow the light or dark theme (the soft background, the
 * accent as text) are mixed with the theme's own tokens by the browser.
 */
export const FESTIVAL_THEME_PROPERTIES = [
  '--color-accent',
  '--color-accent-hover',
  '--color-accent-soft',
  '--color-on-accent',
  '--color-accent-text',
  '--color-night',
  '--color-night-2',
] as const;

export type FestivalThemeProperty = (typeof FESTIVAL_THEME_PROPERTIES)[number];

const HEX = /^#([0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] {
  const match = HEX.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `a` mixed with `b`, `share` (0..1) of `b`, as #rrggbb. */
export function mixHex(a: string, b: string, share: number): string {
  const [x, y] = [channels(a), channels(b)];
  return `#${x.map((channel, i) => Math.round(channel + (y[i]! - channel) * share).toString(16).padStart(2, '0')).join('')}`;
}

/** The custom properties of a festival's colours, each of `FESTIVAL_THEME_PROPERTIES`. */
export function festivalThemeProperties(colours: FestivalColours): Record<FestivalThemeProperty, string> {
  const primary = colours.primary.toLowerCase();
  const secondary = colours.secondary.toLowerCase();
  return {
    '--color-accent': primary,
    // Darker on hover, as the default palette's.
    '--color-accent-hover': mixHex(primary, '#000000', 0.18),
    // A wash of the accent over the theme's surface: pale by day, deep at night.
    '--color-accent-soft': `color-mix(in srgb, ${primary} 16%, var(--color-surface))`,
    '--color-on-accent': '#ffffff',
    // The accent as text, pulled towards the theme's text colour: darker by day, lighter at night.
    '--color-accent-text': `color-mix(in srgb, ${primary} 65%, var(--color-text))`,
    '--color-night': secondary,
    // The night band's gradient runs towards the accent.
    '--color-night-2': mixHex(secondary, primary, 0.3),
  };
}

/** The `<meta name="theme-color">` of a festival with colours: its night band's, as the default's is. */
export function festivalThemeColor(colours: FestivalColours): string {
  return colours.secondary.toLowerCase();
}

/**
 * Sets the festival's colours on `root` and the theme-color meta; the returned function puts
 * back what was there (the stylesheet's tokens, the shell's theme colour).
 */
export function applyFestivalTheme(colours: FestivalColours, root: HTMLElement = document.documentElement, doc: Document = document): () => void {
  const properties = festivalThemeProperties(colours);
  const previous = FESTIVAL_THEME_PROPERTIES.map((name) => [name, root.style.getPropertyValue(name)] as const);
  for (const name of FESTIVAL_THEME_PROPERTIES) root.style.setProperty(name, properties[name]);
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  const previousColor = meta?.content;
  if (meta) meta.content = festivalThemeColor(colours);
  return () => {
    for (const [name, value] of previous) {
      if (value) root.style.setProperty(name, value);
      else root.style.removeProperty(name);
    }
    if (meta && previousColor !== undefined) meta.content = previousColor;
  };
}
