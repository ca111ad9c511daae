/**
 * Writing a Storage export in the layout the Firebase CLI writes (firebase-tools
 * `emulator/storage/files.js`, `StorageLayer.export`), so the official emulator imports what
 * ours exports (`firebase emulators:start --import`) and ours reads it back (cli-export.ts):
 *
 *   {dir}/firebase-export-metadata.json     { version, storage: { version, path: "storage_export" }, ...other emulators' entries }
 *   {dir}/storage_export/buckets.json       { buckets: [{ id }] }
 *   {dir}/storage_export/metadata/<id>.json one object's metadata, in StoredFileMetadata.toJSON's shape
 *   {dir}/storage_export/blobs/<id>         its bytes, as stored
 *
 * `<id>` is a fresh UUID per object, as the CLI's own disk names are: object names never
 * become file names, so no name is too long or unsafe for the file system. The export is
 * written to a temporary sibling and renamed into place, so a crash mid-export leaves the
 * previous export, never half of one. Bytes are copied file to file, never held in memory.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { writeFileAtomic } from '../durability/atomic-file.js';
import type { BlobStore } from './blob-store.js';
import { CLI_EXPORT_PATH, CLI_METADATA_FILE } from './cli-export.js';
import { etagOf, type ObjectMetadata } from './object-metadata.js';
import type { ObjectStore } from './object-store.js';

/**
 * Writes every object into `root` itself (what the hub's `POST /internal/export` asks for),
 * replacing whatever was there. `defaultBucket` is listed in buckets.json when no object names one.
 */
export async function writeCliExport(root: string, store: ObjectStore, blobs: BlobStore, defaultBucket: string): Promise<void> {
  const staging = join(dirname(root), `.${basename(root)}-${randomUUID()}`);
  await mkdir(join(staging, 'blobs'), { recursive: true });
  await mkdir(join(staging, 'metadata'), { recursive: true });
  try {
    const buckets = new Set<string>();
    for (const { metadata } of store.all()) {
      const id = randomUUID();
      const copied = await copyCurrent(store, blobs, metadata, join(staging, 'blobs', id));
      if (!copied) continue;
      buckets.add(copied.bucket);
      await writeFile(join(staging, 'metadata', `${id}.json`), JSON.stringify(toCliMetadata(copied), undefined, 2));
    }
    if (buckets.size === 0) buckets.add(defaultBucket);
    await writeFile(join(staging, 'buckets.json'), JSON.stringify({ buckets: [...buckets].map((id) => ({ id })) }, undefined, 2));
    await rm(root, { recursive: true, force: true });
    await rename(staging, root);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Writes `{dir}/storage_export/` and names it in `{dir}/firebase-export-metadata.json`,
 * keeping the entries other emulators wrote there (Auth's `auth_export`, say).
 */
export async function writeCliExportDir(dir: string, store: ObjectStore, blobs: BlobStore, defaultBucket: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeCliExport(join(dir, CLI_EXPORT_PATH), store, blobs, defaultBucket);
  await nameInExportMetadata(dir);
}

async function nameInExportMetadata(dir: string): Promise<void> {
  const path = join(dir, CLI_METADATA_FILE);
  let entries: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(await readFile(path, 'utf8')) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) entries = parsed as Record<string, unknown>;
    else console.warn(`[storage] ${path} was not a JSON object: rewritten with the Storage entry only`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.warn(`[storage] ${path} could not be read (${(error as Error).message}): rewritten with the Storage entry only`);
  }
  const version = firebaseToolsVersion();
  await writeFileAtomic(path, JSON.stringify({ version, ...entries, storage: { version, path: CLI_EXPORT_PATH } }, undefined, 2));
}

/** The firebase-tools version this repository runs, as the CLI records its own in an export. */
function firebaseToolsVersion(): string {
  return (createRequire(import.meta.url)('firebase-tools/package.json') as { version: string }).version;
}

/**
 * Our metadata as the CLI's StoredFileMetadata serializes it: generation and size as numbers,
 * CRC32C as the decimal of its uint32 (ours is GCS's base64), times as RFC 3339. `acl` is
 * Encore's own addition (ACLs set through the GCS API); the CLI's import ignores it.
 */
export function toCliMetadata(metadata: ObjectMetadata): Record<string, unknown> {
  return {
    name: metadata.name,
    bucket: metadata.bucket,
    contentType: metadata.contentType,
    metageneration: metadata.metageneration,
    // Microseconds since the epoch stay below 2^53 until the year 2255: exact as a JSON number.
    generation: Number(metadata.generation),
    storageClass: metadata.storageClass,
    ...optional(metadata, ['contentDisposition', 'cacheControl', 'contentLanguage', 'customTime', 'contentEncoding']),
    downloadTokens: metadata.downloadTokens,
    etag: etagOf(metadata),
    customMetadata: metadata.customMetadata,
    timeCreated: metadata.timeCreated,
    updated: metadata.updated,
    size: metadata.size,
    md5Hash: metadata.md5Hash,
    crc32c: String(Buffer.from(metadata.crc32c, 'base64').readUInt32BE(0)),
    ...(metadata.acl === undefined ? {} : { acl: metadata.acl }),
  };
}

function optional<K extends keyof ObjectMetadata>(metadata: ObjectMetadata, keys: K[]): Partial<Pick<ObjectMetadata, K>> {
  const present: Partial<Pick<ObjectMetadata, K>> = {};
  for (const key of keys) if (metadata[key] !== undefined) present[key] = metadata[key];
  return present;
}

/**
 * Copies the object's bytes as they are now and returns the metadata that goes with them. An
 * object replaced during the export (its old file deleted mid-copy) is copied again; one
 * deleted meanwhile is left out.
 */
async function copyCurrent(store: ObjectStore, blobs: BlobStore, listed: ObjectMetadata, destination: string): Promise<ObjectMetadata | undefined> {
  for (;;) {
    const current = store.get(listed.bucket, listed.name);
    if (!current) return undefined;
    try {
      await copyFile(blobs.path(current.blob), destination);
      return current.metadata;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
