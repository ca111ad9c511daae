/**
 * Serves an object's bytes (both APIs' `alt=media`), with the headers GCS sends and single
 * byte ranges, streamed from its file with backpressure: a download never sits in memory.
 * An object stored gzip-encoded goes out as stored to a client that accepts gzip, and
 * decompressed to one that does not (GCS's decompressive transcoding: no Content-Encoding,
 * no Content-Length, the whole object whatever the Range).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { parseRange, type ByteRange } from './http.js';
import { etagOf } from './object-metadata.js';
import type { OpenedObject } from './service.js';

/**
 * `named`: the Content-Disposition both JSON APIs' media downloads send (the Firebase API's
 * `alt=media` and GCS's `/storage/v1/…?alt=media`), the stored one (or `attachment`) naming the
 * file; `stored`: the public URL's (XML API), the stored one as it is, `attachment` when there is none.
 */
export type DispositionForm = 'named' | 'stored';

export async function sendObjectBytes(request: IncomingMessage, response: ServerResponse, object: OpenedObject, form: DispositionForm = 'named'): Promise<void> {
  const { metadata, reader } = object;
  const fileName = metadata.name.split('/').pop() ?? metadata.name;
  const headers: Record<string, string | number> = {
    'Content-Type': metadata.contentType,
    'Content-Disposition': form === 'stored' ? (metadata.contentDisposition ?? 'attachment') : namedDisposition(metadata.contentDisposition, fileName),
    'Accept-Ranges': 'bytes',
    ETag: `"${etagOf(metadata)}"`,
    'Last-Modified': new Date(metadata.updated).toUTCString(),
    'x-goog-generation': metadata.generation,
    'x-goog-metageneration': String(metadata.metageneration),
    'x-goog-storage-class': metadata.storageClass,
    // With the stored encoding announced, @google-cloud/storage checks these hashes against what it read.
    'x-goog-hash': `crc32c=${metadata.crc32c},md5=${metadata.md5Hash}`,
    'x-goog-stored-content-encoding': metadata.contentEncoding ?? 'identity',
    'x-goog-stored-content-length': metadata.size,
  };
  if (metadata.contentLanguage !== undefined) headers['Content-Language'] = metadata.contentLanguage;
  if (metadata.cacheControl !== undefined) headers['Cache-Control'] = metadata.cacheControl;
  if (metadata.contentEncoding === 'gzip' && !acceptsGzip(request.headers['accept-encoding'])) {
    return sendDecompressed(request, response, object, headers);
  }
  if (metadata.contentEncoding !== undefined) headers['Content-Encoding'] = metadata.contentEncoding;
  let range: ByteRange | undefined;
  try {
    range = parseRange(request.headers.range, metadata.size);
  } catch (error) {
    reader.close();
    throw error;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? metadata.size - 1;
  if (range === undefined) response.writeHead(200, { ...headers, 'Content-Length': metadata.size });
  else response.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${metadata.size}`, 'Content-Length': end - start + 1 });
  if (request.method === 'HEAD' || end < start) {
    reader.close();
    response.end();
    return;
  }
  // A client that goes away mid-download ends the pipeline (and closes the file): nothing to answer.
  await pipeline(reader.stream(start, end), response).catch(() => undefined);
}

/** Whether `Accept-Encoding` allows gzip (named or `*`, without `q=0`). */
function acceptsGzip(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    return (coding === 'gzip' || coding === 'x-gzip' || coding === '*') && !refused;
  });
}

/** The stored gzip bytes, gunzipped as they stream; bytes that do not gunzip cut the download off (the status is out already). */
async function sendDecompressed(request: IncomingMessage, response: ServerResponse, object: OpenedObject, headers: Record<string, string | number>): Promise<void> {
  const { metadata, reader } = object;
  response.writeHead(200, headers);
  if (request.method === 'HEAD' || metadata.size === 0) {
    reader.close();
    response.end();
    return;
  }
  await pipeline(reader.stream(0, metadata.size - 1), createGunzip(), response).catch(() => {
    reader.close();
    response.destroy();
  });
}

/**
 * The stored disposition, given the object's file name unless it already names one, in the form
 * firebase-tools' Storage conformance suite checks (`attachment; filename*=testFile`; the suite
 * also runs against production): the name percent-encoded as RFC 5987 encodes a value
 * (firebase-tools `emulator/storage/rfc.js`), without a charset prefix.
 */
export function namedDisposition(stored: string | undefined, fileName: string): string {
  const disposition = stored ?? 'attachment';
  return /filename/i.test(disposition) ? disposition : `${disposition}; filename*=${encodeRfc5987(fileName)}`;
}

/** encodeURIComponent, also escaping `'()*` and leaving `|`, backtick and `^` as they are (RFC 5987's attr-char). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value)
    .replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(7C|60|5E)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
