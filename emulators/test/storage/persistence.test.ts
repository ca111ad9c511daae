/**
 * exportTo then importDir restores every object byte-for-byte with its metadata; the export is
 * the Firebase CLI's layout, and an export in the layout older versions wrote still loads.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDownloadURL, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator } from '../../src/storage/index.js';
import { BUCKET, patternBytes, startStorageHarness, type StorageHarness } from './harness.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-storage-export-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const OBJECTS: Array<{ name: string; bytes: Uint8Array }> = [
  { name: 'photos/2026/été 🎉.jpg', bytes: patternBytes(70_000, 1) },
  { name: 'empty.txt', bytes: new Uint8Array() },
  { name: 'binary/all-bytes.bin', bytes: Uint8Array.from({ length: 256 }, (_, index) => index) },
];

async function snapshot(harness: StorageHarness): Promise<Array<{ metadata: unknown; bytes: string }>> {
  const [files] = await harness.adminBucket().getFiles();
  return Promise.all(
    files.map(async (file) => ({ metadata: (await file.getMetadata())[0], bytes: (await file.download())[0].toString('base64') })),
  );
}

describe('export and import', () => {
  it('restores objects, bytes, hashes, generations, custom metadata and download tokens exactly', async () => {
    const source = await startStorageHarness();
    const storage = source.web();
    for (const object of OBJECTS) {
      await uploadBytes(ref(storage, object.name), object.bytes, { contentType: 'application/x-test', customMetadata: { origin: object.name } });
    }
    const tokenUrl = await getDownloadURL(ref(storage, OBJECTS[0]!.name));
    await source.adminBucket().file('admin/plain.txt').save('from admin', { metadata: { cacheControl: 'no-store' } });
    await source.adminBucket().file('to-delete.txt').save('gone soon');
    await source.emulator.exportTo(dir);
    // A second export replaces the first: the deleted object must not come back.
    await source.adminBucket().file('to-delete.txt').delete();
    await source.emulator.exportTo(dir);
    const before = await snapshot(source);
    await source.close();

    const restored = await startStorageHarness({ importDir: dir });
    try {
      expect(restored.events).toEqual([]);
      const after = (await snapshot(restored)).map((entry) => ({
        ...entry,
        metadata: JSON.parse(JSON.stringify(entry.metadata).replaceAll(restored.origin, source.origin)),
      }));
      expect(after).toEqual(before);
      expect(after).toHaveLength(OBJECTS.length + 1);
      // The old download URL's token still works against the restored emulator.
      const restoredUrl = tokenUrl.replace(source.origin, restored.origin);
      expect(Buffer.from(await (await fetch(restoredUrl)).arrayBuffer()).equals(Buffer.from(OBJECTS[0]!.bytes))).toBe(true);
      // New writes get a newer generation than anything imported.
      await restored.adminBucket().file('new.txt').save('new');
      const generations = (await restored.adminBucket().getFiles())[0].map((file) => Number(file.metadata.generation));
      expect(Math.max(...generations)).toBe(Number((await restored.adminBucket().file('new.txt').getMetadata())[0].generation));
    } finally {
      await restored.close();
    }
  });

  it("writes the Firebase CLI's layout: buckets.json, metadata/<id>.json as StoredFileMetadata, blobs/<id>, named in firebase-export-metadata.json", async () => {
    const root = join(dir, 'storage_export');
    expect(JSON.parse(await readFile(join(root, 'buckets.json'), 'utf8'))).toEqual({ buckets: [{ id: BUCKET }] });
    const files = await readdir(join(root, 'metadata'));
    expect(files).toHaveLength(OBJECTS.length + 1);
    const entries = await Promise.all(files.map(async (file) => ({ file, metadata: JSON.parse(await readFile(join(root, 'metadata', file), 'utf8')) })));
    const entry = entries.find(({ metadata }) => metadata.name === 'binary/all-bytes.bin')!;
    expect(entry.metadata).toMatchObject({
      bucket: BUCKET,
      contentType: 'application/x-test',
      generation: expect.any(Number),
      metageneration: 1,
      size: 256,
      md5Hash: createHash('md5').update(OBJECTS[2]!.bytes).digest('base64'),
      crc32c: expect.stringMatching(/^\d+$/),
      downloadTokens: [expect.any(String)],
      customMetadata: { origin: 'binary/all-bytes.bin' },
    });
    const blob = await readFile(join(root, 'blobs', entry.file.slice(0, -'.json'.length)));
    expect(blob.equals(Buffer.from(OBJECTS[2]!.bytes))).toBe(true);
    expect(JSON.parse(await readFile(join(dir, 'firebase-export-metadata.json'), 'utf8'))).toMatchObject({ storage: { path: 'storage_export' } });
  });

  it('keeps the other emulators\' entries in firebase-export-metadata.json', async () => {
    const shared = await mkdtemp(join(tmpdir(), 'encore-storage-shared-'));
    try {
      await writeFile(join(shared, 'firebase-export-metadata.json'), JSON.stringify({ version: '15.0.0', auth: { version: '15.0.0', path: 'auth_export' } }));
      const harness = await startStorageHarness();
      await harness.emulator.exportTo(shared);
      await harness.close();
      expect(JSON.parse(await readFile(join(shared, 'firebase-export-metadata.json'), 'utf8'))).toMatchObject({
        version: '15.0.0',
        auth: { path: 'auth_export' },
        storage: { path: 'storage_export' },
      });
    } finally {
      await rm(shared, { recursive: true, force: true });
    }
  });

  it('still reads an export in the layout older versions wrote (storage/manifest.json), and the next export replaces it', async () => {
    const old = await mkdtemp(join(tmpdir(), 'encore-storage-legacy-'));
    try {
      const bytes = Buffer.from('a photo from yesterday');
      const metadata = {
        bucket: BUCKET,
        name: 'festivals/encore-2026/photos/p1.jpg',
        size: bytes.length,
        generation: '1780000000000001',
        metageneration: 2,
        contentType: 'image/jpeg',
        customMetadata: { uploader: 'fan-1' },
        downloadTokens: ['yesterdays-token'],
        timeCreated: '2026-07-01T10:00:00.000Z',
        updated: '2026-07-01T10:05:00.000Z',
        md5Hash: createHash('md5').update(bytes).digest('base64'),
        crc32c: 'AAAAAA==',
        storageClass: 'STANDARD',
      };
      await mkdir(join(old, 'storage', 'blobs'), { recursive: true });
      await writeFile(join(old, 'storage', 'blobs', '0.bin'), bytes);
      const manifest = { format: 'encore-storage-export', version: 1, exportedAt: '2026-07-01T11:00:00.000Z', objects: [{ blob: 'blobs/0.bin', metadata }] };
      await writeFile(join(old, 'storage', 'manifest.json'), JSON.stringify(manifest));

      // Migrated into a data folder, as a stack started on yesterday's folder does.
      const harness = await startStorageHarness({ importDir: old, dataDir: join(old, 'storage-data') });
      try {
        const [served] = await harness.adminBucket().file(metadata.name).getMetadata();
        expect(served).toMatchObject({ generation: metadata.generation, metageneration: '2', contentType: 'image/jpeg', metadata: { uploader: 'fan-1', firebaseStorageDownloadTokens: 'yesterdays-token' } });
        const url = `${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent(metadata.name)}?alt=media&token=yesterdays-token`;
        expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(bytes)).toBe(true);
        await harness.emulator.exportTo(old);
      } finally {
        await harness.close();
      }
      expect(existsSync(join(old, 'storage'))).toBe(false);
      expect(await readdir(join(old, 'storage_export', 'blobs'))).toHaveLength(1);
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });

  it('an import directory without an export starts empty; a corrupt blob fails the start', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'encore-storage-empty-'));
    try {
      const emulator = await startStorageEmulator({ port: 0, importDir: empty });
      const listing = await (await fetch(`http://127.0.0.1:${emulator.port}/b/${BUCKET}/o`)).json();
      expect(listing.items).toBeUndefined();
      await emulator.close();
      const [blob] = await readdir(join(dir, 'storage_export', 'blobs'));
      await writeFile(join(dir, 'storage_export', 'blobs', blob!), 'tampered');
      await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/corrupt/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
