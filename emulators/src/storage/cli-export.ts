/**
 * Reading a Storage export in the layout the Firebase CLI writes (`firebase emulators:export`,
 * firebase-tools `emulator/storage/files.js`, `StorageLayer.export` / `import`), so an export
 * of the official emulator starts ours with its objects, as the Auth import already reads the
 * CLI's `auth_export/`:
 *
 *   {dir}/firebase-export-metadata.json     { ..., storage: { version, path: "storage_export" } }
 *   {dir}/storage_export/buckets.json       { buckets: [{ id }] }
 *   {dir}/storage_export/metadata/<f>.json  one object's metadata (StoredFileMetadata.toJSON)
 *   {dir}/storage_export/blobs/<f>          its bytes (the metadata file's path without `.json`)
 *
 * As the CLI does, an export without its `metadata/` or `blobs/` folder (an export of an
 * empty emulator) warns and starts empty, and a name exported on Windows (`photos\a.jpg`,
 * its separator written as `\`) is read with `/`. The CLI also warns and goes on when a blob
 * or a metadata file is missing or bad; here each is an error that names the file, so a
 * half-read export never passes for the whole. Hashes are computed from the bytes (the CLI
 * keeps CRC32C as a decimal, GCS as base64) and the export's MD5, when it has one, must match them.
 * The writing side is cli-export-writer.ts.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { BlobStore } from './blob-store.js';
import { DOWNLOAD_TOKENS_KEY, type AclEntry, type ObjectMetadata, type StoredObject } from './object-metadata.js';

export const CLI_METADATA_FILE = 'firebase-export-metadata.json';
export const CLI_EXPORT_PATH = 'storage_export';

/**
 * The folder of a CLI Storage export under `dir`: the one `firebase-export-metadata.json`
 * names, else `storage_export/`, else `dir` itself when it holds `buckets.json`. Undefined
 * when there is none; throws when the metadata file names a folder that is not there.
 */
export async function cliStorageExportDir(dir: string): Promise<string | undefined> {
  const metadataPath = join(dir, CLI_METADATA_FILE);
  if (existsSync(metadataPath)) {
    const metadata = parseJson(await readFile(metadataPath, 'utf8'), metadataPath) as { storage?: { path?: unknown } };
    const path = metadata.storage?.path;
    if (typeof path === 'string' && path !== '') {
      const named = join(dir, path);
      if (!existsSync(named)) throw new Error(`${metadataPath} names a Storage export in ${named}, which is missing`);
      return named;
    }
  }
  if (existsSync(join(dir, CLI_EXPORT_PATH))) return join(dir, CLI_EXPORT_PATH);
  if (existsSync(join(dir, 'buckets.json'))) return dir;
  return undefined;
}

/** Reads the export in `root` into `blobs`; on any error, keeps nothing of it. */
export async function importCliExport(root: string, blobs: BlobStore): Promise<StoredObject[]> {
  const bucketsPath = join(root, 'buckets.json');
  if (!existsSync(bucketsPath)) throw new Error(`${root} is not a Storage export of the Firebase CLI: buckets.json is missing`);
  const buckets = parseJson(await readFile(bucketsPath, 'utf8'), bucketsPath) as { buckets?: unknown };
  if (!Array.isArray(buckets.buckets)) throw new Error(`${bucketsPath} has no "buckets" list`);
  const metadataDir = join(root, 'metadata');
  const blobsDir = join(root, 'blobs');
  if (!existsSync(metadataDir) || !existsSync(blobsDir)) {
    // The CLI writes no folder for an emulator without objects; its import warns and starts.
    console.warn(`[storage] Could not find metadata directory at "${metadataDir}" and/or blobs directory at "${blobsDir}": starting without objects.`);
    return [];
  }
  const objects: StoredObject[] = [];
  try {
    for (const file of await metadataFiles(metadataDir)) {
      const metadata = parseObjectMetadata(parseJson(await readFile(file, 'utf8'), file), file);
      const blobPath = join(blobsDir, relative(metadataDir, file).slice(0, -'.json'.length));
      if (!existsSync(blobPath)) throw new Error(`The Storage export has no bytes for ${metadata.bucket}/${metadata.name}: ${blobPath} is missing`);
      objects.push(await receive(blobs, blobPath, metadata));
    }
  } catch (error) {
    for (const object of objects) blobs.remove(object.blob);
    throw error;
  }
  return objects;
}

