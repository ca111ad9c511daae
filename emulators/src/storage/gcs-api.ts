/**
 * The GCS JSON API subset @google-cloud/storage (firebase-admin's `bucket().file()`)
 * uses: object get/patch/delete/list under `/b/{bucket}/o` (also with the `/storage/v1`
 * and `/download/storage/v1` prefixes) and uploads under `/upload/storage/v1/b/{bucket}/o`
 * (media, multipart and resumable with `Content-Range` chunks answered by 308), and
 * copies (`rewriteTo`/`copyTo`, behind `file.copy()` and `file.move()`). Callers are
 * admins, as with the official emulator: no access check.
 */
import type { Caller } from '../common/auth.js';
import { header, type ApiCall } from './api-call.js';
import { predefinedAcl } from './acl.js';
import { badRequest, methodNotAllowed } from './errors.js';
import { bodyChunks, declaredLength, parseJsonBody, readBody, sendEmpty, sendJson, strictQueryParam } from './http.js';
import { parseMaxResults } from './listing.js';
import { sendObjectBytes } from './media.js';
import { DOWNLOAD_TOKENS_KEY, parseMetadataPatch, type MetadataPatch, type ObjectMetadata } from './object-metadata.js';
import { parsePreconditions } from './preconditions.js';
import { toGcsJson } from './object-json.js';
import type { StorageService } from './service.js';
import type { UploadSession } from './upload-sessions.js';
import { multipartUpload, simpleUpload } from './uploads.js';

const ADMIN: Caller = { kind: 'owner' };

/** Status GCS uses for "resumable upload incomplete": the client reads `Range` and sends the next chunk. */
const RESUME_INCOMPLETE = 308;

export async function handleGcsObjects(service: StorageService, call: ApiCall, baseUrl: string): Promise<void> {
  const method = call.request.method === 'HEAD' ? 'GET' : (call.request.method ?? 'GET');
  if (call.object === undefined) {
    if (method === 'GET') return list(service, call, baseUrl);
    throw methodNotAllowed(method, call.url.pathname);
  }
  if (method === 'GET') {
    if (call.url.searchParams.get('alt') === 'media') return sendObjectBytes(call.request, call.response, await service.open(call.bucket, call.object, ADMIN));
    const object = await service.read(call.bucket, call.object, ADMIN);
    return sendJson(call.response, 200, toGcsJson(object.metadata, baseUrl));
  }
  if (method === 'PATCH') {
    const patch = withPredefinedAcl(call, parseMetadataPatch(parseJsonBody(await readBody(call.request))));
    const metadata = await service.updateMetadata(call.bucket, call.object, patch, ADMIN, parsePreconditions(call.url.searchParams));
    return sendJson(call.response, 200, toGcsJson(metadata, baseUrl));
  }
  if (method === 'DELETE') {
    await service.delete(call.bucket, call.object, ADMIN, parsePreconditions(call.url.searchParams));
    return sendEmpty(call.response, 204);
  }
  throw methodNotAllowed(method, call.url.pathname);
}

async function list(service: StorageService, call: ApiCall, baseUrl: string): Promise<void> {
  const params = call.url.searchParams;
  const page = await service.list(
    call.bucket,
    {
      prefix: params.get('prefix') ?? '',
      delimiter: params.get('delimiter') ?? '',
      maxResults: parseMaxResults(params.get('maxResults')),
      pageToken: params.get('pageToken') ?? undefined,
      matchGlob: params.get('matchGlob') ?? undefined,
    },
    ADMIN,
  );
  sendJson(call.response, 200, {
    kind: 'storage#objects',
    ...(page.prefixes.length > 0 ? { prefixes: page.prefixes } : {}),
    ...(page.items.length > 0
      ? { items: page.items.map((metadata) => toGcsJson(metadata, baseUrl)) }
      : {}),
    ...(page.nextPageToken === undefined ? {} : { nextPageToken: page.nextPageToken }),
  });
}

