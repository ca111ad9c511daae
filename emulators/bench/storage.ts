/**
 * Upload throughput of the Storage emulator through the real SDKs, one line per figure:
 *
 *   npx tsx emulators/bench/storage.ts
 *
 * Each figure uploads the same random payload several times to fresh object names and
 * reports total megabytes (10^6 bytes) over total wall time, from the SDK call to its
 * resolved promise (the emulator's hashing and the SDK's own checks included). Uploads
 * stream to files; each figure is measured side by side with the bytes in a temporary
 * folder (no `dataDir`) and in a data folder (journaled metadata, files flushed within a
 * second), with the ratio.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const dataDir = await mkdtemp(join(tmpdir(), 'encore-bench-storage-'));
const emulators = {
  temporary: await startStorageEmulator({ port: 0 }),
  durable: await startStorageEmulator({ port: 0, dataDir }),
};
type Mode = keyof typeof emulators;

/** The SDKs pointed at one emulator (the GCS client reads STORAGE_EMULATOR_HOST when created). */
function clients(mode: Mode) {
  const emulator = emulators[mode];
  process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${emulator.port}`;
  const webApp = initializeApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET, apiKey: 'fake-api-key' }, `bench-web-${mode}`);
  const web = getStorage(webApp);
  connectStorageEmulator(web, '127.0.0.1', emulator.port);
  const adminApp = initializeAdminApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET }, `bench-admin-${mode}`);
  return { emulator, web, bucket: getAdminStorage(adminApp).bucket(), close: () => Promise.all([deleteApp(webApp), deleteAdminApp(adminApp)]) };
}

const sdks = { temporary: clients('temporary'), durable: clients('durable') };

type Upload = (sdk: (typeof sdks)[Mode], name: string, data: Buffer) => Promise<unknown>;

/** MB/s of `runs` uploads of `bytes` on one emulator. */
async function throughput(mode: Mode, label: string, bytes: number, runs: number, upload: Upload): Promise<number> {
  const sdk = sdks[mode];
  const data = randomBytes(bytes);
  await upload(sdk, `bench/warmup-${label}`, data);
  sdk.emulator.clear();
  const start = performance.now();
  for (let run = 0; run < runs; run++) await upload(sdk, `bench/${label}-${run}`, data);
  const seconds = (performance.now() - start) / 1000;
  sdk.emulator.clear();
  return (bytes * runs) / 1e6 / seconds;
}

async function measure(label: string, bytes: number, runs: number, upload: Upload): Promise<void> {
  const temporary = await throughput('temporary', label, bytes, runs, upload);
  const durable = await throughput('durable', label, bytes, runs, upload);
  console.log(`${label}: ${temporary.toFixed(1)} MB/s temporary folder, ${durable.toFixed(1)} MB/s data folder (${(durable / temporary).toFixed(2)}x; ${runs} uploads of ${bytes / 1e6} MB)`);
}

try {
  for (const size of SIZES) {
    await measure(`web SDK uploadBytesResumable ${size.label}`, size.bytes, size.runs, (sdk, name, data) =>
      uploadBytesResumable(ref(sdk.web, name), data).then(() => undefined),
    );
    await measure(`firebase-admin file.save (resumable) ${size.label}`, size.bytes, size.runs, (sdk, name, data) => sdk.bucket.file(name).save(data));
    await measure(`firebase-admin file.save (multipart) ${size.label}`, size.bytes, size.runs, (sdk, name, data) =>
      sdk.bucket.file(name).save(data, { resumable: false }),
    );
  }
} finally {
  await Promise.all([sdks.temporary.close(), sdks.durable.close()]);
  await Promise.all([emulators.temporary.close(), emulators.durable.close()]);
  await rm(dataDir, { recursive: true, force: true });
}
