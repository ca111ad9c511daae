import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { MAX_INPUT_PIXELS, RENDITION_ENCODING, THUMBNAIL_FORMATS, centreSquare, hexColor, maskableInner, scaledHeight, type AppIconFile, type ThumbnailFormatName } from '../domain/image-policy.js';

/** The header facts needed to screen an image before decoding any pixel. */
export interface ImageHeader {
  format: string;
  width: number;
  height: number;
  orientation: number | undefined;
}

export interface Rendition {
  width: number;
  height: number;
  format: ThumbnailFormatName;
  bytes: Buffer;
}

/** One app icon PNG (square). */
export interface IconFile extends AppIconFile {
  bytes: Buffer;
}

/**
 * An app icon instead of a picture: the image is cut to the square at its centre first (the
 * renditions, colour and placeholder are of that square), and `files` are made as PNGs.
 * `background` fills what Apple and maskable icons may not leave transparent.
 */
export interface AppIconRequest {
  files: readonly AppIconFile[];
  background: string;
  /** Called with each icon as soon as it is encoded, as `onRendition` is. */
  onIcon?: (icon: IconFile) => Promise<void>;
}

export interface DerivedImage {
  /** Size of the upright original (of an app icon: of its centre square). */
  width: number;
  height: number;
  renditions: Rendition[];
  /** With an `AppIconRequest` only. */
  icons?: IconFile[];
  dominantColor: string;
  placeholder: string;
}

/** The bytes could not be decoded (corrupt, truncated, unsupported inside): final, never retried. */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

export interface ImageProcessor {
  readHeader(bytes: Buffer): Promise<ImageHeader>;
  /**
   * Every rendition of `widths`, the colour and the placeholder. `onRendition` is called
   * with each rendition as soon as it is encoded (the pipeline writes it out while the next
   * ones are still being encoded); `derive` resolves once every call has.
   */
  derive(bytes: Buffer, widths: readonly number[], onRendition?: (rendition: Rendition) => Promise<void>, appIcon?: AppIconRequest): Promise<DerivedImage>;
}

// Functions run one image per instance: no cross-image cache to hold memory between runs.
sharp.cache(false);

/**
 * One image at a time in this process, whatever the function's concurrency setting or the
 * local runner does: a 40 MP decode is 160 MB of pixels, and two at once would share one
 * CPU anyway. The pipeline works on buffers in memory, so there are no temp files to leak.
 */
let queue: Promise<unknown> = Promise.resolve();
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

// The settings are the domain's (RENDITION_ENCODING): they are part of the renditions' version.
const ENCODE: Record<ThumbnailFormatName, (image: sharp.Sharp) => sharp.Sharp> = {
  avif: (image) => image.avif({ ...RENDITION_ENCODING.avif }),
  webp: (image) => image.webp({ ...RENDITION_ENCODING.webp }),
  // JPEG has no alpha: transparent areas go white rather than black.
  jpeg: (image) => image.flatten({ background: '#ffffff' }).jpeg({ ...RENDITION_ENCODING.jpeg }),
};

/** How every derivation encodes a rendition; the bench uses it for its sharp-only baseline too. */
export function encodeAs(image: sharp.Sharp, format: ThumbnailFormatName): sharp.Sharp {
  return ENCODE[format](image);
}

function unreadable(error: unknown): UnreadableImageError {
  return new UnreadableImageError(error instanceof Error ? error.message : String(error));
}

/**
 * Hardened sharp: an explicit pixel limit far under sharp's default, decoding that
 * fails on truncated data, only the first page/frame (GIF, TIFF), and no metadata in
 * any output (sharp strips it unless asked to keep it). The image is decoded and turned
 * upright once, at the largest width needed, and every rendition is made from those
 * pixels, so a 12 MP JPEG is decoded once rather than once per rendition.
 */
export const sharpImages: ImageProcessor = {
  async readHeader(bytes) {
    try {
      // Header only: the pixel limit is applied by the caller with a clear reason.
      const metadata = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
      if (!metadata.width || !metadata.height) throw new Error('the image has no dimensions');
      return { format: metadata.format, width: metadata.width, height: metadata.height, orientation: metadata.orientation };
    } catch (error) {
      throw unreadable(error);
    }
  },

  derive: (bytes, widths, onRendition, appIcon) => oneAtATime(() => derive(bytes, widths, onRendition, appIcon)),
};

