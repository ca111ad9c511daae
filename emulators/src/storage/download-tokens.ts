/**
 * The Firebase API's download-token requests, as the official emulator answers them:
 * `POST /v0/b/{bucket}/o/{object}?create_token=true` adds a token (next to the ones the
 * object has) and `?delete_token=<token>` revokes one. Admin credentials only (`Bearer owner`
 * or `Firebase owner`); anyone else, a token that is not a JWT included, gets 403.
 */
import { header, type ApiCall } from './api-call.js';
import { StorageError, badRequest } from './errors.js';
import { sendJson } from './http.js';
import { toFirebaseJson } from './object-json.js';
import type { ObjectMetadata } from './object-metadata.js';
import type { StorageService } from './service.js';

/** Whether a Firebase API request on an object is a token request rather than an upload. */
export function isTokenRequest(call: ApiCall): boolean {
  return call.url.searchParams.has('create_token') || call.url.searchParams.has('delete_token');
}

const missingAdminCredentials = (): StorageError => new StorageError(403, 'Missing admin credentials.', 'forbidden');

export function handleTokenRequest(service: StorageService, call: ApiCall, name: string): void {
  if (!/^(Bearer|Firebase) owner$/.test(header(call, 'authorization') ?? '')) throw missingAdminCredentials();
  const params = call.url.searchParams;
  const create = params.get('create_token');
  let metadata: ObjectMetadata;
  if (create !== null) {
    if (create !== 'true') throw badRequest(`create_token must be "true", not "${create}"`);
    metadata = service.addDownloadToken(call.bucket, name);
  } else {
    metadata = service.removeDownloadToken(call.bucket, name, params.get('delete_token') ?? '');
  }
  sendJson(call.response, 200, toFirebaseJson(metadata), objectHeaders(metadata));
}

/**
 * The headers the official emulator sets on a token reply, from the object's metadata; not its
 * Content-Encoding, which would tell a client to gunzip this plain JSON.
 */
function objectHeaders(metadata: ObjectMetadata): Record<string, string> {
  return {
    ...(metadata.contentDisposition === undefined ? {} : { 'Content-Disposition': metadata.contentDisposition }),
    ...(metadata.cacheControl === undefined ? {} : { 'Cache-Control': metadata.cacheControl }),
    ...(metadata.contentLanguage === undefined ? {} : { 'Content-Language': metadata.contentLanguage }),
  };
}
