/**
 * The HTTP front: CORS, routing of the two APIs by path, and the one place errors become
 * replies. Client mistakes arrive here as StorageError (4xx); anything else is a bug and
 * is logged and answered 500, and the server keeps serving either way.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ApiCall } from './api-call.js';
import { badRequest, routeNotFound, StorageError } from './errors.js';
import { handleGcsAcl, handlePublicUrl } from './acl.js';
import { handleGcsCompose } from './compose.js';
import { handleFirebaseApi } from './firebase-api.js';
import { handleGcsCopy, handleGcsObjects, handleGcsUpload, type CopyDestination } from './gcs-api.js';
import { handleCors, pathSegments, sendError, sendJson } from './http.js';
import { handleInternalApi, type InternalControls } from './internal-api.js';
import { handleFormUpload } from './post-policy.js';
import type { StorageService } from './service.js';
import { operationClass, storageClientOf, type StorageUsageMeter } from './usage.js';

type Api = 'firebase' | 'gcs-objects' | 'gcs-upload' | 'gcs-copy' | 'gcs-compose' | 'gcs-acl';

interface Route {
  api: Api;
  bucket: string;
  object: string | undefined;
  /** For `gcs-copy`: `…/o/{object}/(rewriteTo|copyTo)/b/{bucket}/o/{object}`. */
  destination?: CopyDestination;
  /** For `gcs-acl`: `…/o/{object}/acl/{entity}`; undefined for the whole list. */
  entity?: string;
}

/** Path prefixes (as segments) in front of `b/{bucket}/o[/{object}]`. */
const PREFIXES: ReadonlyArray<{ segments: readonly string[]; api: Api }> = [
  { segments: ['v0'], api: 'firebase' },
  { segments: ['upload', 'storage', 'v1'], api: 'gcs-upload' },
  { segments: ['download', 'storage', 'v1'], api: 'gcs-objects' },
  { segments: ['storage', 'v1'], api: 'gcs-objects' },
  // @google-cloud/storage uses STORAGE_EMULATOR_HOST as its base URL without `/storage/v1`.
  { segments: [], api: 'gcs-objects' },
];

/** First path segments the APIs own: never a bucket of the public URL form. */
const API_ROOTS = new Set(['b', 'v0', 'storage', 'upload', 'download', 'internal']);

export function route(segments: readonly string[]): Route | undefined {
  for (const prefix of PREFIXES) {
    if (!prefix.segments.every((segment, index) => segments[index] === segment)) continue;
    const rest = segments.slice(prefix.segments.length);
    if (rest[0] !== 'b' || rest[1] === undefined || rest[2] !== 'o') continue;
    const copy = copyRoute(rest);
    if (copy) return prefix.api === 'gcs-objects' ? copy : undefined;
    // `b/{bucket}/o/{destination}/compose`, the destination one encoded segment.
    if (rest.length === 5 && rest[4] === 'compose' && prefix.api === 'gcs-objects') return { api: 'gcs-compose', bucket: rest[1], object: rest[3] };
    // `b/{bucket}/o/{object}/acl[/{entity}]`.
    if ((rest.length === 5 || rest.length === 6) && rest[4] === 'acl' && prefix.api === 'gcs-objects') {
      return { api: 'gcs-acl', bucket: rest[1], object: rest[3], entity: rest[5] };
    }
    // Object names are one encoded segment; raw slashes (hand-written URLs) are joined back.
    const object = rest.length > 3 ? rest.slice(3).join('/') : undefined;
    if (prefix.api === 'gcs-upload' && object !== undefined) continue;
    return { api: prefix.api, bucket: rest[1], object };
  }
  return undefined;
}

/** `b/{src}/o/{name}/(rewriteTo|copyTo)/b/{dst}/o/{name}`, with both names one encoded segment each. */
function copyRoute(rest: readonly string[]): Route | undefined {
  const [, bucket, , object, verb, b, destinationBucket, o, destinationObject] = rest;
  if (rest.length !== 9 || (verb !== 'rewriteTo' && verb !== 'copyTo') || b !== 'b' || o !== 'o') return undefined;
  return {
    api: 'gcs-copy',
    bucket: bucket!,
    object: object!,
    destination: { bucket: destinationBucket!, object: destinationObject!, rewrite: verb === 'rewriteTo' },
  };
}

export function createStorageServer(service: StorageService, controls: InternalControls, baseUrl: () => string, meter?: StorageUsageMeter): Server {
  return createServer((request, response) => {
    void handle(service, controls, baseUrl(), request, response, meter);
  });
}

/** Bytes each connection had read when its previous request was answered (keep-alive carries several). */
const readBySocket = new WeakMap<object, number>();

/**
 * Counts the bytes a reply's body carries, and the request's bytes on the wire (headers
 * included: a small body is read with them, before any handler runs), into `meter` once
 * the reply is out.
 */
