/**
 * Export and import of every object, byte-for-byte with its metadata. Layout under the
 * given directory (shared with other emulators, so ours lives in `storage/`):
 *
 *   storage/manifest.json   { format, version, objects: [{ blob, metadata }] }
 *   storage/blobs/<n>.bin   the object's bytes, as stored
 *
 * An import also reads the Firebase CLI's `storage_export/` layout (cli-export.ts). An import
 * folder with neither is an empty start; one whose export cannot be read is an error that says why.
 *
 * An export is written to a temporary sibling and renamed over the previous one, so a
 * crash mid-export never leaves a half-written export behind. Bytes are copied file to file
 * and an import checks each object's MD5 as it streams it in: nothing is held in memory.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { cliStorageExportDir, importCliExport } from './cli-export.js';
import type { ObjectMetadata, StoredObject } from './object-metadata.js';
import type { ObjectStore } from './object-store.js';

const FORMAT = 'encore-storage-export';
const VERSION = 1;

interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  exportedAt: string;
  objects: Array<{ blob: string; metadata: ObjectMetadata }>;
}

export async function exportObjects(dir: string, store: ObjectStore, blobs: BlobStore): Promise<void> {
  const target = join(dir, 'storage');
  const staging = join(dir, `.storage-export-${randomUUID()}`);
  await mkdir(join(staging, 'blobs'), { recursive: true });
  try {
    const manifest: Manifest = { format: FORMAT, version: VERSION, exportedAt: new Date().toISOString(), objects: [] };
    for (const { metadata } of store.all()) {
      const blob = `blobs/${manifest.objects.length}.bin`;
      const copied = await copyCurrent(store, blobs, metadata, join(staging, blob));
      if (copied) manifest.objects.push({ blob, metadata: copied });
    }
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Copies the object's bytes as they are now, with the metadata that goes with them. An
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

/**
 * Reads an export into `blobs`: ours, else the Firebase CLI's. A directory without either
 * yields undefined; an export that cannot be read (a missing or corrupt file, an object whose
 * bytes do not match their MD5) throws, naming it and keeping nothing of it.
 */
export async function importObjects(dir: string, blobs: BlobStore): Promise<StoredObject[] | undefined> {
  const root = join(dir, 'storage');
  let text: string;
  try {
    text = await readFile(join(root, 'manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const cli = await cliStorageExportDir(dir);
    if (cli !== undefined) return importCliExport(cli, blobs);
    if (existsSync(root)) throw new Error(`${root} holds no manifest.json: not a Storage export this emulator can read`);
    return undefined;
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(text) as Partial<Manifest>;
  } catch (error) {
    throw new Error(`${join(root, 'manifest.json')} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION || !Array.isArray(manifest.objects)) {
    throw new Error(`${join(root, 'manifest.json')} is not a version ${VERSION} ${FORMAT} manifest`);
  }
  const objects: StoredObject[] = [];
  try {
    for (const entry of manifest.objects) {
      const incoming = await blobs.receive();
      try {
        for await (const chunk of createReadStream(join(root, entry.blob))) await incoming.write(chunk as Buffer);
        await incoming.close();
        if (incoming.hashes().md5Hash !== entry.metadata.md5Hash) {
          throw new Error(`Storage export is corrupt: ${entry.blob} does not match the MD5 of ${entry.metadata.bucket}/${entry.metadata.name}`);
        }
        objects.push({ metadata: entry.metadata, blob: blobs.commit(incoming.path) });
      } finally {
        await incoming.close();
        await blobs.discard(incoming.path);
      }
    }
  } catch (error) {
    for (const object of objects) blobs.remove(object.blob);
    throw error;
  }
  return objects;
}