export async function handleGcsUpload(service: StorageService, call: ApiCall, baseUrl: string): Promise<void> {
  const method = call.request.method ?? 'GET';
  const uploadId = call.url.searchParams.get('upload_id');
  if (uploadId !== null && (method === 'PUT' || method === 'POST')) {
    return continueResumable(service, call, service.uploads.get(uploadId), baseUrl);
  }
  if (method !== 'POST') throw methodNotAllowed(method, call.url.pathname);
  const uploadType = call.url.searchParams.get('uploadType') ?? header(call, 'x-goog-upload-protocol') ?? 'media';
  if (uploadType === 'resumable') return startResumable(service, call);
  const preconditions = parsePreconditions(call.url.searchParams);
  if (uploadType === 'multipart') {
    const metadata = await multipartUpload(service, call, (patch, mediaContentType) => ({
      bucket: call.bucket,
      name: objectName(call, patch.name),
      patch: withPredefinedAcl(call, { ...queryFields(call), ...patch }),
      // X-Upload-Content-Type, when given, wins over the media part's own type (as in the official emulator).
      fallbackContentType: header(call, 'x-upload-content-type') ?? mediaContentType,
      caller: ADMIN,
      firebaseDefaults: false,
      preconditions,
    }));
    return sendJson(call.response, 200, toGcsJson(metadata, baseUrl));
  }
  if (uploadType !== 'media') throw badRequest(`Unknown uploadType: ${uploadType}`);
  const metadata = await simpleUpload(service, call, {
    bucket: call.bucket,
    name: objectName(call, undefined),
    patch: withPredefinedAcl(call, queryFields(call)),
    fallbackContentType: header(call, 'content-type'),
    caller: ADMIN,
    firebaseDefaults: false,
    preconditions,
  });
  sendJson(call.response, 200, toGcsJson(metadata, baseUrl));
}

/**
 * `objects.insert`'s `contentEncoding` query parameter (the same as that metadata field, which,
 * given too, wins) and `predefinedAcl` (which wins over an `acl` in the metadata, as in GCS).
 */
function queryFields(call: ApiCall): MetadataPatch {
  return parseMetadataPatch({ contentEncoding: call.url.searchParams.get('contentEncoding') ?? undefined });
}

/** The uploaded metadata with the `predefinedAcl` parameter applied. */
function withPredefinedAcl(call: ApiCall, patch: MetadataPatch): MetadataPatch {
  const acl = predefinedAcl(call.url.searchParams);
  return acl === undefined ? patch : { ...patch, acl };
}

