/**
 * An export written by our stack is read by firebase-tools' own `StorageLayer.import` (the
 * official emulator's import, run in-process: it needs no Java) with every object, its bytes
 * and its metadata; what firebase-tools then exports again is read back by our stack with
 * nothing lost. Both directions of "the official emulator imports what ours exports".
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../src/stack/index.js';

const PROJECT = 'demo-roundtrip';
const BUCKET = `${PROJECT}.appspot.com`;
const require = createRequire(import.meta.url);

interface CliMetadata {
  name: string;
  bucket: string;
  generation: number;
  metageneration: number;
  contentType?: string;
  contentDisposition?: string;
  cacheControl?: string;
  contentLanguage?: string;
  timeCreated: Date;
  updated: Date;
  size: number;
  md5Hash: string;
  crc32c: string;
  etag: string;
  downloadTokens: string[];
  customMetadata?: Record<string, string>;
}

interface CliStorageLayer {
  import(path: string, options: { initiatedBy: string }): void;
  export(path: string, options: { initiatedBy: string }): Promise<void>;
  getMetadata(bucket: string, name: string): CliMetadata | undefined;
  getBytes(bucket: string, name: string): Buffer | undefined;
}

interface Registry {
  set(name: string, instance: unknown): void;
  clear(name: string): void;
}
const registry = () => (require('firebase-tools/lib/emulator/registry.js') as { EmulatorRegistry: Registry }).EmulatorRegistry;

/**
 * firebase-tools' StorageLayer as its emulator builds it, with rules and functions out of the
 * way. Its bucket metadata asks the registry for the Storage emulator's address (for links):
 * an entry naming a port stands in for the emulator it would run beside.
 */
function officialStorageLayer(dir: string): CliStorageLayer {
  registry().set('storage', { getName: () => 'storage', getInfo: () => ({ name: 'storage', host: '127.0.0.1', port: 9199 }) });
  const { StorageLayer } = require('firebase-tools/lib/emulator/storage/files.js') as { StorageLayer: new (...args: unknown[]) => CliStorageLayer };
  const { Persistence } = require('firebase-tools/lib/emulator/storage/persistence.js') as { Persistence: new (dir: string) => unknown };
  const { StorageCloudFunctions } = require('firebase-tools/lib/emulator/storage/cloudFunctions.js') as { StorageCloudFunctions: new (project: string) => unknown };
  const allow = { validate: () => Promise.resolve(true) };
  return new StorageLayer(PROJECT, new Map(), new Map(), allow, allow, new Persistence(dir), new StorageCloudFunctions(PROJECT));
}

const OBJECTS = [
  { name: 'festivals/encore-2026/photos/été 🎉.jpg', bytes: Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff)), metadata: { contentType: 'image/jpeg', cacheControl: 'public, max-age=60', metadata: { uploader: 'fan-1' } } },
  { name: 'empty.txt', bytes: Buffer.alloc(0), metadata: { contentType: 'text/plain', contentDisposition: 'inline', contentLanguage: 'nl' } },
  { name: 'a/b/c/all-bytes.bin', bytes: Buffer.from(Array.from({ length: 256 }, (_, i) => i)), metadata: { metadata: { firebaseStorageDownloadTokens: 'token-one,token-two' } } },
];

let stack: Stack;
let dir: string;
/** Each object's metadata as our GCS API served it before the export. */
const served = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-roundtrip-'));
  stack = await startStack({ projectId: PROJECT, ports: 'free', setEnv: false });
  process.env.STORAGE_EMULATOR_HOST = `http://${stack.hosts.storage}`;
  const app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET }, 'roundtrip');
  try {
    for (const object of OBJECTS) {
      const file = getStorage(app).bucket().file(object.name);
      await file.save(object.bytes, { resumable: false, metadata: object.metadata });
      served.set(object.name, (await file.getMetadata())[0] as Record<string, unknown>);
    }
  } finally {
    await deleteApp(app);
  }
  await stack.exportTo(join(dir, 'ours'));
  await stack.stop();
});

afterAll(async () => {
  registry().clear('storage');
  await stack?.stop();
  delete process.env.STORAGE_EMULATOR_HOST;
  await rm(dir, { recursive: true, force: true });
});

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

