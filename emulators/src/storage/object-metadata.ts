/**
 * An object's metadata as the emulator keeps it, and the rules for changing it: what a
 * client may write, how custom metadata merges (null deletes a key), and how the
 * `firebaseStorageDownloadTokens` key maps onto the token list the Firebase API serves.
 */
import { createHash, randomUUID } from 'node:crypto';
import { badRequest } from './errors.js';
import type { ObjectHashes } from './hashes.js';

export interface ObjectMetadata {
  bucket: string;
  name: string;
  size: number;
  /** Microseconds since the epoch, as a decimal string (as GCS does), unique per write. */
  generation: string;
  metageneration: number;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  customTime?: string;
  customMetadata: Record<string, string>;
  downloadTokens: string[];
  /** RFC 3339 with milliseconds and `Z`. */
  timeCreated: string;
  updated: string;
  md5Hash: string;
  crc32c: string;
  storageClass: string;
  /** Object ACL entries beyond the project's default (absent: private to the project); see acl.ts. */
  acl?: AclEntry[];
}

/** One GCS object access control: `allUsers` with `READER` makes the object public. */
export interface AclEntry {
  entity: string;
  role: 'READER' | 'OWNER';
}

export interface StoredObject {
  metadata: ObjectMetadata;
  /** The id of the file holding the bytes (blob-store.ts). */
  blob: string;
}

/** The custom-metadata key under which GCS clients see (and set) the Firebase download tokens. */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

const STRING_FIELDS = ['contentType', 'cacheControl', 'contentDisposition', 'contentEncoding', 'contentLanguage', 'customTime'] as const;
type StringField = (typeof STRING_FIELDS)[number];
/** Characters Node accepts in a header value (tab, printable ASCII, Latin-1); control characters never. */
const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The writable part of an incoming metadata resource; `null` clears a field. Unknown and read-only keys are ignored. */
export type MetadataPatch = { [K in StringField]?: string | null } & {
  metadata?: Record<string, string | null> | null;
  /** Hashes the client claims for the bytes; checked against the real ones on upload. */
  md5Hash?: string;
  crc32c?: string;
  /** The object name some clients put in the resource instead of the URL. */
  name?: string;
  /** A new ACL (null: none beyond the project's default); from `acl` or a `predefinedAcl` parameter. */
  acl?: AclEntry[] | null;
};

/** Validates a parsed JSON body as a metadata resource. Throws 400 on a shape the services reject. */
export function parseMetadataPatch(body: unknown): MetadataPatch {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Object metadata must be a JSON object');
  const input = body as Record<string, unknown>;
  const patch: MetadataPatch = {};
  for (const field of STRING_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') throw badRequest(`Metadata field "${field}" must be a string`);
    // These become response headers on download: refuse what no HTTP header can carry.
    if (value !== null && !HEADER_SAFE.test(value)) throw badRequest(`Metadata field "${field}" has characters not allowed in an HTTP header`);
    patch[field] = value;
  }
  for (const key of ['md5Hash', 'crc32c', 'name'] as const) {
    const value = optionalString(input, key);
    if (value !== undefined) patch[key] = value;
  }
  if (input.metadata !== undefined) patch.metadata = parseCustomMetadata(input.metadata);
  if (input.acl !== undefined) patch.acl = parseAcl(input.acl);
  return patch;
}

