/**
 * Reads a `multipart/related` upload body as it streams in: a JSON metadata part, then the
 * object's bytes (RFC 2387, as both the web SDK and @google-cloud/storage send it). The
 * metadata part is small and parsed whole; the media part is handed on chunk by chunk and
 * never held. Anything that is not exactly those two parts with a closing delimiter is
 * rejected, so a truncated body is never stored.
 */
import { ByteReader } from './byte-reader.js';
import { badRequest, payloadTooLarge } from './errors.js';
import { strictUtf8 } from './http.js';

export interface MultipartHead {
  /** The first part, parsed as JSON. */
  metadata: unknown;
  /** The second part's Content-Type, if it has one. */
  contentType: string | undefined;
  /**
   * The media's size if the body is exactly as long as `Content-Length` says and ends right
   * after the closing delimiter (as both SDKs send it); undefined without a Content-Length.
   */
  declaredSize: number | undefined;
}

export interface MultipartSink {
  /** Called once the metadata part is in, before any media byte is read: may refuse by throwing. */
  head(head: MultipartHead): Promise<void>;
  media(bytes: Buffer): Promise<void>;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
/** Room for the preamble, part headers and the metadata JSON. */
const MAX_HEAD_BYTES = 1024 * 1024;

/**
 * Streams `body` into `sink`. `maxMediaBytes` bounds the object (413 past it); `contentLength`
 * is the request's declared length, if any.
 */
export async function readMultipartRelated(
  contentTypeHeader: string | undefined,
  body: AsyncIterable<Buffer>,
  sink: MultipartSink,
  options: { maxMediaBytes: number; contentLength: number | undefined },
): Promise<void> {
  const boundary = boundaryOf(contentTypeHeader);
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = new ByteReader(body, options.maxMediaBytes + MAX_HEAD_BYTES);
  const headTooLarge = () => badRequest(`Multipart metadata is larger than ${MAX_HEAD_BYTES} bytes`);

  if ((await reader.readUntil(dashBoundary, MAX_HEAD_BYTES, headTooLarge)) === undefined) throw badRequest('Multipart body has no opening boundary');
  if (await closesHere(reader)) throw partCount(0);
  await skipLineBreak(reader);
  const metadataPart = await reader.readUntil(delimiter, MAX_HEAD_BYTES, headTooLarge);
  if (metadataPart === undefined) throw truncated();
  if (await closesHere(reader)) throw partCount(1);
  await skipLineBreak(reader);
  const mediaHeaders = await readPartHeaders(reader);

  const closing = delimiter.byteLength + 2; // `\r\n--boundary--`
  await sink.head({
    metadata: parseJson(splitPart(metadataPart).body),
    contentType: mediaHeaders['content-type'],
    declaredSize: options.contentLength === undefined ? undefined : Math.max(0, options.contentLength - reader.consumed - closing),
  });

  let size = 0;
  const closed = await reader.streamUntil(delimiter, async (bytes) => {
    size += bytes.byteLength;
    if (size > options.maxMediaBytes) throw payloadTooLarge(options.maxMediaBytes);
    await sink.media(bytes);
  });
  if (!closed) throw truncated();
  if (!(await closesHere(reader))) {
    if ((await reader.peek(1)).byteLength === 0) throw truncated();
    throw badRequest('Multipart upload must have 2 parts (metadata, media), got more');
  }
  // Whatever follows the closing delimiter (an epilogue, a CRLF) is ignored, as RFC 2046 says.
  await reader.streamToEnd(async () => undefined);
}

function boundaryOf(contentTypeHeader: string | undefined): string {
  if (!contentTypeHeader || !/^multipart\/related\s*(;|$)/i.test(contentTypeHeader.trim())) {
    // The official emulator's words ("Bad content type."), which its conformance suite checks.
    throw badRequest(`Bad content type. ${contentTypeHeader ?? '(none)'}: a multipart upload needs Content-Type: multipart/related`);
  }
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentTypeHeader);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw badRequest(`Bad content type. ${contentTypeHeader}: a multipart Content-Type needs a boundary`);
  return boundary;
}

const truncated = () => badRequest('Multipart body is truncated: no closing boundary');
const partCount = (count: number) => badRequest(`Multipart upload must have 2 parts (metadata, media), got ${count}`);

/** After a delimiter: `--` closes the body. */
export async function closesHere(reader: ByteReader): Promise<boolean> {
  const next = await reader.peek(2);
  if (next.toString('latin1') !== '--') return false;
  reader.skip(2);
  return true;
}

export async function skipLineBreak(reader: ByteReader): Promise<void> {
  if ((await reader.peek(2)).equals(CRLF)) reader.skip(2);
}

/** A part's header lines up to the blank line (none when the part starts with CRLF). */
export async function readPartHeaders(reader: ByteReader): Promise<Record<string, string>> {
  if ((await reader.peek(2)).equals(CRLF)) {
    reader.skip(2);
    return {};
  }
  const raw = await reader.readUntil(HEADERS_END, MAX_HEAD_BYTES, () => badRequest('Multipart part headers are too large'));
  if (raw === undefined) throw badRequest('Multipart part has no header/body separator');
  return parseHeaders(raw);
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function splitPart(raw: Buffer): Part {
  if (raw.subarray(0, 2).equals(CRLF)) return { headers: {}, body: raw.subarray(2) };
  const end = raw.indexOf(HEADERS_END);
  if (end < 0) throw badRequest('Multipart part has no header/body separator');
  return { headers: parseHeaders(raw.subarray(0, end)), body: raw.subarray(end + HEADERS_END.byteLength) };
}

function parseHeaders(raw: Buffer): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function parseJson(body: Buffer): unknown {
  const text = strictUtf8(body, 'Multipart metadata part');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Multipart metadata part is not valid JSON');
  }
}
