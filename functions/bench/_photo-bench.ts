/**
 * What both photo benchmarks share (pipeline.ts in-process, stack.ts through the local
 * stack): the 12-megapixel test photo, the "sharp alone" baseline, and percentiles. The
 * leading underscore keeps `npm run bench` from running this file as a benchmark.
 */
import sharp from 'sharp';
import { THUMBNAIL_FORMATS, thumbnailWidths } from '../src/domain/image-policy.js';
import { encodeAs } from '../src/platform/images.js';

export const WIDTH = 4000;
export const HEIGHT = 3000;

/** A 12 MP photo-like JPEG: gradients plus noise (so encoders cannot cheat on flat colour), GPS and a capture time. */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 42;
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed >> 16) % 24;
    const x = i % WIDTH;
    const y = Math.floor(i / WIDTH);
    pixels[i * 3] = Math.min(255, Math.round((x / WIDTH) * 200) + noise);
    pixels[i * 3 + 1] = Math.min(255, Math.round((y / HEIGHT) * 180) + noise);
    pixels[i * 3 + 2] = Math.min(255, 90 + noise);
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: '2026:08:14 21:10:00' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 30/1' } })
    .toBuffer();
}

/**
 * The pipeline's derivations written the obvious way, the baseline both benchmarks
 * compare against: one sharp pipeline per rendition from the original bytes, plus the
 * dominant colour and the placeholder's pixels, all in parallel. Returns milliseconds.
 */
export async function sharpAlone(original: Buffer): Promise<number> {
  const started = performance.now();
  await Promise.all([
    ...thumbnailWidths(WIDTH).flatMap((width) => THUMBNAIL_FORMATS.map((format) => encodeAs(sharp(original).rotate().resize({ width }), format).toBuffer())),
    sharp(original).rotate().stats(),
    sharp(original).rotate().resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer(),
  ]);
  return performance.now() - started;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