/** A read-only or informational string field: absent and null both mean "not given". */
function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Metadata field "${key}" must be a string`);
  return value;
}

function parseAcl(value: unknown): AclEntry[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) throw badRequest('acl must be a list of { entity, role }');
  return value.map((entry: unknown) => {
    const { entity, role } = (entry ?? {}) as { entity?: unknown; role?: unknown };
    if (typeof entity !== 'string' || entity === '' || (role !== 'READER' && role !== 'OWNER')) {
      throw badRequest('Each acl entry needs an entity and a role (READER or OWNER)');
    }
    return { entity, role };
  });
}

function parseCustomMetadata(value: unknown): Record<string, string | null> | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest('Custom metadata must be a JSON object');
  const result: Record<string, string | null> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry === null || typeof entry === 'string') result[key] = entry;
    else if (typeof entry === 'number' || typeof entry === 'boolean') result[key] = String(entry);
    else throw badRequest(`Custom metadata value for "${key}" must be a string`);
  }
  return result;
}

export interface NewObjectInput {
  bucket: string;
  name: string;
  /** The bytes' length and checksums, as received. */
  size: number;
  hashes: ObjectHashes;
  patch: MetadataPatch;
  generation: string;
  now: string;
  /** Content type from a header (resumable start, media upload) used when the resource has none. */
  fallbackContentType?: string;
  /** Firebase API uploads get a download token and `inline` disposition, as the official emulator gives them. */
  firebaseDefaults: boolean;
}

/** Builds the metadata of a freshly written object. Throws 400 when client-supplied hashes do not match the bytes. */
export function newObjectMetadata(input: NewObjectInput): ObjectMetadata {
  const { hashes } = input;
  if (input.patch.md5Hash !== undefined && input.patch.md5Hash !== hashes.md5Hash) {
    throw badRequest(`Provided MD5 hash "${input.patch.md5Hash}" doesn't match calculated MD5 hash "${hashes.md5Hash}".`);
  }
  if (input.patch.crc32c !== undefined && input.patch.crc32c !== hashes.crc32c) {
    throw badRequest(`Provided CRC32C "${input.patch.crc32c}" doesn't match calculated CRC32C "${hashes.crc32c}".`);
  }
  const base: ObjectMetadata = {
    bucket: input.bucket,
    name: input.name,
    size: input.size,
    generation: input.generation,
    metageneration: 1,
    contentType: input.fallbackContentType || 'application/octet-stream',
    customMetadata: {},
    downloadTokens: [],
    timeCreated: input.now,
    updated: input.now,
    ...hashes,
    storageClass: 'STANDARD',
  };
  const metadata = applyWritableFields(base, input.patch);
  if (input.firebaseDefaults) {
    metadata.contentDisposition ??= 'inline';
    if (metadata.downloadTokens.length === 0) metadata.downloadTokens = [randomUUID()];
  }
  return metadata;
}

/** The metadata after a client's update: a new metageneration and `updated` time. */
export function updatedObjectMetadata(current: ObjectMetadata, patch: MetadataPatch, now: string): ObjectMetadata {
  return { ...applyWritableFields(current, patch), metageneration: current.metageneration + 1, updated: now };
}

/** Adds a download token, as a Firebase API read does for an object that has none. */
export function withNewDownloadToken(current: ObjectMetadata, now: string): ObjectMetadata {
  return {
    ...current,
    downloadTokens: [...current.downloadTokens, randomUUID()],
    metageneration: current.metageneration + 1,
    updated: now,
  };
}

/**
 * Removes one download token (the Firebase API's `delete_token`); removing the last one puts a
 * new one in its place, as the official emulator does (a Firebase object always has a link).
 */
export function withoutDownloadToken(current: ObjectMetadata, token: string, now: string): ObjectMetadata {
  const remaining = current.downloadTokens.filter((known) => known !== token);
  return {
    ...current,
    downloadTokens: remaining.length === 0 && current.downloadTokens.length > 0 ? [randomUUID()] : remaining,
    metageneration: current.metageneration + 1,
    updated: now,
  };
}

function applyWritableFields(current: ObjectMetadata, patch: MetadataPatch): ObjectMetadata {
  const next: ObjectMetadata = { ...current, customMetadata: { ...current.customMetadata } };
  for (const key of STRING_FIELDS) {
    const value = patch[key];
    if (value === undefined) continue;
    if (key === 'contentType') next.contentType = value ?? 'application/octet-stream';
    else if (value === null) delete next[key];
    else next[key] = value;
  }
  if (patch.acl === null || (patch.acl !== undefined && patch.acl.length === 0)) delete next.acl;
  else if (patch.acl !== undefined) next.acl = patch.acl.map((entry) => ({ ...entry }));
  if (patch.metadata === null) {
    next.customMetadata = {};
    next.downloadTokens = [];
  } else if (patch.metadata !== undefined) {
    for (const [key, value] of Object.entries(patch.metadata)) {
      if (key === DOWNLOAD_TOKENS_KEY) next.downloadTokens = value === null ? [] : value.split(',').filter((t) => t !== '');
      else if (value === null) delete next.customMetadata[key];
      else next.customMetadata[key] = value;
    }
  }
  return next;
}

/** A strong ETag that changes with every data or metadata write. */
export function etagOf(metadata: ObjectMetadata): string {
  return createHash('sha1').update(`${metadata.generation}/${metadata.metageneration}`).digest('base64').replace(/=+$/, '');
}