function objectName(call: ApiCall, fromMetadata: string | undefined): string {
  const name = strictQueryParam(call.url, 'name') ?? fromMetadata;
  if (!name) throw badRequest('Upload needs an object name (the "name" query parameter or metadata field)');
  return name.replace(/^\//, '');
}

async function startResumable(service: StorageService, call: ApiCall): Promise<void> {
  const patch = withPredefinedAcl(call, { ...queryFields(call), ...parseMetadataPatch(parseJsonBody(await readBody(call.request))) });
  const name = objectName(call, patch.name);
  const declared = header(call, 'x-upload-content-length');
  if (declared !== undefined && !/^\d+$/.test(declared)) throw badRequest(`Invalid X-Upload-Content-Length: ${declared}`);
  const session = await service.startUpload(
    {
      bucket: call.bucket,
      name,
      patch,
      fallbackContentType: header(call, 'x-upload-content-type'),
      caller: ADMIN,
      firebaseDefaults: false,
      preconditions: parsePreconditions(call.url.searchParams),
    },
    declared === undefined ? undefined : Number(declared),
  );
  const location = new URL(`/upload/storage/v1/b/${encodeURIComponent(call.bucket)}/o`, call.origin);
  location.searchParams.set('uploadType', 'resumable');
  location.searchParams.set('name', name);
  location.searchParams.set('upload_id', session.id);
  sendEmpty(call.response, 200, { Location: location.toString(), 'X-GUploader-UploadID': session.id });
}

/** A parsed `Content-Range: bytes a-b/total` (or `*` parts) of a resumable PUT. */
interface ChunkRange {
  /** Undefined for a status probe (`bytes *\/…`). */
  start?: number;
  /** Inclusive end; undefined when the chunk runs to the end of the body (`a-*`). */
  end?: number;
  /** Undefined while the total is unknown (`/*`). */
  total?: number;
}

function parseContentRange(raw: string | undefined): ChunkRange {
  if (raw === undefined) return { start: 0 };
  const match = /^\s*bytes\s+(?:\*|(\d+)-(\d+|\*))\/(\d+|\*)\s*$/i.exec(raw);
  if (!match) throw badRequest(`Invalid Content-Range: ${raw}`);
  const [, start, end, total] = match;
  return {
    start: start === undefined ? undefined : Number(start),
    end: end === undefined || end === '*' ? undefined : Number(end),
    total: total === '*' ? undefined : Number(total),
  };
}

async function continueResumable(service: StorageService, call: ApiCall, session: UploadSession, baseUrl: string): Promise<void> {
  const range = parseContentRange(header(call, 'content-range'));
  if (session.result) return sendJson(call.response, 200, toGcsJson(session.result, baseUrl));
  // A refused finalize (a precondition, the quota) is the session's answer from then on.
  if (session.refusal) throw session.refusal;
  if (range.start === undefined) {
    if (range.total !== undefined && range.total === session.received) return finalize(service, call, session, baseUrl);
    return sendIncomplete(call, session);
  }
  const start = range.start;
  // `a-*` (single request, length unknown) is the whole rest of the object; otherwise the end and total tell.
  const last = range.end === undefined || range.end + 1 === range.total;
  const checkLength = (length: number) => {
    if (range.end !== undefined && range.end - start + 1 !== length) {
      throw badRequest(`Content-Range covers ${range.end - start + 1} bytes but the body has ${length}`);
    }
    const endExclusive = start + length;
    if (range.total !== undefined && (endExclusive > range.total || (last && endExclusive !== range.total))) {
      throw badRequest(`Chunk ends at byte ${endExclusive} but the object has ${range.total} bytes`);
    }
  };
  const length = declaredLength(call.request);
  if (length !== undefined) checkLength(length); // before any byte is read
  await service.uploads.append(session, { offset: start, declaredLength: length, body: bodyChunks(call.request), last, check: checkLength });
  if (!last) return sendIncomplete(call, session);
  return finalize(service, call, session, baseUrl);
}

async function finalize(service: StorageService, call: ApiCall, session: UploadSession, baseUrl: string): Promise<void> {
  const metadata = await service.finalizeUpload(session, false);
  sendJson(call.response, 200, toGcsJson(metadata, baseUrl));
}

function sendIncomplete(call: ApiCall, session: UploadSession): void {
  sendEmpty(call.response, RESUME_INCOMPLETE, session.received > 0 ? { Range: `bytes=0-${session.received - 1}` } : {});
}

export interface CopyDestination {
  bucket: string;
  object: string;
  /** `rewriteTo` answers a `storage#rewriteResponse`; `copyTo` the object itself. */
  rewrite: boolean;
}

/** Copies an object in one step (the emulator never needs a rewrite token). */
export async function handleGcsCopy(service: StorageService, call: ApiCall, destination: CopyDestination, baseUrl: string): Promise<void> {
  const method = call.request.method ?? 'GET';
  if (method !== 'POST') throw methodNotAllowed(method, call.url.pathname);
  // A rewrite here is always done in one call, so no response ever carries a `rewriteToken`
  // (GCS sends one only "if more calls are needed", json_api/v1/objects/rewrite): a token is
  // one we never issued, and GCS refuses a token it did not issue instead of starting afresh.
  if (destination.rewrite && call.url.searchParams.has('rewriteToken')) throw badRequest('Invalid rewrite token.');
  const requested = parseMetadataPatch(parseJsonBody(await readBody(call.request)));
  const source = await service.read(call.bucket, call.object!, ADMIN);
  const metadata = await service.copy(source, {
    bucket: destination.bucket,
    name: destination.object,
    patch: copyPatch(source.metadata, requested),
    caller: ADMIN,
    firebaseDefaults: false,
    preconditions: parsePreconditions(call.url.searchParams),
  });
  const resource = toGcsJson(metadata, baseUrl);
  if (!destination.rewrite) return sendJson(call.response, 200, resource);
  sendJson(call.response, 200, {
    kind: 'storage#rewriteResponse',
    totalBytesRewritten: String(metadata.size),
    objectSize: String(metadata.size),
    done: true,
    resource,
  });
}

/**
 * The copy's metadata, as the official emulator makes it: the source's, with the fields the
 * request gives over it. Custom metadata in the request replaces the source's whole (download
 * tokens included), a null value in it kept as "" (as production does); without any, the
 * source's custom metadata and download tokens are copied; an empty or null one keeps the tokens only.
 */
function copyPatch(source: ObjectMetadata, requested: MetadataPatch): MetadataPatch {
  const { name: _name, md5Hash: _md5, crc32c: _crc, metadata: custom, ...fields } = requested;
  const copied = copiedFields(source);
  const given = custom !== undefined && custom !== null && Object.keys(custom).length > 0;
  return {
    ...copied,
    ...fields,
    metadata: given
      ? Object.fromEntries(Object.entries(custom).map(([key, value]) => [key, value ?? '']))
      : custom === undefined
        ? copied.metadata
        : downloadTokensOf(source),
  };
}

function downloadTokensOf(source: ObjectMetadata): Record<string, string> {
  return source.downloadTokens.length > 0 ? { [DOWNLOAD_TOKENS_KEY]: source.downloadTokens.join(',') } : {};
}

function copiedFields(source: ObjectMetadata): MetadataPatch {
  return {
    contentType: source.contentType,
    cacheControl: source.cacheControl ?? null,
    contentDisposition: source.contentDisposition ?? null,
    contentEncoding: source.contentEncoding ?? null,
    contentLanguage: source.contentLanguage ?? null,
    customTime: source.customTime ?? null,
    metadata: { ...source.customMetadata, ...downloadTokensOf(source) },
  };
}
