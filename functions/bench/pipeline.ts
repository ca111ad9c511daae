/**
 * `npm run bench -- functions/bench/pipeline`: the photo pipeline against the best sharp
 * code and the resize-images extension's approach, same machine, same run, on a
 * 12-megapixel JPEG.
 *
 * - pipeline: `handleProcessPhoto` end to end over in-memory ports (quota, sniffing,
 *   header screening, EXIF, decode once, every rendition, dominant colour, ThumbHash,
 *   writes, final transaction). Storage and Firestore latency are not in it: the
 *   upload-to-ready figure through the local stack comes with the stack.
 * - the references (`_photo-bench.ts`): the same derivations by the best single-process
 *   sharp code (two ways: one pipeline cloned per rendition with shrink-on-load, and one
 *   decode to raw pixels), and the way the resize-images extension does them.
 *
 * Runs alternate (A, B, C, D, A, B...) after a warm-up so all see the same machine state.
 *
 * Then what one photo costs in Firestore reads through the local stack, everything its upload
 * sets off included (`_photo-reads.ts`, in a process of its own once the timings are done).
 */
import { HEIGHT, REFERENCES, WIDTH, percentile, twelveMegapixelJpeg, verdicts, type ReferenceName } from './_photo-bench.js';
import { print } from './_quiet-console.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { storagePaths } from '@encore/model';
import { handleProcessPhoto } from '../src/handlers/process-photo.js';
import { handleUploadFinalized } from '../src/handlers/upload-finalized.js';
import { TEST_SETTINGS, FESTIVAL_ID, seedFestival, testDeps } from '../src/testing/deps.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function pipelineOnce(original: Buffer, run: number): Promise<number> {
  const deps = testDeps({ settings: { ...TEST_SETTINGS, dailyUploadQuota: 1000, reportHideThreshold: 3, festivalUploadsPerHour: 1000 } });
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
const names = Object.keys(REFERENCES) as ReferenceName[];
await pipelineOnce(original, -1);
for (const name of names) await REFERENCES[name](original);

const pipeline: number[] = [];
const references = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<ReferenceName, number[]>;
for (let run = 0; run < RUNS; run++) {
  pipeline.push(await pipelineOnce(original, run));
  for (const name of names) references[name].push(await REFERENCES[name](original));
}

const row = (name: string, samples: number[]) => `${name.padEnd(28)} p50 ${percentile(samples, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(0).padStart(6)} ms`;
print(row('pipeline', pipeline));
for (const name of names) print(row(name, references[name]));
for (const line of verdicts('pipeline', pipeline, references)) print(line);

// Reads per photo on the local stack: a script of its own (it starts the stack and prints its own lines), after the timings so it takes no CPU from them.
const reads = spawnSync(process.execPath, ['--conditions=encore-source', '--import', 'tsx', fileURLToPath(new URL('./_photo-reads.ts', import.meta.url))], { stdio: ['ignore', 'inherit', 'inherit'] });
if (reads.status !== 0) process.exit(reads.status ?? 1);