async function derive(bytes: Buffer, widths: readonly number[], onRendition?: (rendition: Rendition) => Promise<void>, appIcon?: AppIconRequest): Promise<DerivedImage> {
  const largest = Math.max(...widths, ...(appIcon?.files.map((file) => file.size) ?? []));
  let pixels: { data: Buffer; info: sharp.OutputInfo };
  let upright: { width: number; height: number };
  try {
    let decoder = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', pages: 1 }).rotate();
    const oriented = await decoder.clone().metadata();
    upright = { width: oriented.autoOrient?.width ?? oriented.width!, height: oriented.autoOrient?.height ?? oriented.height! };
    if (appIcon) {
      // Called after rotate(), sharp cuts the upright image: the square is the one the person sees.
      const square = centreSquare(upright.width, upright.height);
      decoder = decoder.extract({ left: square.left, top: square.top, width: square.size, height: square.size });
      upright = { width: square.size, height: square.size };
    }
    // sharp's resize decodes a JPEG at 1/2, 1/4 or 1/8 of its size when that still covers
    // `largest` (libjpeg's DCT scaling, "shrink-on-load"), so 12 MP are never all decoded.
    // An alpha channel only where the image has one: an opaque photo's renditions would
    // otherwise carry a useless alpha plane that the AVIF and WebP encoders encode too.
    const resized = decoder.resize({ width: largest, withoutEnlargement: true }).toColourspace('srgb');
    pixels = await (oriented.hasAlpha ? resized.ensureAlpha() : resized.removeAlpha()).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw unreadable(error);
  }
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels as 3 | 4 } };
  const fromPixels = () => sharp(pixels.data, raw);

  const jobs = widths.flatMap((width) =>
    THUMBNAIL_FORMATS.map(async (format): Promise<Rendition> => {
      const height = width === pixels.info.width ? pixels.info.height : scaledHeight(upright.width, upright.height, width);
      const resized = width === pixels.info.width ? fromPixels() : fromPixels().resize({ width, height, fit: 'fill' });
      const rendition: Rendition = { width, height, format, bytes: await encodeAs(resized, format).toBuffer() };
      await onRendition?.(rendition);
      return rendition;
    }),
  );
  const icons = (appIcon?.files ?? []).map(async (file): Promise<IconFile> => {
    const icon: IconFile = { ...file, bytes: await encodeIcon(fromPixels, file, appIcon!.background) };
    await appIcon!.onIcon?.(icon);
    return icon;
  });
  const [renditions, iconFiles, dominantColor, placeholder] = await Promise.all([Promise.all(jobs), Promise.all(icons), dominant(fromPixels()), thumbhash(fromPixels())]);
  return { ...upright, renditions, ...(appIcon ? { icons: iconFiles } : {}), dominantColor, placeholder };
}

/**
 * One app icon PNG from the square's pixels: `any` keeps its transparency (a browser tab
 * shows it on its own colour); Apple's fills it with the background (iOS would paint it
 * black); `maskable` sets the image at `MASKABLE_ICON_SCALE` of the side on a full-bleed
 * background, so whatever shape a phone cuts keeps all of it.
 */
async function encodeIcon(fromPixels: () => sharp.Sharp, file: AppIconFile, background: string): Promise<Buffer> {
  const png = (image: sharp.Sharp) => image.png({ compressionLevel: 9 }).toBuffer();
  const square = (size: number) => fromPixels().resize({ width: size, height: size, fit: 'fill' });
  switch (file.purpose) {
    case 'any':
      return png(square(file.size));
    case 'apple-touch':
      return png(square(file.size).flatten({ background }));
    case 'maskable': {
      const inner = maskableInner(file.size);
      const before = Math.floor((file.size - inner) / 2);
      const after = file.size - inner - before;
      return png(square(inner).flatten({ background }).extend({ top: before, bottom: after, left: before, right: after, background }));
    }
  }
}

async function dominant(image: sharp.Sharp): Promise<string> {
  const { dominant: colour } = await image.removeAlpha().stats();
  return hexColor(colour);
}

/** A ThumbHash of the image fitted in 100x100, base64 (about 25 bytes, some 35 characters). */
async function thumbhash(image: sharp.Sharp): Promise<string> {
  const { data, info } = await image.resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
