/**
 * The display face (Bricolage Grotesque, styles/fonts.css) on a first visit: it loads once the
 * first content is painted, not before. The page's first download is the programme's code and
 * data; a 42 KB font among it made the sets show about a quarter of a second later on
 * Lighthouse's slow 4G (web/README.md, "The first page"). Headings meanwhile use the system
 * face, and switch once the font is in (styles/tokens.css: `--font-display` follows
 * `<html data-display-font>`). Line heights are set in multiples of the font size, so the
 * switch moves nothing below a heading.
 *
 * Once loaded, the browser has the font cached (and the service worker precaches it):
 * index.html's first script then sets the attribute before the first paint of every later
 * visit, so those never show the system face in between.
 */
import { browserStorage } from '../app/browser-storage';

export const DISPLAY_FONT_KEY = 'encore.displayFont';
const ATTRIBUTE = 'data-display-font';
/** A weight the headings use, and text in the font's Latin subset (what `unicode-range` covers). */
const FONT = "700 1em 'Bricolage Grotesque Variable'";
const SAMPLE = 'Encore';

export async function loadDisplayFont(root: HTMLElement = document.documentElement, storage: Storage | null = browserStorage()): Promise<void> {
  if (root.hasAttribute(ATTRIBUTE)) return;
  const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
  let loaded = false;
  try {
    // Switch once the face is in, so the headings change once, from the system face to this one.
    if (fonts) loaded = (await fonts.load(FONT, SAMPLE)).length > 0;
  } catch {
    // Not loaded (offline on a first visit): the attribute still lets the browser use the face when it can.
  }
  root.setAttribute(ATTRIBUTE, '');
  if (!loaded) return;
  try {
    storage?.setItem(DISPLAY_FONT_KEY, '1');
  } catch {
    // Storage full or denied: the next visit loads the face the same way.
  }
}
