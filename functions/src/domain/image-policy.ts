/**
 * What the photo pipeline accepts and what it derives. Pure: no sharp here, only
 * bytes-in, decisions-out, so every rule is unit tested on small byte arrays.
 */
import { THUMBNAIL_EXTENSIONS, type AppIconPurpose, type Rejection } from '@encore/model';

export type AcceptedFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'tiff' | 'gif';
export type SniffedType = AcceptedFormat | 'heic' | 'svg' | 'unknown';

/**
 * Decoding limit: 40 megapixels covers every phone and most cameras (a 12 MP phone
 * photo is 4032x3024), and is far under sharp's default (268 MP), so a decompression
 * bomb is refused from its header before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The storage rules cap uploads at 20 MB; the pipeline enforces the same. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** ISO-BMFF brands (the `ftyp` box) that mean HEIF with HEVC inside. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The real type of a file from its first bytes (at least 64 of them); the claimed type is ignored. */
export function sniffImageType(head: Uint8Array): SniffedType {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 4 && (ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*')) return 'tiff';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const boxSize = Math.min(((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0, head.length);
    const brands = [ascii(head, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(head, offset, offset + 4));
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
    return 'unknown';
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 512)).replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return 'unknown';
}

/**
 * Why an upload is refused, as a code and the numbers its sentence needs: the model's
 * message catalog words it in each reader's language (`message('rejection', locale, ...)`).
 */
export const rejectReasons = {
  empty: { code: 'empty' } as Rejection,
  tooLarge: (bytes: number): Rejection => ({ code: 'too-large', bytes, limit: MAX_UPLOAD_BYTES }),
  heic: { code: 'heic' } as Rejection,
  svg: { code: 'svg' } as Rejection,
  unknown: { code: 'unknown' } as Rejection,
  tooManyPixels: (width: number, height: number): Rejection => ({ code: 'too-many-pixels', width, height, limit: MAX_INPUT_PIXELS }),
  corrupt: { code: 'corrupt' } as Rejection,
  noFestival: { code: 'no-festival' } as Rejection,
  gone: { code: 'gone' } as Rejection,
  quota: (limit: number): Rejection => ({ code: 'quota', limit }),
  implausibleSize: (width: number, height: number, bytes: number): Rejection => ({ code: 'implausible-size', width, height, bytes }),
  festivalBusy: (limit: number, retryInMinutes: number): Rejection => ({ code: 'festival-busy', limit, retryInMinutes }),
  /** The nightly job sent it through the pipeline `MAX_REDRIVES` times and it still never finished. */
  unprocessable: { code: 'unprocessable' } as Rejection,
  iconNotSquare: (width: number, height: number): Rejection => ({ code: 'icon-not-square', width, height }),
  iconTooSmall: (width: number, height: number): Rejection => ({ code: 'icon-too-small', width, height, limit: APP_ICON_MIN_SIDE }),
};

/** The first verdict, from size and type alone, before anything is decoded. */
export function screenUpload(size: number, type: SniffedType): { ok: true; format: AcceptedFormat } | { ok: false; reason: Rejection } {
  if (size === 0) return { ok: false, reason: rejectReasons.empty };
  if (size > MAX_UPLOAD_BYTES) return { ok: false, reason: rejectReasons.tooLarge(size) };
  if (type === 'heic') return { ok: false, reason: rejectReasons.heic };
  if (type === 'svg') return { ok: false, reason: rejectReasons.svg };
  if (type === 'unknown') return { ok: false, reason: rejectReasons.unknown };
  return { ok: true, format: type };
}

/**
 * How many pixels one byte of file may honestly stand for, for images above
 * `PLAUSIBILITY_FROM_PIXELS`. A real photo needs far more than a byte per 250 pixels (a
 * 12 MP phone JPEG is 2-5 MB, 3-6 pixels a byte; even a flat screenshot PNG stays under
 * 200), while a decompression bomb is all repetition: the 39 KB all-zero 8000x5000
 * PNG is 1000 pixels a byte and costs 1.3 s of decoding. Refused from the header alone.
 */
export const MAX_PIXELS_PER_BYTE = 250;
/** Below this many pixels decoding is cheap whatever the file size: no plausibility check. */
export const PLAUSIBILITY_FROM_PIXELS = 4_000_000;

/**
 * The second verdict, from the header's dimensions and the file's size, still before
 * decoding pixels: above the pixel limit, or far more pixels than the bytes can hold.
 */
export function screenDimensions(width: number, height: number, bytes: number): Rejection | null {
  const pixels = width * height;
  if (pixels > MAX_INPUT_PIXELS) return rejectReasons.tooManyPixels(width, height);
  if (pixels > PLAUSIBILITY_FROM_PIXELS && pixels > bytes * MAX_PIXELS_PER_BYTE) return rejectReasons.implausibleSize(width, height, bytes);
  return null;
}

