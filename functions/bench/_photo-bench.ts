/**
 * What both photo benchmarks share (pipeline.ts in-process, stack.ts through the local
 * stack): the 12-megapixel test photo, the references the pipeline is held against (the
 * best single-process sharp code for the same derivations, two ways, and the firebase
 * resize-images extension's approach), and percentiles. The
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

/** The derivations of a 12 MP photo: every rendition, the dominant colour (of the largest) and the placeholder's pixels (within 100x100). */
const widths = thumbnailWidths(WIDTH);
const largest = Math.max(...widths);
const renditions = widths.flatMap((width) => THUMBNAIL_FORMATS.map((format) => ({ width, format })));

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Best sharp code, one way: a single upright pipeline `clone()`d per rendition, all in
 * parallel. Each clone still decodes on its own (sharp re-reads the input per pipeline),
 * but each at its own size: libjpeg's DCT scaling (shrink-on-load) decodes the JPEG at
 * 1/2, 1/4 or 1/8 of its size, so a 320-wide rendition never sees 12 MP.
 */
export function sharpClonePerRendition(original: Buffer): Promise<number> {
  return timed(() => {
    const upright = sharp(original, { failOn: 'truncated' }).rotate();
    return Promise.all([
      ...renditions.map(({ width, format }) => encodeAs(upright.clone().resize({ width }), format).toBuffer()),
      upright.clone().resize({ width: largest }).stats(),
      upright.clone().resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer(),
    ]);
  });
}

/**
 * Best sharp code, the other way: decoded once (shrink-on-load to the largest width needed,
 * turned upright), kept as raw pixels, and every rendition, the colour and the placeholder
 * made from those pixels in parallel.
 */
export function sharpDecodeOnce(original: Buffer): Promise<number> {
  return timed(async () => {
    const { data, info } = await sharp(original, { failOn: 'truncated' }).rotate().resize({ width: largest }).raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    await Promise.all([
      ...renditions.map(({ width, format }) => encodeAs(width === info.width ? pixels() : pixels().resize({ width }), format).toBuffer()),
      pixels().stats(),
      pixels().resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer(),
    ]);
  });
}

/**
 * The firebase resize-images extension's approach (storage-resize-images,
 * functions/src/resize-image.ts `modifyImage`), one task per size and format, all in
 * parallel: the original resized (`rotate()`, `fit: inside`) to a buffer in its own
 * format, that buffer converted to the target format, and the result passed through sharp
 * once more on its way to a temporary file. Here without the temporary files and with our
 * encoders' settings (both in its favour), plus the colour and placeholder it does not make.
 */
export function extensionApproach(original: Buffer): Promise<number> {
  return timed(() =>
    Promise.all([
      ...renditions.map(async ({ width, format }) => {
        const resized = await sharp(original, { failOn: 'none' }).rotate().resize(width, width, { fit: 'inside', withoutEnlargement: true }).toBuffer();
        const converted = await encodeAs(sharp(resized), format).toBuffer();
        return encodeAs(sharp(converted), format).toBuffer();
      }),
      sharp(original).rotate().resize({ width: largest }).stats(),
      sharp(original).rotate().resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer(),
    ]),
  );
}

/** The references every photo bench compares the pipeline with, measured alternately with it. */
export const REFERENCES = {
  'sharp, clone per rendition': sharpClonePerRendition,
  'sharp, decode once': sharpDecodeOnce,
  "extension's approach": extensionApproach,
} as const;
export type ReferenceName = keyof typeof REFERENCES;
export const BEST_SHARP: readonly ReferenceName[] = ['sharp, clone per rendition', 'sharp, decode once'];
export const BEST_SHARP_TARGET = 1.3;
export const EXTENSION_TARGET = 1.0;

/**
 * The two lines every photo bench ends with: the pipeline's p50 against the best sharp
 * code's (the faster of the two ways, at most 1.3x) and against the extension's approach
 * (below 1.0x).
 */
export function verdicts(label: string, pipeline: number[], references: Record<ReferenceName, number[]>): string[] {
  const p50 = (samples: number[]) => percentile(samples, 50);
  const best = BEST_SHARP.reduce((a, b) => (p50(references[a]) <= p50(references[b]) ? a : b));
  const vsBest = p50(pipeline) / p50(references[best]);
  const vsExtension = p50(pipeline) / p50(references["extension's approach"]);
  return [
    `ratio ${label} / best sharp code (${best}, p50): ${vsBest.toFixed(2)}x (target: at most ${BEST_SHARP_TARGET}x) ${vsBest <= BEST_SHARP_TARGET ? 'OK' : 'OVER TARGET'}`,
    `ratio ${label} / extension's approach (p50): ${vsExtension.toFixed(2)}x (target: under ${EXTENSION_TARGET.toFixed(1)}x) ${vsExtension < EXTENSION_TARGET ? 'OK' : 'OVER TARGET'}`,
  ];
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
