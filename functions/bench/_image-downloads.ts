/**
 * The images a visitor downloads, in bytes, from real photos: the photos in ./photos (from the
 * exif-js npm package, MIT licence: photos/README.md) run through the photo pipeline's own
 * derivation (`sharpImages.derive` with the pipeline's widths and encoders), and the rendition a
 * browser picks for each image slot of the app, at phone (390 CSS px, 3x) and laptop (1280 CSS
 * px, 1x) widths. The slots' `sizes` are read from the web app's components at run time
 * (PhotoWallView, Lightbox, ArtistPicture; photos with PhotoImage's density cap), so a change
 * there shows here, and the choice is the one the HTML standard leaves to the browser, as
 * Chromium makes it: the narrowest rendition at least as wide as the slot in device pixels
 * (else the widest). Chromium's choice for a 3x phone's tile and lightbox is checked against
 * the built app in web/test/browser/small-untruths.test.ts.
 * The leading underscore keeps `npm run bench` from running this file as a benchmark.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { capPhotoDensity, slotWidthOf } from '@encore/model';
import { IMAGE_KINDS, renditionWidths, type ImageKind } from '../src/domain/image-policy.js';
import { sharpImages } from '../src/platform/images.js';

const PHOTOS_DIR = fileURLToPath(new URL('./photos/', import.meta.url));
const WEB_SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));

/** A browser's screen: CSS pixels wide and device pixels per CSS pixel. */
export interface Screen {
  name: string;
  cssWidth: number;
  dpr: number;
}
export const PHONE: Screen = { name: 'phone (390 px, 3x)', cssWidth: 390, dpr: 3 };
export const LAPTOP: Screen = { name: 'laptop (1280 px, 1x)', cssWidth: 1280, dpr: 1 };

/** AVIF bytes per rendition width, measured on the real photos (the mean over those wide enough), and how each was had. */
export interface RenditionSizes {
  kind: ImageKind;
  bytes: Map<number, { bytes: number; photos: number; how: 'measured' | 'extrapolated' }>;
}

/**
 * Every shipped photo through the pipeline's derivation for `kind`'s widths: the AVIF each
 * rendition became (the first format in every `<picture>`, which Chromium, Safari 16+ and
 * Firefox take). A width no shipped photo reaches is extrapolated from the widest measured
 * with the growth the photos showed between their two widest renditions (bytes ∝ width^k, k
 * from the photos that have both), or by pixels (k = 2, an upper bound) when none has two.
 */
export async function renditionSizes(kind: ImageKind): Promise<RenditionSizes> {
  const samples = new Map<number, number[]>();
  const perPhoto: Array<Map<number, number>> = [];
  for (const file of readdirSync(PHOTOS_DIR).filter((name) => name.endsWith('.jpg'))) {
    const bytes = readFileSync(`${PHOTOS_DIR}${file}`);
    const header = await sharpImages.readHeader(bytes);
    const derived = await sharpImages.derive(bytes, renditionWidths(kind, header.width));
    const photo = new Map<number, number>();
    for (const rendition of derived.renditions.filter((r) => r.format === 'avif' && IMAGE_KINDS[kind].widths.includes(r.width))) {
      samples.set(rendition.width, [...(samples.get(rendition.width) ?? []), rendition.bytes.byteLength]);
      photo.set(rendition.width, rendition.bytes.byteLength);
    }
    perPhoto.push(photo);
  }
  const bytes: RenditionSizes['bytes'] = new Map();
  for (const [width, sizes] of samples) bytes.set(width, { bytes: sizes.reduce((a, b) => a + b, 0) / sizes.length, photos: sizes.length, how: 'measured' });
  const measured = [...bytes.keys()].sort((a, b) => a - b);
  const [below, widest] = [measured.at(-2), measured.at(-1)!];
  const growths = below === undefined ? [] : perPhoto.filter((photo) => photo.has(below) && photo.has(widest)).map((photo) => Math.log(photo.get(widest)! / photo.get(below)!) / Math.log(widest / below));
  const k = growths.length > 0 ? growths.reduce((a, b) => a + b, 0) / growths.length : 2;
  for (const width of IMAGE_KINDS[kind].widths) {
    if (!bytes.has(width)) bytes.set(width, { bytes: bytes.get(widest)!.bytes * (width / widest) ** k, photos: 0, how: 'extrapolated' });
  }
  return { kind, bytes };
}

/** The rendition width a browser takes for a slot: the narrowest covering the slot's device pixels, else the widest. */
export function chosenWidth(sizes: string, screen: Screen, widths: readonly number[]): number {
  const needed = slotWidthOf(sizes, screen) * screen.dpr;
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((width) => width >= needed) ?? sorted.at(-1)!;
}

/**
 * The `sizes` of the app's image slots, read from its components (throws, naming the file, when
 * one cannot be found). A photo's slot as its `<picture>` has it: `PhotoImage` caps its density
 * (`capPhotoDensity`), which web/test/browser/small-untruths.test.ts checks in Chromium.
 */
export function appImageSlots(): { wallWide: string; wallOther: string; lightbox: string; artistSmall: string; artistLarge: string } {
  const source = (path: string) => readFileSync(`${WEB_SRC}${path}`, 'utf8');
  const find = (path: string, pattern: RegExp): string[] => {
    const match = pattern.exec(source(path));
    if (!match) throw new Error(`the bill cannot find the image sizes in web/src/${path} (${pattern}): update _image-downloads.ts`);
    return match.slice(1);
  };
  const [wallWide, wallOther] = find('features/photos/PhotoWallView.tsx', /sizes=\{shape === 'wide' \? '([^']+)' : '([^']+)'\}/);
  const [lightbox] = find('features/photos/Lightbox.tsx', /sizes="([^"]+)"/);
  const [artistSmall, artistLarge] = find('features/performance/ArtistPicture.tsx', /sizes=\{size === 'small' \? '([^']+)' : '([^']+)'\}/);
  if (!/capPhotoDensity\(/.test(source('features/photos/PhotoImage.tsx'))) throw new Error('web/src/features/photos/PhotoImage.tsx no longer caps the density: update _image-downloads.ts');
  return { wallWide: capPhotoDensity(wallWide!), wallOther: capPhotoDensity(wallOther!), lightbox: capPhotoDensity(lightbox!), artistSmall: artistSmall!, artistLarge: artistLarge! };
}
