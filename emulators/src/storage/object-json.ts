/**
 * The two wire shapes of an object's metadata: the Firebase API's (`/v0`, read by the web
 * SDK) and the GCS JSON API's `storage#object` (read by @google-cloud/storage and carried
 * by storage events). Numbers are strings in both, as the services send them.
 */
import type { GcsObjectJson } from '../common/events.js';
import { DOWNLOAD_TOKENS_KEY, etagOf, type ObjectMetadata } from './object-metadata.js';

export function toFirebaseJson(metadata: ObjectMetadata): object {
  return {
    name: metadata.name,
    bucket: metadata.bucket,
    generation: metadata.generation,
    metageneration: String(metadata.metageneration),
    contentType: metadata.contentType,
    timeCreated: metadata.timeCreated,
    updated: metadata.updated,
    storageClass: metadata.storageClass,
    size: String(metadata.size),
    md5Hash: metadata.md5Hash,
    crc32c: metadata.crc32c,
    etag: etagOf(metadata),
    downloadTokens: metadata.downloadTokens.join(','),
    contentEncoding: metadata.contentEncoding ?? 'identity',
    contentDisposition: metadata.contentDisposition,
    contentLanguage: metadata.contentLanguage,
    cacheControl: metadata.cacheControl,
    ...(Object.keys(metadata.customMetadata).length > 0 ? { metadata: metadata.customMetadata } : {}),
  };
}

/** `baseUrl` is the emulator's own origin, e.g. `http://127.0.0.1:9199`, for `selfLink` and `mediaLink`. */
export function toGcsJson(metadata: ObjectMetadata, baseUrl: string): GcsObjectJson {
  const bucket = encodeURIComponent(metadata.bucket);
  const name = encodeURIComponent(metadata.name);
  const custom: Record<string, string> = { ...metadata.customMetadata };
  if (metadata.downloadTokens.length > 0) custom[DOWNLOAD_TOKENS_KEY] = metadata.downloadTokens.join(',');
  return {
    kind: 'storage#object',
    id: `${metadata.bucket}/${metadata.name}/${metadata.generation}`,
    selfLink: `${baseUrl}/storage/v1/b/${bucket}/o/${name}`,
    mediaLink: `${baseUrl}/download/storage/v1/b/${bucket}/o/${name}?generation=${metadata.generation}&alt=media`,
    name: metadata.name,
    bucket: metadata.bucket,
    generation: metadata.generation,
    metageneration: String(metadata.metageneration),
    contentType: metadata.contentType,
    storageClass: metadata.storageClass,
    size: String(metadata.size),
    md5Hash: metadata.md5Hash,
    crc32c: metadata.crc32c,
    etag: etagOf(metadata),
    timeCreated: metadata.timeCreated,
    updated: metadata.updated,
    timeStorageClassUpdated: metadata.timeCreated,
    ...optional('cacheControl', metadata.cacheControl),
    ...optional('contentDisposition', metadata.contentDisposition),
    ...optional('contentEncoding', metadata.contentEncoding),
    ...optional('contentLanguage', metadata.contentLanguage),
    ...optional('customTime', metadata.customTime),
    ...(Object.keys(custom).length > 0 ? { metadata: custom } : {}),
  };
}

function optional(key: string, value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { [key]: value };
}
