/**
 * An import folder in the Firebase CLI's layout (`firebase emulators:export` of the official
 * Storage emulator: firebase-export-metadata.json, storage_export/buckets.json, metadata/,
 * blobs/, as firebase-tools `emulator/storage/files.js` writes them) starts the emulator with
 * its objects, in memory and migrated into a data folder; one that cannot be read fails the
 * start with a message naming the file, never an empty start.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_BUCKET as BUCKET, startStorageEmulator, type StorageEmulator } from '../../src/storage/index.js';

const folders: string[] = [];
const emulators: StorageEmulator[] = [];

afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'encore-cli-export-'));
  folders.push(dir);
  return dir;
}

interface CliObject {
  name: string;
  bytes: Buffer;
  contentType: string;
  downloadTokens?: string[];
  customMetadata?: Record<string, string>;
}

/** Writes what the CLI's StorageLayer.export writes: a UUID disk name per object, its metadata as StoredFileMetadata.toJSON. */
async function writeCliExport(dir: string, objects: CliObject[], options: { metadataFile?: boolean } = {}): Promise<string> {
  const root = join(dir, 'storage_export');
  await mkdir(join(root, 'blobs'), { recursive: true });
  await mkdir(join(root, 'metadata'), { recursive: true });
  if (options.metadataFile !== false) {
    await writeFile(join(dir, 'firebase-export-metadata.json'), JSON.stringify({ version: '14.0.0', storage: { version: '14.0.0', path: 'storage_export' } }));
  }
  await writeFile(join(root, 'buckets.json'), JSON.stringify({ buckets: [{ id: BUCKET }] }, undefined, 2));
  for (const object of objects) {
    const disk = randomUUID();
    await writeFile(join(root, 'blobs', disk), object.bytes);
    const created = new Date('2026-07-01T10:00:00.000Z');
    const metadata = {
      name: object.name,
      bucket: BUCKET,
      metageneration: 1,
      generation: created.getTime(),
      contentType: object.contentType,
      storageClass: 'STANDARD',
      size: object.bytes.length,
      md5Hash: createHash('md5').update(object.bytes).digest('base64'),
      contentEncoding: 'identity',
      crc32c: '1234567',
      etag: 'someETag',
      downloadTokens: object.downloadTokens ?? [],
      customMetadata: object.customMetadata ?? {},
      timeCreated: created.toISOString(),
      updated: created.toISOString(),
    };
    await writeFile(join(root, 'metadata', `${disk}.json`), JSON.stringify(metadata, undefined, 2));
  }
  return root;
}

const OBJECTS: CliObject[] = [
  { name: 'posters/opening night.txt', bytes: Buffer.from('hello festival'), contentType: 'text/plain', downloadTokens: ['cli-token'], customMetadata: { by: 'staff' } },
  { name: 'maps/site.bin', bytes: Buffer.from(Array.from({ length: 256 }, (_, i) => i)), contentType: 'application/octet-stream' },
];

async function expectObjects(emulator: StorageEmulator): Promise<void> {
  const origin = `http://127.0.0.1:${emulator.port}`;
  for (const object of OBJECTS) {
    const media = await fetch(`${origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(object.name)}?alt=media`, { headers: { authorization: 'Bearer owner' } });
    expect(media.status).toBe(200);
    expect(Buffer.from(await media.arrayBuffer()).equals(object.bytes)).toBe(true);
  }
  const [first] = OBJECTS;
  const metadata = await (await fetch(`${origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(first!.name)}`, { headers: { authorization: 'Bearer owner' } })).json();
  expect(metadata).toMatchObject({ contentType: 'text/plain', size: String(first!.bytes.length), metadata: { by: 'staff', firebaseStorageDownloadTokens: 'cli-token' } });
  // The exported download token still serves the object through the Firebase API.
  expect((await fetch(`${origin}/v0/b/${BUCKET}/o/${encodeURIComponent(first!.name)}?alt=media&token=cli-token`)).status).toBe(200);
}

describe("the Firebase CLI's storage_export layout", () => {
  it('is read at start into memory', async () => {
    const dir = await folder();
    await writeCliExport(dir, OBJECTS);
    const emulator = await startStorageEmulator({ port: 0, importDir: dir });
    emulators.push(emulator);
    await expectObjects(emulator);
  });

  it('is migrated into an empty data folder, without firebase-export-metadata.json too', async () => {
    const dir = await folder();
    await writeCliExport(dir, OBJECTS, { metadataFile: false });
    const emulator = await startStorageEmulator({ port: 0, importDir: dir, dataDir: join(await folder(), 'data') });
    emulators.push(emulator);
    await expectObjects(emulator);
  });

  it('fails the start, naming the file, when an object has no bytes', async () => {
    const dir = await folder();
    const root = await writeCliExport(dir, OBJECTS);
    await rm(join(root, 'blobs'), { recursive: true });
    await mkdir(join(root, 'blobs'));
    await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/no bytes for .*posters\/opening night\.txt|no bytes for .*maps\/site\.bin/);
  });

  it('fails the start when buckets.json or an object’s metadata is not JSON', async () => {
    const dir = await folder();
    const root = await writeCliExport(dir, OBJECTS);
    await writeFile(join(root, 'buckets.json'), '{ not json');
    await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/buckets\.json is not valid JSON/);
    await writeFile(join(root, 'buckets.json'), JSON.stringify({ buckets: [{ id: BUCKET }] }));
    await writeFile(join(root, 'metadata', 'broken.json'), '{');
    await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/broken\.json is not valid JSON/);
  });

  it('fails the start when firebase-export-metadata.json names a Storage export that is not there', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'firebase-export-metadata.json'), JSON.stringify({ version: '14.0.0', storage: { version: '14.0.0', path: 'storage_export' } }));
    await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/names a Storage export in .*storage_export, which is missing/);
  });

  it('fails the start when a blob does not match its MD5', async () => {
    const dir = await folder();
    const root = await writeCliExport(dir, [OBJECTS[0]!]);
    const [blob] = await readdir(join(root, 'blobs'));
    await writeFile(join(root, 'blobs', blob!), 'tampered');
    await expect(startStorageEmulator({ port: 0, importDir: dir })).rejects.toThrow(/corrupt/);
  });
});
