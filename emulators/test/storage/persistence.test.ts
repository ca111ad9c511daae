/** exportTo then importDir restores every object byte-for-byte with its metadata. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('stores blobs as plain files next to a versioned manifest', async () => {
    const manifest = JSON.parse(await readFile(join(dir, 'storage', 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'encore-storage-export', version: 1 });
    const entry = manifest.objects.find((object: { metadata: { name: string } }) => object.metadata.name === 'binary/all-bytes.bin');
    expect(entry.metadata.bucket).toBe(BUCKET);
    const blob = await readFile(join(dir, 'storage', entry.blob));
    expect(blob.equals(Buffer.from(OBJECTS[2]!.bytes))).toBe(true);
  });

  it('an import directory without an export starts empty; a corrupt blob fails the start', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'encore-storage-empty-'));
    try {
      const emulator = await startStorageEmulator({ port: 0, importDir: empty });
      const listing = await (await fetch(`http://127.0.0.1:${emulator.port}/b/${BUCKET}/o`)).json();
      expect(listing.items).toBeUndefined();
      await emulator.close();
      const manifest = JSON.parse(await readFile(join(dir, 'storage', 'manifest.json'), 'utf8'));
      await writeFile(join(dir, 'storage', manifest.objects[0].blob), 'tampered');
      await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/corrupt/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
