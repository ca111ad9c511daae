/**
 * The one access seam: every operation a non-owner client makes through the Firebase API
 * is described as Storage security rules see it and handed to an `Authorizer`. By default
 * the rules engine answers with the rules source kept by `setRules`
 * (../rules-enforcement/storage-rules.ts). Owners (firebase-admin, `Bearer owner`) never reach it.
 */
import type { AuthContext } from '../common/auth.js';
import type { ObjectMetadata } from './object-metadata.js';

/** Storage rules methods: `read` covers get and list, `write` covers create, update and delete. */
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

/** `resource` / `request.resource` as Storage rules see an object. */
export interface RulesResource {
  name: string;
  bucket: string;
  generation: string;
  metageneration: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  crc32c: string;
  etag: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentType: string;
  metadata: Record<string, string>;
}

export interface AccessRequest {
  /** The rules source last given to `setRules`, or undefined before any. */
  rules: string | undefined;
  /** `request.auth`: null for a signed-out caller. */
  auth: AuthContext | null;
  method: StorageMethod;
  bucket: string;
  /** The object path; for `list`, the listed prefix without its trailing `/`. */
  path: string;
  /** The object as stored before the operation (`resource`), null when there is none. */
  resource: RulesResource | null;
  /** The object as it would be after a create or update (`request.resource`), else null. */
  incoming: RulesResource | null;
}

export type Authorizer = (request: AccessRequest) => boolean | Promise<boolean>;

export function toRulesResource(metadata: ObjectMetadata, etag: string): RulesResource {
  return {
    name: metadata.name,
    bucket: metadata.bucket,
    generation: metadata.generation,
    metageneration: String(metadata.metageneration),
    size: metadata.size,
    timeCreated: metadata.timeCreated,
    updated: metadata.updated,
    md5Hash: metadata.md5Hash,
    crc32c: metadata.crc32c,
    etag,
    ...(metadata.contentDisposition === undefined ? {} : { contentDisposition: metadata.contentDisposition }),
    ...(metadata.contentEncoding === undefined ? {} : { contentEncoding: metadata.contentEncoding }),
    contentType: metadata.contentType,
    metadata: { ...metadata.customMetadata },
  };
}
