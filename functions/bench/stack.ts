/**
 * `npm run bench` (root): the backend end to end on the local stack, in one run on one machine.
 *
 * - Upload to ready: a 12-megapixel JPEG uploaded with the web SDK to `uploads/...` until
 *   the photo document reads `ready` (trigger, Firestore, Pub/Sub, download, every
 *   rendition, nine writes back, final transaction, seen on a snapshot), against sharp
 *   alone doing the same derivations in this process on the same bytes. Runs alternate
 *   (A, B, A, B...) after a warm-up of each.
 * - Favourites per second on one performance: distinct visitors favourite the same set
 *   through firebase-admin writes, a bounded number in flight, until every event is
 *   counted; the final `favoriteCount` must be exact.
 *
 * The functions log one JSON line per step to the stdout they inherit, so the bench does
 * its work in a child of itself whose output is dropped, and prints the figures the child
 * sends over a pipe of their own (fd 3). The child's stderr is shown if it fails.
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import sharp from 'sharp';
import { firestorePaths, storagePaths } from '@encore/model';
import { HEIGHT, WIDTH, percentile, sharpAlone, twelveMegapixelJpeg } from './_photo-bench.js';
import { FESTIVAL_ID, startEncoreStack, waitForDoc, type EncoreStack } from '../test/integration/local-stack.js';

const FIGURES_FD = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const FAVOURITES = Number(process.env.BENCH_FAVOURITES ?? 1000);
const IN_FLIGHT = 50;

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

/** Favourites of one set by `count` distinct visitors, `IN_FLIGHT` writes at a time; returns seconds until all are counted. */
async function favouriteBurst(stack: EncoreStack, count: number): Promise<{ seconds: number; favoriteCount: number }> {
  const performanceId = 'kae-main';
  const counted = () => new Set(stack.invocations.ok('countFavorite').map((record) => record.eventId)).size;
  const before = counted();
  const started = performance.now();
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const uid = `visitor-${next++}`;
      await stack.db.doc(firestorePaths.favorite(uid, performanceId)).set({ festivalId: FESTIVAL_ID, performanceId, createdAt: new Date() });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, writer));
  await stack.invocations.until(() => counted() - before >= count, `${count} counted favourites`, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const favoriteCount = (await stack.db.doc(firestorePaths.performance(FESTIVAL_ID, performanceId)).get()).get('favoriteCount') as number;
  return { seconds, favoriteCount };
}


async function runStackBench(print: (line: string) => void): Promise<void> {
  const original = await twelveMegapixelJpeg();
  const stack = await startEncoreStack({ projectId: 'demo-bench-stack' });
  const web = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key', storageBucket: stack.bucket }, 'bench');
  try {
    const storage = getStorage(web);
    const [host, port] = stack.hosts.storage.split(':');
    connectStorageEmulator(storage, host!, Number(port));
    print(`12 MP JPEG: ${WIDTH}x${HEIGHT}, ${(original.length / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs each after one warm-up; libvips ${sharp.versions.vips}, ${sharp.concurrency()} thread(s) for sharp in both`);

    await uploadToReady(stack, storage, original, 'warm-up');
    await sharpAlone(original);
    const pipeline: number[] = [];
    const alone: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      pipeline.push(await uploadToReady(stack, storage, original, String(run)));
      alone.push(await sharpAlone(original));
    }
    const row = (name: string, samples: number[]) => `${name.padEnd(16)} p50 ${percentile(samples, 50).toFixed(0).padStart(6)} ms   p95 ${percentile(samples, 95).toFixed(0).padStart(6)} ms`;
    print(row('upload to ready', pipeline));
    print(row('sharp alone', alone));
    const ratio = percentile(pipeline, 50) / percentile(alone, 50);
    print(`ratio upload-to-ready / sharp alone (p50): ${ratio.toFixed(2)}x (target: at most 1.5x) ${ratio <= 1.5 ? 'OK' : 'OVER TARGET'}`);

    const { seconds, favoriteCount } = await favouriteBurst(stack, FAVOURITES);
    print(
      `favourites on one performance: ${FAVOURITES} by distinct visitors (${IN_FLIGHT} writes in flight) counted in ${seconds.toFixed(1)} s: ` +
        `${(FAVOURITES / seconds).toFixed(0)} favourites/s sustained; final favoriteCount ${favoriteCount} ${favoriteCount === FAVOURITES ? '(exact)' : `(WRONG: expected ${FAVOURITES})`}`,
    );
    if (favoriteCount !== FAVOURITES) process.exitCode = 1;
  } finally {
    await deleteApp(web);
    await stack.stop();
  }
}

if (process.env.ENCORE_STACK_BENCH_CHILD) {
  await runStackBench((line) => writeSync(FIGURES_FD, `${line}\n`));
} else {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, ENCORE_STACK_BENCH_CHILD: '1' },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  child.stdio[FIGURES_FD]!.pipe(process.stdout);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) {
    console.error(stderr);
    process.exit(code ?? 1);
  }
}
