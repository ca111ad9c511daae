/**
 * Export and import of every object, byte-for-byte with its metadata. An export is written in
 * the Firebase CLI's layout (`storage_export/` named in `firebase-export-metadata.json`;
 * cli-export-writer.ts), so the official emulator imports it and ours reads it back.
 *
 * An import reads that layout (also as the official emulator wrote it: cli-export.ts), else
 * the layout Encore's exports had before, kept readable so a data folder from an older
 * version keeps its objects (they are migrated into the data folder as they are read):
 *
 *   storage/manifest.json   { format, version, objects: [{ blob, metadata }] }
 *   storage/blobs/<n>.bin   the object's bytes, as stored
 *
 * An import folder with neither is an empty start; one whose export cannot be read is an
 * error that says why. An import checks each object's MD5 as it streams it in: nothing is
 * held in memory.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { cliStorageExportDir, importCliExport } from './cli-export.js';
import { writeCliExportDir } from './cli-export-writer.js';
import type { ObjectMetadata, StoredObject } from './object-metadata.js';
import type { ObjectStore } from './object-store.js';

const LEGACY_FORMAT = 'encore-storage-export';
const LEGACY_VERSION = 1;

interface LegacyManifest {
  format: typeof LEGACY_FORMAT;
  version: typeof LEGACY_VERSION;
  exportedAt: string;
  objects: Array<{ blob: string; metadata: ObjectMetadata }>;
}

/**
 * Writes `{dir}/storage_export/` and its entry in `{dir}/firebase-export-metadata.json`. An
 * older Encore export in `{dir}/storage/` is removed once the new one is in place: it is
 * superseded, and an import reads the new layout first anyway.
 */
export async function exportObjects(dir: string, store: ObjectStore, blobs: BlobStore, defaultBucket: string): Promise<void> {
  await writeCliExportDir(dir, store, blobs, defaultBucket);
  const legacy = join(dir, 'storage');
  // Only a folder that really is an older export of ours goes: `storage/` could be anything else.
  const isLegacyExport = await readLegacyManifest(legacy).then((manifest) => manifest !== undefined, () => false);
  if (isLegacyExport) await rm(legacy, { recursive: true, force: true });
}

/**
 * Reads an export into `blobs`: the Firebase CLI's layout, else Encore's older one. A
 * directory without either yields undefined; an export that cannot be read (a missing or
 * corrupt file, an object whose bytes do not match their MD5) throws, naming it and keeping
 * nothing of it.
 */
export async function importObjects(dir: string, blobs: BlobStore): Promise<StoredObject[] | undefined> {
  const cli = await cliStorageExportDir(dir);
  if (cli !== undefined) return importCliExport(cli, blobs);
  const root = join(dir, 'storage');
  const manifest = await readLegacyManifest(root);
  if (manifest === undefined) {
    if (existsSync(root)) throw new Error(`${root} holds no manifest.json: not a Storage export this emulator can read`);
    return undefined;
  }
  return importLegacy(root, manifest, blobs);
}

/** The manifest of an older Encore export in `root`, undefined when there is none; throws when it is not one. */
async function readLegacyManifest(root: string): Promise<LegacyManifest | undefined> {
  const path = join(root, 'manifest.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let manifest: Partial<LegacyManifest>;
  try {
    manifest = JSON.parse(text) as Partial<LegacyManifest>;
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (manifest.format !== LEGACY_FORMAT || manifest.version !== LEGACY_VERSION || !Array.isArray(manifest.objects)) {
    throw new Error(`${path} is not a version ${LEGACY_VERSION} ${LEGACY_FORMAT} manifest`);
  }
  return manifest as LegacyManifest;
}

async function importLegacy(root: string, manifest: LegacyManifest, blobs: BlobStore): Promise<StoredObject[]> {
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
