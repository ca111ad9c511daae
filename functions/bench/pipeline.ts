/**
 * `npm run bench -w functions`: the photo pipeline against sharp alone, same machine,
 * same run, on a 12-megapixel JPEG.
 *
 * - pipeline: `handleProcessPhoto` end to end over in-memory ports (quota, sniffing,
 *   header screening, EXIF, decode once, every rendition, dominant colour, ThumbHash,
 *   writes, final transaction). Storage and Firestore latency are not in it: the
 *   upload-to-ready figure through the local stack comes with the stack.
 * - sharp alone: the same derivations written the obvious way, one sharp pipeline per
 *   rendition from the original bytes, plus the dominant colour and the placeholder's
 *   pixels, all in parallel.
 *
 * Runs alternate (A, B, A, B...) after a warm-up so both see the same machine state.
 */
import { print } from './_quiet-console.js';
import sharp from 'sharp';
import { storagePaths } from '@encore/model';
import { THUMBNAIL_FORMATS, thumbnailWidths } from '../src/domain/image-policy.js';
import { handleProcessPhoto } from '../src/handlers/process-photo.js';
import { handleUploadFinalized } from '../src/handlers/upload-finalized.js';
import { encodeAs } from '../src/platform/images.js';
import { FESTIVAL_ID, seedFestival, testDeps } from '../src/testing/deps.js';

const WIDTH = 4000;
const HEIGHT = 3000;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

/** A 12 MP photo-like JPEG: gradients plus noise, so encoders cannot cheat on flat colour. */
async function twelveMegapixelJpeg(): Promise<Buffer> {
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

async function pipelineOnce(original: Buffer, run: number): Promise<number> {
  const deps = testDeps({ settings: { dailyUploadQuota: 1000, reportHideThreshold: 3 } });
  seedFestival(deps.docs);
  const photoId = `bench-${run}`;
  const name = storagePaths.upload({ uid: 'bench', festivalId: FESTIVAL_ID, photoId });
  deps.objects.put(name, original);
  await handleUploadFinalized(deps, `bench-${run}`, { bucket: 'bench', name, size: original.length, contentType: 'image/jpeg', generation: '1', metadata: undefined });
  const uploaded = deps.publisher.ofType('photo.uploaded')[0]!;
  const started = performance.now();
  const outcome = await handleProcessPhoto(deps, uploaded);
  const elapsed = performance.now() - started;
  if (outcome.status !== 'ready') throw new Error(`pipeline did not finish: ${JSON.stringify(outcome)}`);
  return elapsed;
}

async function sharpAloneOnce(original: Buffer): Promise<number> {
  const started = performance.now();
  const renditions = thumbnailWidths(WIDTH).flatMap((width) =>
    THUMBNAIL_FORMATS.map((format) => encodeAs(sharp(original).rotate().resize({ width }), format).toBuffer()),
  );
  await Promise.all([
    ...renditions,
    sharp(original).rotate().stats(),
    sharp(original).rotate().resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer(),
  ]);
  return performance.now() - started;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const original = await twelveMegapixelJpeg();
print(`12 MP JPEG: ${WIDTH}x${HEIGHT}, ${(original.length / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs each after one warm-up; libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads`);
await pipelineOnce(original, -1);
await sharpAloneOnce(original);

const pipeline: number[] = [];
const alone: number[] = [];
for (let run = 0; run < RUNS; run++) {
  pipeline.push(await pipelineOnce(original, run));
  alone.push(await sharpAloneOnce(original));
}

const row = (name: string, samples: number[]) => `${name.padEnd(12)} p50 ${percentile(samples, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(0).padStart(6)} ms`;
print(row('pipeline', pipeline));
print(row('sharp alone', alone));
const ratio = percentile(pipeline, 50) / percentile(alone, 50);
print(`ratio pipeline / sharp alone (p50): ${ratio.toFixed(2)}x (target: at most 1.5x) ${ratio <= 1.5 ? 'OK' : 'OVER TARGET'}`);
