/**
 * The Firebase Storage REST API under `/v0/b/{bucket}/o`, as the web SDK (and
 * firebase-admin's getDownloadURL) call it: uploads (multipart, raw and resumable with
 * start/upload/query/finalize/cancel), metadata, downloads, deletes, listing and download
 * tokens (`create_token`/`delete_token`, admins only: download-tokens.ts). Every
 * operation is checked against the access seam unless the caller is the owner.
 */
import { BadTokenError, callerFromAuthorization, type Caller } from '../common/auth.js';
import { header, type ApiCall } from './api-call.js';
import { handleTokenRequest, isTokenRequest } from './download-tokens.js';
import { badRequest, methodNotAllowed, StorageError, unauthenticated } from './errors.js';
import { bodyChunks, declaredLength, parseJsonBody, readBody, sendEmpty, sendJson, strictQueryParam } from './http.js';
import { parseMaxResults } from './listing.js';
import { sendObjectBytes } from './media.js';
import { DOWNLOAD_TOKENS_KEY, parseMetadataPatch, type MetadataPatch } from './object-metadata.js';
import { toFirebaseJson } from './object-json.js';
import type { StorageService } from './service.js';
import type { UploadSession } from './upload-sessions.js';
import { multipartUpload, simpleUpload } from './uploads.js';

export async function handleFirebaseApi(service: StorageService, call: ApiCall): Promise<void> {
  const method = call.request.method ?? 'GET';
  const override = header(call, 'x-http-method-override')?.toUpperCase();
  // HEAD reads like GET (Node drops the body); PUT with the override header is how some clients PATCH.
  const effective = method === 'HEAD' ? 'GET' : method === 'PUT' && override === 'PATCH' ? 'PATCH' : method;
  if (call.object !== undefined && (effective === 'POST' || effective === 'PUT') && isTokenRequest(call)) return handleTokenRequest(service, call, call.object);
  const caller = callerOf(call);
  if (call.object === undefined) {
    if (effective === 'GET') return list(service, call, caller);
    if (effective === 'POST' || effective === 'PUT') return upload(service, call, caller);
  } else {
    if (effective === 'GET') return get(service, call, caller, call.object);
    if (effective === 'PATCH') return patch(service, call, caller, call.object);
    if (effective === 'DELETE') return remove(service, call, caller, call.object);
    if (effective === 'POST' || effective === 'PUT') return upload(service, call, caller);
  }
  throw methodNotAllowed(method, call.url.pathname);
}

/**
 * `Firebase <token>` / `Bearer <token>`, `owner` for admins. firebase-admin's getDownloadURL
 * sends no Authorization header through this API; its `gccl/` client header marks it as the admin.
 */