/**
 * A photo's widths. The app draws photos at most at 2x (`capPhotoDensity` in the model: a 3x
 * screen takes the rendition a 2x one does, issue 38), and Chromium takes the narrowest width
 * that covers the slot's device pixels, so each width is some slot's at 1x or 2x:
 * - 320: a laptop's 180 px tile at 1x, a phone's 50vw tile at 1.5x;
 * - 480: a phone's 50vw tile at 2x, and at 3x with the cap (195 CSS px on a 390 px phone is 390
 *   pixels; it took the 640 before, half as many bytes again on the bench's photos), a laptop's 180 px
 *   tile at 2x and its 360 px wide tile at 1x. It replaced the 640 (issue 38), which no slot
 *   needs once 3x draws as 2x;
 * - 800: a phone's wide tile and lightbox at 2x and, with the cap, at 3x (390 CSS px is 780
 *   pixels; without the cap it took the 1200, 1.8 times the bytes), a laptop's wide tile at 2x;
 * - 1200: the lightbox on a laptop at 1x (up to 1,100 px wide);
 * - 1600: the lightbox on a large screen at 1.5x-2x.
 * Photos made before keep the widths they were made with (their renditions are listed on them).
 */
export const THUMBNAIL_WIDTHS = [320, 480, 800, 1200, 1600] as const;
export const THUMBNAIL_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ThumbnailFormatName = (typeof THUMBNAIL_FORMATS)[number];
/**
 * How each format is encoded (platform/images.ts hands these to sharp). AVIF with its colour at
 * half resolution (4:2:0, as JPEG and WebP have it, and libavif's own default for photos; sharp's
 * is 4:4:4): on the bench's camera photos (functions/bench/photos) the 640 px rendition (a width then) was 13-17%
 * smaller and encodes faster, with no difference a photo shows (issue 38: the wall's tiles are the
 * biggest line of Storage's bill).
 */
export const RENDITION_ENCODING = {
  avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 75, effort: 3 },
  jpeg: { quality: 80, progressive: true },
} as const satisfies Record<ThumbnailFormatName, object>;

/** FNV-1a, 32 bits, in base 36: a short, stable fingerprint of a text (not a secret, not a checksum of bytes). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}

/**
 * The recipe of a photo's renditions (widths, formats, encoder settings) as a fingerprint, part
 * of each rendition's file name (`storagePaths.thumbnail(…, version)`): a photo's original never
 * changes under its id, so its renditions' bytes change only with the recipe, and with it their
 * URLs. That is what lets them be cached for a year (`PHOTO_RENDITION_CACHE_CONTROL`). Computed,
 * not hand-bumped, so a changed setting cannot keep an old URL.
 */
export const PHOTO_RENDITION_VERSION = fingerprint(JSON.stringify({ widths: THUMBNAIL_WIDTHS, formats: THUMBNAIL_FORMATS, encoding: RENDITION_ENCODING }));
/** The model's (the wall derives rendition paths from it). */
export const EXTENSION: Readonly<Record<ThumbnailFormatName, string>> = THUMBNAIL_EXTENSIONS;
export const CONTENT_TYPE: Record<ThumbnailFormatName, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
/**
 * Derived files are public while their photo is on the wall, and must stop being served
 * when it leaves (hidden by staff or by reports). Files without a version in their name (made
 * before `PHOTO_RENDITION_VERSION`) keep this: every cache may keep one for five minutes, then
 * must ask again, and the rules answer for the photo's state at that moment.
 */
export const THUMBNAIL_CACHE_CONTROL = 'public, max-age=300';
/**
 * A versioned rendition (its URL changes whenever its bytes could): a browser keeps it a year
 * and never revalidates it, so a return visit downloads no tile twice; a shared cache (the CDN,
 * docs/data-contract.md "Photo tiles: cache and CDN") keeps it five minutes and then asks the
 * origin, where the rules answer for the photo's state: a hidden photo stops being served to
 * anyone new within five minutes, as with `THUMBNAIL_CACHE_CONTROL`.
 */
export const PHOTO_RENDITION_CACHE_CONTROL = 'public, max-age=31536000, s-maxage=300, immutable';
/**
 * Staff's images (artist pictures, site plans) are never taken back one by one, and a new
 * upload gets new paths: their renditions may be cached for a year, which is also what lets
 * the service worker keep the site plan for offline use without ever serving a stale one.
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * What an image belongs to decides only what is derived from it and how long it may be
 * cached; everything else (the checks, the decoding, the metadata dropped) is the same.
 */
export type ImageKind = 'photo' | 'artist' | 'site-plan' | 'festival-logo' | 'festival-icon';

/** One PNG of an app icon: what it is for and its side in pixels. */
export interface AppIconFile {
  purpose: AppIconPurpose;
  size: number;
}

