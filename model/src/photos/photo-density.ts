/**
 * How dense a photo is drawn: at most two device pixels per CSS pixel, whatever the screen.
 *
 * A photo's `<picture>` lists every rendition with its width (`srcset` `w` descriptors) and the
 * slot's CSS width (`sizes`); the browser multiplies the slot by the screen's density and takes
 * the narrowest rendition that covers it. On a 3x phone that is half as many pixels again as a
 * 2x screen gets, for a difference nobody sees in a photo at arm's length (Twitter measured it
 * when it capped its images at 2x, 2019), and the wall's tiles and the lightbox are the biggest
 * bytes a festival day pays (issue 38). So the slot a photo reports is scaled down on screens
 * denser than 2x: `sizes` entries under `(min-resolution: …dppx)` conditions, which every
 * browser evaluates itself (one that does not know them falls back to the plain slot).
 *
 * Layout is untouched: the tiles and the lightbox size their images in CSS, and `sizes` only
 * chooses the file.
 */

/** The most device pixels a photo is drawn with per CSS pixel. */
export const PHOTO_MAX_DENSITY = 2;

/**
 * The screen densities the slot is scaled for, densest first. A screen matches the first tier at
 * or below its density and is drawn at `PHOTO_MAX_DENSITY * density / tier`: 2x up to the next
 * tier (2.75x, common on Android, draws at 2.2x; 3x at 2x; 2.4x is below every tier, as it is).
 */
const DENSITY_TIERS = [3.5, 3, 2.5] as const;

/** Splits at top-level occurrences of `separator` (not inside parentheses). */
function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (depth === 0 && separator.test(char)) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** One `sizes` entry: its media condition (none for the default) and its length. */
export interface SizesEntry {
  condition: string | null;
  length: string;
}

/** The entries of a `sizes` attribute, in order (the length is each entry's last top-level token). */
export function parseSizes(sizes: string): SizesEntry[] {
  return splitTopLevel(sizes, /,/).map((entry) => {
    const tokens = splitTopLevel(entry, /\s/);
    const length = tokens.pop();
    if (length === undefined) throw new Error(`empty entry in sizes "${sizes}"`);
    return { condition: tokens.length > 0 ? tokens.join(' ') : null, length };
  });
}

/** A condition joined with `and`: one with its own `or` or `not` keeps its meaning in parentheses. */
const grouped = (condition: string) => (/\b(or|not)\b/.test(condition) ? `(${condition})` : condition);

const factor = (tier: number) => Number((PHOTO_MAX_DENSITY / tier).toFixed(4));

/**
 * `sizes` for a photo drawn at most at `PHOTO_MAX_DENSITY`: each entry preceded by its scaled
 * copies for denser screens, so the first entry a screen matches is still the one it matched,
 * scaled for its density. `(min-width: 900px) 180px, 50vw` becomes
 * `(min-width: 900px) and (min-resolution: 3.5dppx) calc(180px * 0.5714), …, (min-width: 900px) 180px,
 * (min-resolution: 3.5dppx) calc(50vw * 0.5714), …, 50vw`.
 */
export function capPhotoDensity(sizes: string): string {
  return parseSizes(sizes)
    .flatMap(({ condition, length }) => [
      ...DENSITY_TIERS.map((tier) => `${condition ? `${grouped(condition)} and ` : ''}(min-resolution: ${tier}dppx) calc(${length} * ${factor(tier)})`),
      condition ? `${condition} ${length}` : length,
    ])
    .join(', ');
}

/** A screen as `sizes` sees it: its width in CSS pixels and its device pixels per CSS pixel. */
export interface SizesScreen {
  cssWidth: number;
  dpr: number;
}

/**
 * The slot width in CSS pixels a `sizes` attribute gives on `screen`, as a browser evaluates it,
 * for the forms this app writes: conditions of `(min-width: Npx)` and `(min-resolution: Ndppx)`
 * joined by `and`; lengths in px and vw, `min(a, b)` and `calc(length * number)`. Anything else
 * throws, so a reader (the bill bench) never guesses.
 */
export function slotWidthOf(sizes: string, screen: SizesScreen): number {
  for (const { condition, length } of parseSizes(sizes)) {
    if (condition === null || conditionHolds(condition, screen)) return lengthOf(length, screen);
  }
  throw new Error(`sizes "${sizes}" has no entry for a ${screen.cssWidth} px screen at ${screen.dpr}x`);
}

function conditionHolds(condition: string, screen: SizesScreen): boolean {
  return condition.split(/\s+and\s+/).every((feature) => {
    const match = /^\(\s*(min-width|min-resolution)\s*:\s*(\d+(?:\.\d+)?)(px|dppx)\s*\)$/.exec(feature.trim());
    if (!match || (match[1] === 'min-width') !== (match[3] === 'px')) throw new Error(`media condition "${feature}" is not one slotWidthOf reads`);
    return match[1] === 'min-width' ? screen.cssWidth >= Number(match[2]) : screen.dpr >= Number(match[2]);
  });
}

function lengthOf(value: string, screen: SizesScreen): number {
  const text = value.trim();
  const call = /^(min|calc)\((.+)\)$/.exec(text);
  if (call?.[1] === 'min') return Math.min(...splitTopLevel(call[2]!, /,/).map((part) => lengthOf(part, screen)));
  if (call?.[1] === 'calc') {
    const product = /^(.+)\*\s*(\d+(?:\.\d+)?)$/.exec(call[2]!);
    if (!product) throw new Error(`calc "${text}" is not a length times a number`);
    return lengthOf(product[1]!, screen) * Number(product[2]);
  }
  const unit = /^(\d+(?:\.\d+)?)(px|vw)$/.exec(text);
  if (!unit) throw new Error(`sizes length "${text}" is not one slotWidthOf reads (px, vw, min(), calc())`);
  return unit[2] === 'px' ? Number(unit[1]) : (Number(unit[1]) * screen.cssWidth) / 100;
}
