/**
 * Resource names: `projects/{p}/databases/{d}/documents/{path}`, and the limits on them.
 * Inside the engine a document or collection is identified by its path relative to
 * `documents/` (`rooms/r1/messages/m1`); '' is the database root.
 */
import { invalidArgument } from '../errors.js';

export const MAX_ID_BYTES = 1500;
export const MAX_PATH_DEPTH = 100;

export interface DatabaseId {
  projectId: string;
  databaseId: string;
}

export function databaseName(db: DatabaseId): string {
  return `projects/${db.projectId}/databases/${db.databaseId}`;
}

export function documentsRoot(db: DatabaseId): string {
  return `${databaseName(db)}/documents`;
}

const DATABASE_NAME = /^projects\/([^/]+)\/databases\/([^/]+)$/;

export function parseDatabaseName(name: string): DatabaseId {
  const match = DATABASE_NAME.exec(name);
  if (!match) throw invalidArgument(`Invalid database name: "${name}"`);
  return { projectId: match[1]!, databaseId: match[2]! };
}

export interface ParsedName {
  db: DatabaseId;
  /** Segments after `documents/`. */
  segments: string[];
}

/**
 * Splits a resource name under `.../documents` into its database and relative segments.
 * `allowReserved` accepts ids like `__id7__` (references in filters and cursors may name
 * them; only documents written under such ids are refused).
 */
export function parseResourceName(name: unknown, what = 'resource', allowReserved = false): ParsedName {
  if (typeof name !== 'string') throw invalidArgument(`Missing ${what} name.`);
  const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name);
  if (!match) throw invalidArgument(`Invalid ${what} name: "${name}"`);
  const rest = match[3];
  const segments = rest === undefined ? [] : rest.split('/');
  validateSegments(segments, name, allowReserved);
  return { db: { projectId: match[1]!, databaseId: match[2]! }, segments };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The number of a Datastore-style numeric id (`__id42__`, `__id-7__`), or undefined when the
 * segment is not one: canonical decimal (no leading zeros, no `-0`) within int64. Production
 * accepts these as document ids (and orders them by number, before every string id); every
 * other id matching `__.*__` is reserved.
 */
export function numericId(segment: string): bigint | undefined {
  const match = /^__id(-?[1-9]\d*|0)__$/.exec(segment);
  if (!match) return undefined;
  const n = BigInt(match[1]!);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/** A UTF-16 surrogate without its pair (`\p{Cs}` in a `u` regex matches only unpaired ones). */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/** Segments at odd positions name documents: only those may be numeric ids. */
function validateSegments(segments: string[], name: string, allowReserved = false): void {
  if (segments.length > MAX_PATH_DEPTH) {
    throw invalidArgument(`Document path "${name}" exceeds the maximum depth of ${MAX_PATH_DEPTH}.`);
  }
  segments.forEach((segment, index) => {
    if (segment === '') throw invalidArgument(`Resource name "${name}" lacks "/" at the start or has an empty segment.`);
    if (segment === '.' || segment === '..') throw invalidArgument(`Resource id "${segment}" is invalid because it is "." or "..".`);
    const numericDocumentId = index % 2 === 1 && numericId(segment) !== undefined;
    if (!allowReserved && !numericDocumentId && /^__.*__$/.test(segment)) {
      throw invalidArgument(`Resource id "${segment}" is invalid because reserved ids matching __.*__ are not allowed.`);
    }
    // A lone surrogate has no UTF-8 form: production's ids are UTF-8 and such a name never parses there.
    if (LONE_SURROGATE.test(segment)) throw invalidArgument(`Resource id "${segment.replace(LONE_SURROGATES, '\uFFFD')}" is invalid because it is not valid UTF-8.`);
    if (Buffer.byteLength(segment, 'utf8') > MAX_ID_BYTES) {
      throw invalidArgument(`Resource id "${segment.slice(0, 40)}..." is longer than ${MAX_ID_BYTES} bytes.`);
    }
  });
}

/** A document name: an even, non-zero number of segments. */
export function parseDocumentName(name: unknown): ParsedName {
  const parsed = parseResourceName(name, 'document');
  if (parsed.segments.length === 0 || parsed.segments.length % 2 !== 0) {
    throw invalidArgument(`Document name "${String(name)}" has odd number of segments`);
  }
  return parsed;
}

/** A query parent: the root (`.../documents`) or a document. */
export function parseParentName(name: unknown): ParsedName {
  const parsed = parseResourceName(name, 'parent');
  if (parsed.segments.length % 2 !== 0) throw invalidArgument(`Invalid parent name "${String(name)}": must be a document or the root.`);
  return parsed;
}

export function validateCollectionId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw invalidArgument('Collection id must be a non-empty string.');
  validateSegments([id], id);
  if (id.includes('/')) throw invalidArgument(`Collection id "${id}" must not contain "/".`);
  return id;
}

export function parentPath(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function joinPath(parent: string, child: string): string {
  return parent === '' ? child : `${parent}/${child}`;
}

export function sameDatabase(a: DatabaseId, b: DatabaseId): boolean {
  return a.projectId === b.projectId && a.databaseId === b.databaseId;
}
