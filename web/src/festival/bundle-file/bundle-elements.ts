/**
 * The elements of a Firestore data bundle, read without the Firestore SDK: the programme's
 * first paint reads the festival's documents straight from the bundle file while the SDK
 * (about 120 KB gzipped) is still on its way (web/README.md, "The first page").
 *
 * The format is the one @firebase/firestore's `BundleReaderImpl` reads
 * (src/util/bundle_reader_impl.ts, src/protos/firestore_bundle_proto.ts): a sequence of
 * elements, each the length in bytes of its JSON as decimal digits, then that JSON: first
 * a `metadata` element, then `namedQuery`, `documentMetadata` and `document` elements
 * (a document follows its metadata; a deleted document has metadata and no document).
 */

/** A Firestore `Value` as proto3 JSON (or protobufjs's `toJSON`, which firebase-admin writes). */
export type JsonValue =
  | { nullValue: null | 'NULL_VALUE' | 0 }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: string | number }
  | { timestampValue: JsonTimestamp }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: JsonValue[] } }
  | { mapValue: { fields?: Record<string, JsonValue> } };

/** RFC 3339 text, or seconds and nanos (seconds as a string when a 64-bit integer is written as JSON). */
export type JsonTimestamp = string | { seconds?: string | number; nanos?: number };

export interface BundleMetadata {
  id: string;
  createTime: JsonTimestamp;
  version: number;
  totalDocuments: number;
  totalBytes: string | number;
}

export interface BundledNamedQuery {
  name: string;
  bundledQuery: { parent: string; structuredQuery?: unknown; limitType?: string };
  readTime: JsonTimestamp;
}

export interface BundledDocumentMetadata {
  /** `projects/{p}/databases/{d}/documents/{path}` */
  name: string;
  readTime: JsonTimestamp;
  exists: boolean;
  /** The named queries the document belongs to. */
  queries?: string[];
}

export interface BundledDocument {
  name: string;
  fields?: Record<string, JsonValue>;
  createTime?: JsonTimestamp;
  updateTime?: JsonTimestamp;
}

export type BundleElement =
  | { metadata: BundleMetadata }
  | { namedQuery: BundledNamedQuery }
  | { documentMetadata: BundledDocumentMetadata }
  | { document: BundledDocument };

export class BundleFormatError extends Error {
  constructor(message: string) {
    super(`Not a Firestore data bundle: ${message}`);
    this.name = 'BundleFormatError';
  }
}

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/**
 * Every element of the bundle in `bytes`, in order. Throws a `BundleFormatError` for
 * anything else (an HTML error page, a cut-off download): the caller then falls back to the
 * SDK's path rather than paint half a programme.
 */
export function readBundleElements(bytes: Uint8Array): BundleElement[] {
  return readBundleElementSpans(bytes).map(({ element }) => element);
}

/** An element, and its bytes in the bundle: its length prefix and its JSON. */
export interface BundleElementSpan {
  element: BundleElement;
  bytes: Uint8Array;
}

/**
 * What was read of each buffer: the first paint (programme-of-bundle.ts) and the SDK's load
 * (split-bundle.ts) take the same downloaded bytes, and parsing a festival's JSON twice was a
 * long task of its own on a phone (web/README.md, "The first page").
 */
const readBefore = new WeakMap<ArrayBufferLike, { byteOffset: number; length: number; spans: readonly BundleElementSpan[] }>();

/**
 * As `readBundleElements`, with each element's own bytes (bundle-file/split-bundle.ts copies
 * them as they are). Read once per buffer: a second call on the same bytes gets the same
 * (read-only) spans.
 */
export function readBundleElementSpans(bytes: Uint8Array): readonly BundleElementSpan[] {
  const known = readBefore.get(bytes.buffer);
  if (known && known.byteOffset === bytes.byteOffset && known.length === bytes.length) return known.spans;
  const spans = parseBundleElementSpans(bytes);
  readBefore.set(bytes.buffer, { byteOffset: bytes.byteOffset, length: bytes.length, spans });
  return spans;
}

/** The bundle's metadata (its first element) alone, without reading the rest: which of two bundles is newer. */
export function readBundleMetadata(bytes: Uint8Array): BundleMetadata {
  const { element } = readElementAt(bytes, 0, new TextDecoder('utf-8', { fatal: true }));
  if (!('metadata' in element)) throw new BundleFormatError('it does not start with its metadata');
  return element.metadata;
}

function parseBundleElementSpans(bytes: Uint8Array): BundleElementSpan[] {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const spans: BundleElementSpan[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const start = offset;
    const { element, end } = readElementAt(bytes, offset, decoder);
    offset = end;
    if (spans.length === 0 && !('metadata' in element)) throw new BundleFormatError('it does not start with its metadata');
    spans.push({ element, bytes: bytes.subarray(start, offset) });
  }
  if (spans.length === 0) throw new BundleFormatError('it is empty');
  return spans;
}

/** The element that starts at `offset` (its length prefix, then its JSON), and where the next one starts. */
function readElementAt(bytes: Uint8Array, offset: number, decoder: TextDecoder): { element: BundleElement; end: number } {
  // The length prefix counts the UTF-8 bytes of the JSON, not its characters.
  let length = 0;
  let digits = 0;
  while (offset < bytes.length && bytes[offset]! >= DIGIT_0 && bytes[offset]! <= DIGIT_9) {
    length = length * 10 + (bytes[offset]! - DIGIT_0);
    offset += 1;
    digits += 1;
  }
  if (digits === 0) throw new BundleFormatError(`no length prefix at byte ${offset}`);
  if (offset + length > bytes.length) throw new BundleFormatError(`an element of ${length} bytes at byte ${offset} runs past the end (${bytes.length} bytes)`);
  let element: unknown;
  try {
    element = JSON.parse(decoder.decode(bytes.subarray(offset, offset + length)));
  } catch {
    throw new BundleFormatError(`the element at byte ${offset} is not JSON`);
  }
  if (!isElement(element)) throw new BundleFormatError(`unknown element at byte ${offset}`);
  return { element, end: offset + length };
}

function isElement(value: unknown): value is BundleElement {
  if (typeof value !== 'object' || value === null) return false;
  return ['metadata', 'namedQuery', 'documentMetadata', 'document'].some((key) => typeof (value as Record<string, unknown>)[key] === 'object');
}
