import { festivalThemeProperties, type FestivalColours } from '@encore/model';

/**
 * A festival's colours (`festivals/{f}.colours`, issue 35) as the app's CSS custom properties
 * (styles/tokens.css), set on the document root while that festival is shown, and the
 * browser's `<meta name="theme-color">`. The values are the model's `festivalThemeProperties`
 * (model/src/festival/theme.ts), the same the `firstPage` function writes into the first HTML,
 * so the page does not change colour when React takes over.
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
  for (const name of FESTIVAL_THEME_PROPERTIES) root.style.setProperty(name, properties[name] ?? null);
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