function callerOf(call: ApiCall): Caller {
  const authorization = header(call, 'authorization');
  if (authorization === undefined && /\bgccl\//.test(header(call, 'x-goog-api-client') ?? '')) return { kind: 'owner' };
  try {
    return callerFromAuthorization(authorization);
  } catch (error) {
    if (error instanceof BadTokenError) throw unauthenticated(error.message);
    throw error;
  }
}

async function get(service: StorageService, call: ApiCall, caller: Caller, name: string): Promise<void> {
  const token = call.url.searchParams.get('token') ?? undefined;
  if (call.url.searchParams.get('alt') === 'media') return sendObjectBytes(call.request, call.response, await service.open(call.bucket, name, caller, token));
  const object = await service.read(call.bucket, name, caller, token);
  sendJson(call.response, 200, toFirebaseJson(service.ensureDownloadToken(object)));
}

async function patch(service: StorageService, call: ApiCall, caller: Caller, name: string): Promise<void> {
  const patch = firebasePatch(parseJsonBody(await readBody(call.request)), caller);
  const metadata = await service.updateMetadata(call.bucket, name, patch, caller);
  sendJson(call.response, 200, toFirebaseJson(metadata));
}

async function remove(service: StorageService, call: ApiCall, caller: Caller, name: string): Promise<void> {
  await service.delete(call.bucket, name, caller);
  sendEmpty(call.response, 204);
}

async function list(service: StorageService, call: ApiCall, caller: Caller): Promise<void> {
  const params = call.url.searchParams;
  const prefix = params.get('prefix') ?? '';
  if (prefix !== '' && !prefix.endsWith('/')) {
    throw badRequest('The prefix parameter is required to be empty or ends with a single / character.');
  }
  const page = await service.list(
    call.bucket,
    {
      prefix,
      delimiter: params.get('delimiter') ?? '',
      maxResults: parseMaxResults(params.get('maxResults')),
      pageToken: params.get('pageToken') ?? undefined,
    },
    caller,
  );
  sendJson(call.response, 200, {
    prefixes: page.prefixes.filter((folder) => isSdkPath(folder.replace(/\/$/, ''))),
    items: page.items.filter((metadata) => isSdkPath(metadata.name)).map((metadata) => ({ name: metadata.name, bucket: metadata.bucket })),
    ...(page.nextPageToken === undefined ? {} : { nextPageToken: page.nextPageToken }),
  });
}

/** Names with empty segments (`a//b`, `/a`, written through GCS) have no web SDK reference: the Firebase API leaves them out of listings. */
function isSdkPath(path: string): boolean {
  return path !== '' && path.split('/').every((segment) => segment !== '');
}

async function upload(service: StorageService, call: ApiCall, caller: Caller): Promise<void> {
  const command = header(call, 'x-goog-upload-command');
  const protocol = header(call, 'x-goog-upload-protocol')?.toLowerCase();
  if (command !== undefined || protocol === 'resumable' || call.url.searchParams.has('upload_id')) {
    return resumable(service, call, caller, commandsOf(command));
  }
  if (protocol === 'multipart') {
    const metadata = await multipartUpload(service, call, (patch, mediaContentType) => ({
      bucket: call.bucket,
      name: objectName(call, patch.name),
      patch: clientPatch({ ...patch, acl: undefined }, caller),
      fallbackContentType: mediaContentType,
      caller,
      firebaseDefaults: true,
    }));
    return sendJson(call.response, 200, toFirebaseJson(metadata));
  }
  const metadata = await simpleUpload(service, call, {
    bucket: call.bucket,
    name: objectName(call, undefined),
    patch: {},
    fallbackContentType: header(call, 'content-type'),
    caller,
    firebaseDefaults: true,
  });
  sendJson(call.response, 200, toFirebaseJson(metadata));
}

/** Metadata as the Firebase API takes it: GCS ACLs are not part of it (a client must not make an object public). */
function firebasePatch(body: unknown, caller: Caller): MetadataPatch {
  return clientPatch({ ...parseMetadataPatch(body), acl: undefined }, caller);
}

/**
 * Download tokens are the service's to make: a client that names `firebaseStorageDownloadTokens`
 * in its custom metadata (on an upload or a metadata update) is refused, as production refuses
 * it ("file tokens aren't allowed to be updated from a client app for security reasons",
 * firebase/flutterfire#7340), instead of picking the token that serves the object to anyone
 * who knows it, unseen by the rules. Admins set tokens through the GCS API. The official
 * emulator keeps a client's token (firebase-tools `apis/firebase.ts`, `finalizeOneShotUpload`);
 * we follow production.
 */
function clientPatch(patch: MetadataPatch, caller: Caller): MetadataPatch {
  if (caller.kind !== 'owner' && patch.metadata && DOWNLOAD_TOKENS_KEY in patch.metadata) {
    throw new StorageError(403, `Permission denied. Clients may not set ${DOWNLOAD_TOKENS_KEY}: download tokens are made by the service.`, 'forbidden');
  }
  return patch;
}

function commandsOf(header: string | undefined): Set<string> {
  return new Set((header ?? '').split(',').map((part) => part.trim().toLowerCase()).filter((part) => part !== ''));
}

function objectName(call: ApiCall, fromMetadata: string | undefined): string {
  const name = call.object ?? strictQueryParam(call.url, 'name') ?? fromMetadata;
  if (!name) throw badRequest('Upload needs an object name (the "name" query parameter)');
  return name;
}

/** What a status query reports: the protocol spells it `cancelled`, and a finalize in progress is still active. */
const QUERY_STATUS: Record<UploadSession['state'], string> = { active: 'active', finalizing: 'active', final: 'final', canceled: 'cancelled' };

async function resumable(service: StorageService, call: ApiCall, caller: Caller, commands: Set<string>): Promise<void> {
  if (commands.has('start')) return startResumable(service, call, caller);
  const session = service.uploads.get(call.url.searchParams.get('upload_id'));
  if (commands.has('query')) {
    return sendEmpty(call.response, 200, {
      'X-Goog-Upload-Status': QUERY_STATUS[session.state],
      'X-Goog-Upload-Size-Received': String(session.received),
    });
  }
  if (commands.has('cancel')) {
    service.uploads.cancel(session);
    return sendEmpty(call.response, 200, { 'X-Goog-Upload-Status': 'cancelled' });
  }
  const finalize = commands.has('finalize');
  if (commands.has('upload')) {
    // Without an offset, the chunk goes where the upload stands, as GCS and the official
    // emulator take it (firebase-tools `apis/firebase.ts` never reads the header); a given offset must be right.
    const offset = header(call, 'x-goog-upload-offset');
    await service.uploads.append(session, {
      offset: offset === undefined ? session.received : parseOffset(offset),
      declaredLength: declaredLength(call.request),
      body: bodyChunks(call.request),
      last: finalize,
    });
    if (!finalize) {
      return sendEmpty(call.response, 200, { 'X-Goog-Upload-Status': 'active', 'X-GUploader-UploadID': session.id });
    }
  }
  if (!finalize) throw badRequest(`Unknown X-Goog-Upload-Command: ${[...commands].join(', ') || '(none)'}`);
  let metadata;
  try {
    metadata = await service.finalizeUpload(session, true);
  } catch (error) {
    // A refused finalize ends the upload: the client must not resume it (the official emulator's reply).
    if (session.refusal === error) call.response.setHeader('X-Goog-Upload-Status', 'final');
    throw error;
  }
  sendJson(call.response, 200, toFirebaseJson(metadata), { 'X-Goog-Upload-Status': 'final' });
}

async function startResumable(service: StorageService, call: ApiCall, caller: Caller): Promise<void> {
  const patch = firebasePatch(parseJsonBody(await readBody(call.request)), caller);
  const name = objectName(call, patch.name);
  const declared = header(call, 'x-goog-upload-header-content-length');
  // Judged now on what the start declares (size, type, metadata): a refused upload sends no byte.
  const session = await service.startUpload(
    { bucket: call.bucket, name, patch, fallbackContentType: header(call, 'x-goog-upload-header-content-type'), caller, firebaseDefaults: true },
    declared === undefined ? undefined : parseOffset(declared),
  );
  const uploadUrl = new URL(`/v0/b/${encodeURIComponent(call.bucket)}/o`, call.origin);
  uploadUrl.searchParams.set('name', name);
  uploadUrl.searchParams.set('upload_id', session.id);
  uploadUrl.searchParams.set('upload_protocol', 'resumable');
  sendEmpty(call.response, 200, {
    'X-Goog-Upload-Status': 'active',
    'X-Goog-Upload-URL': uploadUrl.toString(),
    'X-Goog-Upload-Chunk-Granularity': '262144',
    'X-GUploader-UploadID': session.id,
  });
}

function parseOffset(raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) throw badRequest(`Invalid upload offset or length: ${raw ?? '(missing)'}`);
  return Number(raw.trim());
}
