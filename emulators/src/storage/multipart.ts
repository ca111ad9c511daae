/**
 * Parses a `multipart/related` upload body: a JSON metadata part, then the object's
 * bytes (RFC 2387, as both the web SDK and @google-cloud/storage send it). Anything that
 * is not exactly those two parts with a closing delimiter is rejected, so a truncated
 * body is never stored.
 */
import { badRequest } from './errors.js';

export interface MultipartUpload {
  /** The first part, parsed as JSON. */
  metadata: unknown;
  /** The second part's Content-Type, if it has one. */
  contentType: string | undefined;
  data: Buffer;
}

const CRLF = '\r\n';

export function parseMultipartRelated(contentTypeHeader: string | undefined, body: Buffer): MultipartUpload {
  const boundary = boundaryOf(contentTypeHeader);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let cursor = body.indexOf(delimiter);
  if (cursor < 0) throw badRequest('Multipart body has no opening boundary');
  let closed = false;
  while (!closed) {
    const afterDelimiter = cursor + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') {
      closed = true;
      break;
    }
    const next = body.indexOf(Buffer.from(`${CRLF}--${boundary}`), afterDelimiter);
    if (next < 0) break;
    parts.push(body.subarray(skipLineBreak(body, afterDelimiter), next));
    cursor = next + CRLF.length;
  }
  if (!closed) throw badRequest('Multipart body is truncated: no closing boundary');
  if (parts.length !== 2) throw badRequest(`Multipart upload must have 2 parts (metadata, media), got ${parts.length}`);
  const [metadataPart, mediaPart] = parts.map(splitPart) as [Part, Part];
  let metadata: unknown;
  try {
    metadata = JSON.parse(metadataPart.body.toString('utf8'));
  } catch {
    throw badRequest('Multipart metadata part is not valid JSON');
  }
  return { metadata, contentType: mediaPart.headers['content-type'], data: mediaPart.body };
}

function boundaryOf(contentTypeHeader: string | undefined): string {
  if (!contentTypeHeader || !/^multipart\/related\s*(;|$)/i.test(contentTypeHeader.trim())) {
    throw badRequest('Multipart upload needs Content-Type: multipart/related');
  }
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest('Multipart Content-Type has no boundary');
  return boundary;
}

function skipLineBreak(body: Buffer, at: number): number {
  return body.subarray(at, at + 2).toString() === CRLF ? at + 2 : at;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function splitPart(raw: Buffer): Part {
  if (raw.subarray(0, 2).toString() === CRLF) return { headers: {}, body: raw.subarray(2) };
  const end = raw.indexOf(`${CRLF}${CRLF}`);
  if (end < 0) throw badRequest('Multipart part has no header/body separator');
  const headers: Record<string, string> = {};
  for (const line of raw.subarray(0, end).toString('utf8').split(CRLF)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: raw.subarray(end + 2 * CRLF.length) };
}