async function receive(blobs: BlobStore, path: string, metadata: CliMetadata): Promise<StoredObject> {
  const incoming = await blobs.receive();
  try {
    for await (const chunk of createReadStream(path)) await incoming.write(chunk as Buffer);
    await incoming.close();
    const hashes = incoming.hashes();
    if (metadata.md5Hash !== undefined && metadata.md5Hash !== hashes.md5Hash) {
      throw new Error(`Storage export is corrupt: ${path} does not match the MD5 of ${metadata.bucket}/${metadata.name}`);
    }
    const { md5Hash: _exported, ...rest } = metadata;
    return { metadata: { ...rest, ...hashes, size: incoming.size }, blob: blobs.commit(incoming.path) };
  } finally {
    await incoming.close();
    await blobs.discard(incoming.path);
  }
}

/** Every `.json` file under `dir`, depth first, in name order (the CLI walks the same tree). */
async function metadataFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.name.endsWith('.json')) found.push(path);
    }
  }
  return found;
}

type CliMetadata = Omit<ObjectMetadata, 'md5Hash' | 'crc32c' | 'size'> & { md5Hash?: string };

/** The CLI's StoredFileMetadata JSON as ours: names and dates as they are, generations as decimal strings. */
function parseObjectMetadata(json: unknown, file: string): CliMetadata {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error(`${file} is not an object's metadata`);
  const input = json as Record<string, unknown>;
  const text = (key: string): string | undefined => {
    const value = input[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw new Error(`${file}: "${key}" must be a string`);
    return value;
  };
  const bucket = text('bucket');
  const exportedName = text('name');
  if (!bucket || !exportedName) throw new Error(`${file} names no bucket and object`);
  const name = withSlashes(exportedName);
  const custom = input.customMetadata ?? {};
  if (typeof custom !== 'object' || custom === null || Array.isArray(custom)) throw new Error(`${file}: "customMetadata" must be an object`);
  const customMetadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(custom)) customMetadata[key] = String(value);
  // The CLI moves tokens found in custom metadata into the token list (StoredFileMetadata.setDownloadTokensFromCustomMetadata).
  const tokens = new Set(Array.isArray(input.downloadTokens) ? input.downloadTokens.map(String) : []);
  for (const token of (customMetadata[DOWNLOAD_TOKENS_KEY] ?? '').split(',')) if (token !== '') tokens.add(token);
  delete customMetadata[DOWNLOAD_TOKENS_KEY];
  const now = new Date().toISOString();
  const timeCreated = text('timeCreated') ?? now;
  const metadata: CliMetadata = {
    bucket,
    name,
    generation: String(input.generation ?? Date.now() * 1000),
    metageneration: Number(input.metageneration ?? 1),
    contentType: text('contentType') ?? 'application/octet-stream',
    customMetadata,
    downloadTokens: [...tokens],
    timeCreated,
    updated: text('updated') ?? timeCreated,
    storageClass: text('storageClass') ?? 'STANDARD',
  };
  for (const key of ['cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage', 'customTime', 'md5Hash'] as const) {
    const value = text(key);
    if (value !== undefined) metadata[key] = value;
  }
  if (input.acl !== undefined) metadata.acl = parseAcl(input.acl, file);
  return metadata;
}

/**
 * A name as the CLI reads it back: one whose first separator is `\` was exported on Windows
 * (the CLI kept `path.sep` in names there), so every `\` in it is a `/`.
 */
export function withSlashes(name: string): string {
  const separator = /[/\\]/.exec(name)?.[0];
  return separator === '\\' ? name.replaceAll('\\', '/') : name;
}

/** Encore's own `acl` entry (cli-export-writer.ts); the CLI never writes one. */
function parseAcl(value: unknown, file: string): AclEntry[] {
  const valid = (entry: unknown): entry is AclEntry =>
    typeof entry === 'object' && entry !== null && typeof (entry as AclEntry).entity === 'string' && ['READER', 'OWNER'].includes((entry as AclEntry).role);
  if (!Array.isArray(value) || !value.every(valid)) throw new Error(`${file}: "acl" must be a list of { entity, role: READER | OWNER }`);
  return value.map(({ entity, role }) => ({ entity, role }));
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}