export interface ImageKindPolicy {
  /** Rendition widths, smallest first; none wider than the image itself. */
  widths: readonly number[];
  cacheControl: string;
  /**
   * An app icon: the image is cut to the square at its centre before anything is derived
   * (`screenShape` refused what is not about square), and these PNGs are made besides.
   */
  appIcons?: readonly AppIconFile[];
}

/**
 * The PNGs an installed app needs (PNG: the web manifest's icons and Apple's touch icon are
 * read as PNG everywhere): Apple's 180, the manifest's 192 and 512 ("any"), and a 512
 * "maskable" one a phone may cut into a circle or a squircle.
 */
export const APP_ICON_FILES: readonly AppIconFile[] = [
  { purpose: 'apple-touch', size: 180 },
  { purpose: 'any', size: 192 },
  { purpose: 'any', size: 512 },
  { purpose: 'maskable', size: 512 },
];

export const IMAGE_KINDS: Record<ImageKind, ImageKindPolicy> = {
  photo: { widths: THUMBNAIL_WIDTHS, cacheControl: PHOTO_RENDITION_CACHE_CONTROL },
  // An avatar of 40-64 CSS pixels at 2x, the artist page's hero, and a large screen's.
  artist: { widths: [128, 480, 960], cacheControl: MEDIA_CACHE_CONTROL },
  // A plan is zoomed into on phones: the largest is sharp at 3x zoom of a laptop's width.
  'site-plan': { widths: [960, 1920, 3200], cacheControl: MEDIA_CACHE_CONTROL },
  // A header logo of 40-80 CSS pixels wide at 2x, a console preview, and a link preview's image.
  'festival-logo': { widths: [160, 320, 640], cacheControl: MEDIA_CACHE_CONTROL },
  // The console's preview of the icon (and the app's own use of it) in the usual formats, and the PNGs.
  'festival-icon': { widths: [192, 512], cacheControl: MEDIA_CACHE_CONTROL, appIcons: APP_ICON_FILES },
};

/** The smallest side an app icon may have: the manifest's largest icon is 512x512 and is never upscaled. */
export const APP_ICON_MIN_SIDE = 512;
/** How far from square (width over height) an app icon may be: the centre square then loses at most a tenth of it. */
export const APP_ICON_ASPECT = { min: 0.9, max: 1.1 } as const;
/**
 * The share of a maskable icon's side the image takes: the rest is the background, so the
 * safe zone (a circle of 80% of the side, which every mask keeps) holds the whole image.
 */
export const MASKABLE_ICON_SCALE = 0.8;
/** A maskable icon's background where the festival has no colours of its own. */
export const APP_ICON_DEFAULT_BACKGROUND = '#ffffff';

/**
 * The third verdict, from the upright size, for kinds with a shape to keep: an app icon must
 * be about square and at least `APP_ICON_MIN_SIDE` on each side. Null: the image may go on.
 */
export function screenShape(kind: ImageKind, width: number, height: number): Rejection | null {
  if (!IMAGE_KINDS[kind].appIcons) return null;
  const aspect = width / height;
  if (aspect < APP_ICON_ASPECT.min || aspect > APP_ICON_ASPECT.max) return rejectReasons.iconNotSquare(width, height);
  if (Math.min(width, height) < APP_ICON_MIN_SIDE) return rejectReasons.iconTooSmall(width, height);
  return null;
}

/** The largest square at the centre of an (upright) image: what an app icon shows. */
export function centreSquare(width: number, height: number): { left: number; top: number; size: number } {
  const size = Math.min(width, height);
  return { left: Math.floor((width - size) / 2), top: Math.floor((height - size) / 2), size };
}

/** The side of the image inside a maskable icon of `size`. */
export function maskableInner(size: number): number {
  return Math.round(size * MASKABLE_ICON_SCALE);
}

/**
 * The widths to render for an (already upright) image of a kind: the standard widths it
 * can fill, never upscaled; an image narrower than the smallest width gets one rendition at
 * its own width.
 */
export function renditionWidths(kind: ImageKind, width: number): number[] {
  const widths = IMAGE_KINDS[kind].widths.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

/** The widths of a visitor's photo (see renditionWidths). */
export function thumbnailWidths(width: number): number[] {
  return renditionWidths('photo', width);
}

/** The height of a rendition scaled to `width`, at least 1 pixel. */
export function scaledHeight(width: number, height: number, toWidth: number): number {
  return Math.max(1, Math.round((height * toWidth) / width));
}

/** EXIF orientations 5-8 are rotated a quarter turn: width and height swap once applied. */
export function uprightSize(width: number, height: number, orientation: number | undefined): { width: number; height: number } {
  return orientation !== undefined && orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
}

export function hexColor({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}
