/**
 * `npm run bench -- functions/bench/stack`: a photo's upload to ready on the local stack,
 * in one run on one machine.
 *
 * A 12-megapixel JPEG is uploaded with the web SDK to `uploads/...` until the photo
 * document reads `ready` (trigger, Firestore, Pub/Sub, download, every rendition, nine
 * writes back, final transaction, seen on a snapshot), against the references of
 * `_photo-bench.ts` doing the same derivations in this process on the same bytes: the best
 * sharp code (target: at most 1.3x) and the resize-images extension's approach (target:
 * under 1.0x). Runs alternate (A, B, C, D, A, B...) after a warm-up of each.
 *
 * Favourites per second on one set are in favourites.ts, the 10,000-fan programme change in
 * fan-out.ts.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import sharp from 'sharp';
import { firestorePaths, storagePaths } from '@encore/model';
import { HEIGHT, REFERENCES, WIDTH, percentile, twelveMegapixelJpeg, verdicts, type ReferenceName } from './_photo-bench.js';
import { describeCalls } from './_invocations.js';
import { runQuietly } from './_stack-child.js';
import { FESTIVAL_ID, startEncoreStack, waitForDoc, type EncoreStack } from '../test/integration/local-stack.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

async function uploadToReady(stack: EncoreStack, storage: FirebaseStorage, original: Buffer, run: string): Promise<number> {
  const photoId = `bench-${run}`;
  const photo = stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId));
  const started = performance.now();
  await uploadBytes(ref(storage, storagePaths.upload({ uid: `bench-${run}`, festivalId: FESTIVAL_ID, photoId })), new Uint8Array(original), { contentType: 'image/jpeg' });
  const settled = await waitForDoc(photo, (data) => data !== undefined && data.status !== 'processing', 120_000);
  const elapsed = performance.now() - started;
  if (settled?.status !== 'ready') throw new Error(`photo ${photoId} ended ${String(settled?.status)}: ${String(settled?.rejectReason)}`);
  return elapsed;
}

await runQuietly(import.meta.url, async (print) => {
  const original = await twelveMegapixelJpeg();
  const stack = await startEncoreStack({ projectId: 'demo-bench-stack' });
  const web = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key', storageBucket: stack.bucket }, 'bench');
  try {
    const storage = getStorage(web);
    const [host, port] = stack.hosts.storage.split(':');
    connectStorageEmulator(storage, host!, Number(port));
    print(`12 MP JPEG: ${WIDTH}x${HEIGHT}, ${(original.length / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs each after one warm-up; libvips ${sharp.versions.vips}, ${sharp.concurrency()} thread(s) for sharp in both`);

    const names = Object.keys(REFERENCES) as ReferenceName[];
    await uploadToReady(stack, storage, original, 'warm-up');
    const firstRecord = stack.invocations.records.length;
    for (const name of names) await REFERENCES[name](original);
    const pipeline: number[] = [];
    const references = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<ReferenceName, number[]>;
    for (let run = 0; run < RUNS; run++) {
      pipeline.push(await uploadToReady(stack, storage, original, String(run)));
      for (const name of names) references[name].push(await REFERENCES[name](original));
    }
    const row = (name: string, samples: number[]) => `${name.padEnd(28)} p50 ${percentile(samples, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(0).padStart(6)} ms`;
    print(row('upload to ready', pipeline));
    for (const name of names) print(row(name, references[name]));
    for (const line of verdicts('upload-to-ready', pipeline, references)) print(line);
    print(`  what it took, per function: ${describeCalls(stack.invocations.records.slice(firstRecord))}`);
  } finally {
    await deleteApp(web);
    await stack.stop();
  }
});
