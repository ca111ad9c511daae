/**
 * Upload throughput of the Storage emulator through the real SDKs, one line per figure:
 *
 *   npx tsx emulators/bench/storage.ts
 *
 * Each figure uploads the same random payload several times to fresh object names and
 * reports total megabytes (10^6 bytes) over total wall time, from the SDK call to its
 * resolved promise (the emulator's hashing and the SDK's own checks included).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import { DEFAULT_STORAGE_BUCKET, startStorageEmulator } from '../src/storage/index.js';

const SIZES = [
  { label: '1 MB', bytes: 1_000_000, runs: 20 },
  { label: '20 MB', bytes: 20_000_000, runs: 5 },
];

const emulator = await startStorageEmulator({ port: 0 });
process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${emulator.port}`;
const webApp = initializeApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET, apiKey: 'fake-api-key' }, 'bench-web');
const web = getStorage(webApp);
connectStorageEmulator(web, '127.0.0.1', emulator.port);
const adminApp = initializeAdminApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET }, 'bench-admin');
const bucket = getAdminStorage(adminApp).bucket();

async function measure(label: string, bytes: number, runs: number, upload: (name: string, data: Buffer) => Promise<unknown>): Promise<void> {
  const data = randomBytes(bytes);
  await upload(`bench/warmup-${label}`, data);
  emulator.clear();
  const start = performance.now();
  for (let run = 0; run < runs; run++) await upload(`bench/${label}-${run}`, data);
  const seconds = (performance.now() - start) / 1000;
  emulator.clear();
  console.log(`${label}: ${((bytes * runs) / 1e6 / seconds).toFixed(1)} MB/s (${runs} uploads of ${bytes / 1e6} MB in ${seconds.toFixed(2)} s)`);
}

try {
  for (const size of SIZES) {
    await measure(`web SDK uploadBytesResumable ${size.label}`, size.bytes, size.runs, (name, data) =>
      uploadBytesResumable(ref(web, name), data).then(() => undefined),
    );
    await measure(`firebase-admin file.save (resumable) ${size.label}`, size.bytes, size.runs, (name, data) => bucket.file(name).save(data));
    await measure(`firebase-admin file.save (multipart) ${size.label}`, size.bytes, size.runs, (name, data) =>
      bucket.file(name).save(data, { resumable: false }),
    );
  }
} finally {
  await deleteApp(webApp);
  await deleteAdminApp(adminApp);
  await emulator.close();
}