describe('an export of our stack', () => {
  it('is named in firebase-export-metadata.json as the CLI reads it', () => {
    const { HubExport } = require('firebase-tools/lib/emulator/hubExport.js') as { HubExport: { readMetadata(path: string): { storage?: { path: string; version: string } } } };
    expect(HubExport.readMetadata(join(dir, 'ours'))?.storage).toEqual({ path: 'storage_export', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });

  it("is read by firebase-tools' StorageLayer.import with every object, its bytes and its metadata", () => {
    const layer = officialStorageLayer(join(dir, 'official-disk'));
    layer.import(join(dir, 'ours', 'storage_export'), { initiatedBy: 'test' });
    for (const object of OBJECTS) {
      const ours = served.get(object.name)!;
      const metadata = layer.getMetadata(BUCKET, object.name);
      expect(metadata, object.name).toBeDefined();
      expect(layer.getBytes(BUCKET, object.name)!.equals(object.bytes)).toBe(true);
      expect({
        generation: String(metadata!.generation),
        metageneration: String(metadata!.metageneration),
        size: String(metadata!.size),
        md5Hash: metadata!.md5Hash,
        // The CLI keeps CRC32C as the decimal of its uint32; GCS as base64 of its 4 bytes.
        crc32c: uint32Base64(Number(metadata!.crc32c)),
        etag: metadata!.etag,
        contentType: metadata!.contentType,
        timeCreated: new Date(metadata!.timeCreated).toISOString(),
        updated: new Date(metadata!.updated).toISOString(),
      }).toEqual({
        generation: ours.generation,
        metageneration: ours.metageneration,
        size: ours.size,
        md5Hash: md5(object.bytes),
        crc32c: ours.crc32c,
        etag: ours.etag,
        contentType: ours.contentType,
        timeCreated: ours.timeCreated,
        updated: ours.updated,
      });
      const { firebaseStorageDownloadTokens: tokens, ...custom } = (ours.metadata ?? {}) as Record<string, string>;
      expect(metadata!.customMetadata ?? {}).toEqual(custom);
      expect(metadata!.downloadTokens.join(',')).toBe(tokens ?? '');
      for (const key of ['cacheControl', 'contentDisposition', 'contentLanguage'] as const) expect(metadata![key]).toBe(ours[key]);
    }
    expect(layer.getMetadata(BUCKET, 'a/b/c/all-bytes.bin')!.downloadTokens).toEqual(['token-one', 'token-two']);
  });

  it("comes back whole through firebase-tools' own export, read by our stack", async () => {
    const layer = officialStorageLayer(join(dir, 'official-disk-2'));
    layer.import(join(dir, 'ours', 'storage_export'), { initiatedBy: 'test' });
    // The hub makes the folder and then asks the emulator to fill it (hubExport.js).
    await mkdir(join(dir, 'theirs', 'storage_export'), { recursive: true });
    await layer.export(join(dir, 'theirs', 'storage_export'), { initiatedBy: 'test' });
    stack = await startStack({ projectId: PROJECT, ports: 'free', setEnv: false, importDir: join(dir, 'theirs') });
    const origin = `http://${stack.hosts.storage}`;
    for (const object of OBJECTS) {
      const path = `${origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(object.name)}`;
      const metadata = (await (await fetch(path, { headers: { Authorization: 'Bearer owner' } })).json()) as Record<string, unknown>;
      const { selfLink: _a, mediaLink: _b, ...restored } = metadata;
      const { selfLink: _c, mediaLink: _d, ...before } = served.get(object.name)!;
      expect(restored, object.name).toEqual(before);
      const bytes = Buffer.from(await (await fetch(`${path}?alt=media`, { headers: { Authorization: 'Bearer owner' } })).arrayBuffer());
      expect(bytes.equals(object.bytes)).toBe(true);
    }
    // A download URL made before the round trip still works after it.
    const tokenUrl = `${origin}/v0/b/${BUCKET}/o/${encodeURIComponent('a/b/c/all-bytes.bin')}?alt=media&token=token-two`;
    expect((await fetch(tokenUrl)).status).toBe(200);
    expect(JSON.parse(await readFile(join(dir, 'ours', 'firebase-export-metadata.json'), 'utf8'))).toHaveProperty('storage.path', 'storage_export');
  });
});

function uint32Base64(value: number): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes.toString('base64');
}