function metered(request: IncomingMessage, response: ServerResponse, meter: StorageUsageMeter, route: { object: string | undefined }, url: URL): void {
  let bytesOut = 0;
  const count = (chunk: unknown) => {
    if (typeof chunk === 'string') bytesOut += Buffer.byteLength(chunk);
    else if (chunk instanceof Uint8Array) bytesOut += chunk.byteLength;
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((chunk: unknown, ...rest: unknown[]) => (count(chunk), write(chunk, ...rest))) as typeof response.write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => (typeof chunk !== 'function' && count(chunk), end(chunk, ...rest))) as typeof response.end;
  response.once('finish', () => {
    const socket = request.socket;
    const bytesIn = Math.max(0, socket.bytesRead - (readBySocket.get(socket) ?? 0));
    readBySocket.set(socket, socket.bytesRead);
    if (response.statusCode >= 400) return;
    meter.record(storageClientOf(request.headers), operationClass(request.method ?? 'GET', route.object, url), bytesIn, bytesOut);
  });
}

async function handle(
  service: StorageService,
  controls: InternalControls,
  baseUrl: string,
  request: IncomingMessage,
  response: ServerResponse,
  meter?: StorageUsageMeter,
): Promise<void> {
  const origin = clientOrigin(request, baseUrl);
  let url = new URL('/', origin);
  try {
    url = requestUrl(request, origin);
    if (handleCors(request, response)) return;
    const segments = pathSegments(url.pathname);
    if (segments.length === 0 || (segments.length === 1 && segments[0] === 'v0')) {
      return sendJson(response, 200, { emulator: 'storage' });
    }
    if (segments[0] === 'internal' && segments.length === 2) return await handleInternalApi(controls, segments[1]!, request, response);
    // Billed operations so far (see usage.ts), like the Firestore emulator's; DELETE starts afresh.
    if (meter && segments.length === 5 && segments.slice(0, 3).join('/') === 'emulator/v1/projects' && segments[4] === 'usage') {
      if (request.method === 'DELETE') meter.reset();
      return sendJson(response, 200, request.method === 'DELETE' ? {} : meter.snapshot());
    }
    const target = route(segments);
    // `POST /{bucket}`: a form upload (HTML form, signed POST policy).
    if (!target && segments.length === 1 && request.method === 'POST') return await handleFormUpload(service, request, response, segments[0]!);
    // Anything else with a bucket and a name is the public URL form `/{bucket}/{object}` (not
    // under the APIs' own prefixes, where an unknown path stays a 404).
    if (!target && segments.length >= 2 && !API_ROOTS.has(segments[0]!)) {
      return await handlePublicUrl(service, request, response, segments[0]!, segments.slice(1).join('/'));
    }
    if (!target) throw routeNotFound(request.method ?? 'GET', url.pathname);
    if (meter) metered(request, response, meter, target, url);
    const call: ApiCall = { request, response, url, bucket: target.bucket, object: target.object, origin };
    if (target.api === 'firebase') await handleFirebaseApi(service, call);
    else if (target.api === 'gcs-upload') await handleGcsUpload(service, call, baseUrl);
    else if (target.destination) await handleGcsCopy(service, call, target.destination, baseUrl);
    else if (target.api === 'gcs-compose') await handleGcsCompose(service, call, baseUrl);
    else if (target.api === 'gcs-acl') await handleGcsAcl(service, call, target.entity, baseUrl);
    else await handleGcsObjects(service, call, baseUrl);
  } catch (error) {
    if (request.destroyed && !request.complete) return; // the client went away mid-body: nothing to answer
    if (!request.complete) leaveUnread(request, response);
    const mediaGet = request.method === 'GET' && url.searchParams.get('alt') === 'media';
    if (error instanceof StorageError) return sendError(response, error, mediaGet);
    console.error('[storage] internal error on', request.method, url.pathname, error);
    sendError(response, new StorageError(500, 'Internal error in the Storage emulator', 'backendError'), false);
  }
}

/** How long a connection whose request body was refused unread stays open for the client to read the answer. */
const LINGER_MS = 2000;

/**
 * A refusal that comes before (or in the middle of) the body leaves the rest unread: once
 * the answer is out, reading stops (Node's own clean-up would read and discard everything
 * the client still sends) and the connection is closed a little later, when the client has
 * had the time to read the answer. Closing at once could reset it before the client read it.
 */
function leaveUnread(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  // The connection is not read any more: a keep-alive client must not send its next request
  // on it (it would wait for nothing, then fail when the linger closes it), so say
  // `Connection: close`. Node then closes the socket as soon as the answer is out, which
  // would reset it with the body still unread: half-close it instead, and close it after the linger.
  if (!response.headersSent) response.setHeader('Connection', 'close');
  Object.assign(socket, { destroySoon: () => socket.end() });
  response.once('finish', () => {
    // Runs after Node's own 'finish' handler, which resumes the request to discard its body.
    request.pause();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  });
}

/** The request's URL; an absolute-form target that does not parse is a 400, not a crash. */
function requestUrl(request: IncomingMessage, origin: string): URL {
  try {
    return new URL(request.url ?? '/', origin);
  } catch {
    throw badRequest(`Malformed request target: ${request.url}`);
  }
}

/** The origin the client used (its `Host`), so upload URLs work from a browser on `localhost` too; ours when `Host` is odd. */
function clientOrigin(request: IncomingMessage, baseUrl: string): string {
  const host = request.headers.host;
  return host !== undefined && /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host) ? `http://${host}` : baseUrl;
}
