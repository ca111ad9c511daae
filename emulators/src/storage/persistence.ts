/**
 * Export and import of every object, byte-for-byte with its metadata. Layout under the
 * given directory (shared with other emulators, so ours lives in `storage/`):
 *
 *   storage/manifest.json   { format, version, objects: [{ blob, metadata }] }
 *   storage/blobs/<n>.bin   the object's bytes, as stored
 *
 * An export is written to a temporary sibling and renamed over the previous one, so a
 * crash mid-export never leaves a half-written export behind.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashObject } from './hashes.js';
import type { ObjectMetadata, StoredObject } from './object-metadata.js';

const FORMAT = 'encore-storage-export';
const VERSION = 1;

interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  exportedAt: string;
  objects: Array<{ blob: string; metadata: ObjectMetadata }>;
}

export async function exportObjects(dir: string, objects: readonly StoredObject[]): Promise<void> {
  const target = join(dir, 'storage');
  const staging = join(dir, `.storage-export-${randomUUID()}`);
  await mkdir(join(staging, 'blobs'), { recursive: true });
  try {
    const manifest: Manifest = { format: FORMAT, version: VERSION, exportedAt: new Date().toISOString(), objects: [] };
    for (const [index, object] of objects.entries()) {
      const blob = `blobs/${index}.bin`;
      await writeFile(join(staging, blob), object.data);
      manifest.objects.push({ blob, metadata: object.metadata });
    }
    await writeFile(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Reads an export. A directory without one yields no objects; a corrupt export throws. */
export async function importObjects(dir: string): Promise<StoredObject[]> {
  const root = join(dir, 'storage');
  let text: string;
  try {
    text = await readFile(join(root, 'manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const manifest = JSON.parse(text) as Partial<Manifest>;
  if (manifest.format !== FORMAT || manifest.version !== VERSION || !Array.isArray(manifest.objects)) {
    throw new Error(`${join(root, 'manifest.json')} is not a version ${VERSION} ${FORMAT} manifest`);
  }
  const objects: StoredObject[] = [];
  for (const entry of manifest.objects) {
    const data = await readFile(join(root, entry.blob));
    if (hashObject(data).md5Hash !== entry.metadata.md5Hash) {
      throw new Error(`Storage export is corrupt: ${entry.blob} does not match the MD5 of ${entry.metadata.bucket}/${entry.metadata.name}`);
    }
    objects.push({ metadata: entry.metadata, data });
  }
  return objects;
}
