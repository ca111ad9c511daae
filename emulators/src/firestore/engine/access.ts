/**
 * The access seam: every client operation asks `authorize` first. It allows everything until
 * the security-rules evaluator plugs in here; the owner credential (`Bearer owner`,
 * firebase-admin) always bypasses it, as with the official emulator.
 */
import type { Caller } from '../../common/auth.js';
import type { FirestoreDocumentJson } from '../../common/events.js';

export type AccessMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AccessRequest {
  caller: Caller;
  method: AccessMethod;
  /** Full resource name: a document, or for `list` the collection (`.../documents/rooms`). */
  path: string;
  /** The document as stored now (`resource` in rules); null when missing or for `list`. */
  resource: FirestoreDocumentJson | null;
  /** The document as it would be after the write (`request.resource`), for create/update. */
  incoming: FirestoreDocumentJson | null;
  /**
   * For `list`: the query as sent (rules check a query's constraints, not its results).
   * `collectionGroup` is true for collection group (and kindless) queries, whose `path` is
   * then the parent joined with the collection id rather than one real collection.
   */
  query?: { collectionGroup: boolean; structuredQuery: unknown };
  /** `request.time` exactly (RFC 3339, microseconds): for writes the commit time, which server timestamps in `incoming` resolved to. */
  timestamp: string;
  /** The database before the request, by path relative to `documents/` (rules' `get()`/`exists()`). */
  documents: DocumentLookup;
  /** Writes only: the database after the whole commit (`getAfter()`/`existsAfter()`). */
  documentsAfter?: DocumentLookup;
  /** Writes only: one object shared by every write of a commit (they share one rules access budget). */
  commit?: object;
}

export type DocumentLookup = (path: string) => FirestoreDocumentJson | null;

export interface AccessVerdict {
  allowed: boolean;
  /** The PERMISSION_DENIED message on denial (default: "Missing or insufficient permissions."). */
  message?: string;
}

/** Decides one access: true/false, or a verdict carrying the denial message. */
export type Authorize = (request: AccessRequest) => boolean | AccessVerdict;

export const allowAll: Authorize = () => true;
