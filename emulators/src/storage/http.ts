/** Small HTTP helpers shared by both APIs: bodies, replies, CORS and byte ranges. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { IncomingBlob } from './blob-store.js';
import { badRequest, payloadTooLarge, rangeNotSatisfiable, type StorageError } from './errors.js';

/** The largest JSON body read into memory (metadata, rules, control requests); object bytes never are. */
const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;

/** Headers browsers may read from our replies; without them the web SDK cannot follow a resumable upload. */
const EXPOSED_HEADERS = [
  'content-type',
  'content-range',
  'x-firebase-storage-version',
  'x-goog-upload-url',
  'x-goog-upload-status',
  'x-goog-upload-size-received',
  'x-goog-upload-command',
  'x-goog-upload-protocol',
  'x-goog-upload-chunk-granularity',
  'x-goog-upload-control-url',
  'x-goog-upload-header-content-length',
  'x-goog-upload-header-content-type',
  'x-gupload-uploadid',
  'x-goog-hash',
  'x-goog-generation',
  'x-goog-metageneration',
  'location',
  'range',
].join(', ');

/**
 * Adds CORS headers for a browser caller (any origin, as the official emulator allows).
 * Returns true when the request was a preflight and has been answered.
 */
export function handleCors(request: IncomingMessage, response: ServerResponse): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (request.method !== 'OPTIONS') return false;
  response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, PUT, PATCH, POST, DELETE');
  const requested = request.headers['access-control-request-headers'];
  if (requested !== undefined) response.setHeader('Access-Control-Allow-Headers', requested);
  if (request.headers['access-control-request-private-network'] !== undefined) {
    response.setHeader('Access-Control-Allow-Private-Network', 'true');
  }
  response.setHeader('Access-Control-Max-Age', '3600');
  response.writeHead(204).end();
  return true;
}

/**
 * Reads a whole (small) request body: JSON metadata or control requests. Rejects with 413
 * past the limit, from Content-Length before reading when it is declared; an aborted request
 * rejects with its socket error.
 */
export async function readBody(request: IncomingMessage, limit = MAX_JSON_BODY_BYTES): Promise<Buffer> {
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limit) throw payloadTooLarge(limit);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of bodyChunks(request)) {
    length += chunk.byteLength;
    if (length > limit) throw payloadTooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/**
 * The request body as chunks. Leaving the loop early (a refused upload) does not destroy the
 * request, so the refusal can still be answered; the reply then closes the connection.
 */
export function bodyChunks(request: IncomingMessage): AsyncIterable<Buffer> {
  const iterator = request.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  return { [Symbol.asyncIterator]: () => iterator };
}

/** The body length the request declares (`Content-Length`), or undefined (chunked, or none given). */
export function declaredLength(request: IncomingMessage): number | undefined {
  const raw = request.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Streams a request body into an upload's file, refusing (413) more than `limit` bytes:
 * from Content-Length before reading when it is declared, else once that many have come.
 */
export async function receiveBody(request: IncomingMessage, blob: IncomingBlob, limit: number): Promise<void> {
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limit) throw payloadTooLarge(limit);
  for await (const chunk of bodyChunks(request)) {
    if (blob.size + chunk.byteLength > limit) throw payloadTooLarge(limit);
    await blob.write(chunk);
  }
}

/** Parses a JSON body; an empty body is `undefined`. */
export function parseJsonBody(body: Buffer): unknown {
  if (body.byteLength === 0) return undefined;
  const text = strictUtf8(body, 'Request body');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body is not valid JSON');
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes a client sent as text (JSON, form fields), decoded strictly: bytes that are not UTF-8
 * are a 400 naming `what`, where a lenient decode would turn them into U+FFFD and store an
 * object name (or metadata) nobody sent.
 */
export function strictUtf8(bytes: Uint8Array, what: string): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    throw badRequest(`${what} is not valid UTF-8`);
  }
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = Buffer.from(JSON.stringify(body));
  response.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.byteLength });
  response.end(payload);
}

export function sendEmpty(response: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...headers, 'Content-Length': 0 });
  response.end();
}

/** Error replies: JSON, except for media downloads where GCS answers plain text. */
export function sendError(response: ServerResponse, error: StorageError, plainText: boolean): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  if (plainText) {
    const payload = Buffer.from(error.message);
    response.writeHead(error.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': payload.byteLength });
    response.end(payload);
    return;
  }
  sendJson(response, error.status, error.toJson());
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** Parses a single `Range: bytes=…` request header; undefined means the whole object. Multiple ranges are served whole. */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw rangeNotSatisfiable(size);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) throw rangeNotSatisfiable(size);
  return { start, end };
}

/**
 * A query parameter decoded strictly, for the values that become object names: a value whose
 * escapes are not UTF-8 (`name=%FF`) is a 400, as production refuses it, where URLSearchParams
 * would quietly put U+FFFD in their place and store a name nobody sent. Null when absent.
 */
export function strictQueryParam(url: URL, key: string): string | null {
  for (const pair of url.search.slice(1).split('&')) {
    const separator = pair.indexOf('=');
    const rawKey = separator === -1 ? pair : pair.slice(0, separator);
    if (decodeQueryPart(rawKey) !== key) continue;
    const value = decodeQueryPart(separator === -1 ? '' : pair.slice(separator + 1));
    if (value === undefined) throw badRequest(`Query parameter "${key}" is not valid UTF-8 once decoded`);
    return value;
  }
  return null;
}

function decodeQueryPart(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** Splits a URL path into decoded segments. A malformed percent-escape is a 400. */
export function pathSegments(pathname: string): string[] {
  try {
    return pathname.split('/').filter((segment) => segment !== '').map(decodeURIComponent);
  } catch {
    throw badRequest(`Malformed URL path: ${pathname}`);
  }
}
