/** Serves an object's bytes (both APIs' `alt=media`), with the headers GCS sends and single byte ranges. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseRange } from './http.js';
import { etagOf, type StoredObject } from './object-metadata.js';

export function sendObjectBytes(request: IncomingMessage, response: ServerResponse, object: StoredObject): void {
  const { metadata, data } = object;
  const fileName = metadata.name.split('/').pop() ?? metadata.name;
  const headers: Record<string, string | number> = {
    'Content-Type': metadata.contentType,
    'Content-Disposition': contentDisposition(metadata.contentDisposition, fileName),
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
  if (metadata.contentEncoding !== undefined) headers['Content-Encoding'] = metadata.contentEncoding;
  if (metadata.contentLanguage !== undefined) headers['Content-Language'] = metadata.contentLanguage;
  if (metadata.cacheControl !== undefined) headers['Cache-Control'] = metadata.cacheControl;
  const range = parseRange(request.headers.range, data.byteLength);
  if (range === undefined) {
    response.writeHead(200, { ...headers, 'Content-Length': data.byteLength });
    response.end(data);
    return;
  }
  const slice = data.subarray(range.start, range.end + 1);
  response.writeHead(206, {
    ...headers,
    'Content-Range': `bytes ${range.start}-${range.end}/${data.byteLength}`,
    'Content-Length': slice.byteLength,
  });
  response.end(slice);
}

/** The stored disposition, given the object's file name unless it already names one. */
function contentDisposition(stored: string | undefined, fileName: string): string {
  const disposition = stored ?? 'attachment';
  return /filename/i.test(disposition) ? disposition : `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
