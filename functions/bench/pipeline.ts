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
import { HEIGHT, WIDTH, percentile, sharpAlone, twelveMegapixelJpeg } from './_photo-bench.js';
import { print } from './_quiet-console.js';
import sharp from 'sharp';
import { storagePaths } from '@encore/model';
import { handleProcessPhoto } from '../src/handlers/process-photo.js';
import { handleUploadFinalized } from '../src/handlers/upload-finalized.js';
import { FESTIVAL_ID, seedFestival, testDeps } from '../src/testing/deps.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function pipelineOnce(original: Buffer, run: number): Promise<number> {
  const deps = testDeps({ settings: { dailyUploadQuota: 1000, reportHideThreshold: 3, reporterMinAccountAgeDays: 7, appUrl: 'https://encore.example' } });
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

const original = await twelveMegapixelJpeg();
print(`12 MP JPEG: ${WIDTH}x${HEIGHT}, ${(original.length / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs each after one warm-up; libvips ${sharp.versions.vips}, ${sharp.concurrency()} threads`);
await pipelineOnce(original, -1);
await sharpAlone(original);

const pipeline: number[] = [];
const alone: number[] = [];
for (let run = 0; run < RUNS; run++) {
  pipeline.push(await pipelineOnce(original, run));
  alone.push(await sharpAlone(original));
}

const row = (name: string, samples: number[]) => `${name.padEnd(12)} p50 ${percentile(samples, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(0).padStart(6)} ms`;
print(row('pipeline', pipeline));
print(row('sharp alone', alone));
const ratio = percentile(pipeline, 50) / percentile(alone, 50);
print(`ratio pipeline / sharp alone (p50): ${ratio.toFixed(2)}x (target: at most 1.5x) ${ratio <= 1.5 ? 'OK' : 'OVER TARGET'}`);
