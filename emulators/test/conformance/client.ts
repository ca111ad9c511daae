/**
 * The one interface every conformance client implements (firebase-admin over gRPC, firebase-admin
 * with `preferRest`, the web SDK in Node, the web SDK in Chromium).
 *
 * Everything here is FLAT and SERIALIZABLE: every method takes plain JSON and resolves to plain
 * JSON (an {@link Outcome}); nothing throws for a Firestore error, nothing takes a callback, no class
 * instance crosses the boundary. That lets the Chromium client forward each call by name into a
 * page with a generic proxy (`page.evaluate(([method, args]) => client[method](...args))`).
 *
 * Values cross the boundary in the tagged JSON form {@link Value}; queries as a {@link QuerySpec};
 * listeners as ids; transactions as a {@link TransactionScript}; errors as a {@link ClientError}
 * whose `code` is the SDKs' shared lower-case code ('not-found', 'already-exists', ...).
 */

/** The canonical error codes, as both SDKs spell them (`FirestoreError.code`). */
export type ErrorCode =
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated';

export interface ClientError {
  code: ErrorCode;
  message: string;
}

/** Every call resolves to one of these; a client never rejects for a Firestore error. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ClientError };

/**
 * A Firestore value in tagged JSON.
 * - plain JSON null, booleans, strings, arrays and objects (maps) stand for themselves;
 * - JSON numbers are numbers (SDKs do not tell integers from doubles when reading);
 * - `{$double: 'NaN' | 'Infinity' | '-Infinity'}` for doubles JSON cannot carry;
 * - `{$timestamp: '2026-01-01T00:00:00.123456Z'}` (RFC 3339 UTC, up to 9 fractional digits);
 * - `{$bytes: base64}`, `{$geo: [latitude, longitude]}`, `{$ref: 'coll/doc'}` (path relative to the database root);
 * - write-only sentinels: `{$serverTimestamp: true}`, `{$increment: n}`, `{$maximum: n}`, `{$minimum: n}`,
 *   `{$arrayUnion: [...]}`, `{$arrayRemove: [...]}`, `{$delete: true}`;
 * - transaction-only: `{$fromRead: {path, field, add?}}`, the named field of a document read earlier in the same
 *   attempt (plus `add`), so a transaction's writes can depend on what it read.
 * A map whose only key starts with `$` is always a tag; user data never uses such keys in the suite.
 */
export type Value =
  | null
  | boolean
  | number
  | string
  | Value[]
  | { [field: string]: Value }
  | { $double: 'NaN' | 'Infinity' | '-Infinity' }
  | { $timestamp: string }
  | { $bytes: string }
  | { $geo: [number, number] }
  | { $ref: string }
  | { $serverTimestamp: true }
  | { $increment: number }
  | { $maximum: number }
  | { $minimum: number }
  | { $arrayUnion: Value[] }
  | { $arrayRemove: Value[] }
  | { $delete: true }
  | { $fromRead: { path: string; field: string; add?: number } };

export type DocumentData = Record<string, Value>;

/**
 * A field path: a dotted string (`'a.b'`, each segment a plain field name) or explicit segments
 * (`['a.b', 'c']`, for names with dots, backticks or other special characters). `'__name__'` is the
 * document id / key.
 */
export type FieldRef = string | string[];

export interface DocumentResult {
  /** Path relative to the database root: `coll/doc` or `coll/doc/sub/doc`. */
  path: string;
  exists: boolean;
  /** Present when `exists`. */
  data?: DocumentData;
  /** RFC 3339 UTC, when the SDK exposes it (admin does; the web SDK does not). */
  createTime?: string;
  updateTime?: string;
}

export type WhereOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';

export type FilterSpec =
  | { field: FieldRef; op: WhereOp; value: Value }
  | { and: FilterSpec[] }
  | { or: FilterSpec[] };

export interface QuerySpec {
  /** Collection path (`'rooms'` or `'rooms/r1/messages'`); exactly one of `collection` and `collectionGroup`. */
  collection?: string;
  /** Collection id for a collection group query. */
  collectionGroup?: string;
  where?: FilterSpec[];
  orderBy?: { field: FieldRef; direction?: 'asc' | 'desc' }[];
  limit?: number;
  limitToLast?: number;
  /** Cursor values, one per orderBy clause (use a document id string for `__name__`). */
  startAt?: Value[];
  startAfter?: Value[];
  endAt?: Value[];
  endBefore?: Value[];
  /** Projection (admin only: the web SDK has no `select`). */
  select?: FieldRef[];
}

export type ListenTarget = { doc: string } | { query: QuerySpec };

export interface DocumentChangeResult {
  type: 'added' | 'modified' | 'removed';
  path: string;
  oldIndex: number;
  newIndex: number;
}

/** One snapshot delivered to a listener. For a document listener `docs` has exactly one entry. */
export interface SnapshotResult {
  docs: DocumentResult[];
  /** Query listeners only; empty for document listeners. */
  changes: DocumentChangeResult[];
  fromCache: boolean;
  hasPendingWrites: boolean;
}

export type ListenEvent =
  | { kind: 'snapshot'; snapshot: SnapshotResult }
  | { kind: 'error'; error: ClientError }
  /** Nothing arrived within the timeout (a normal outcome, not an error). */
  | { kind: 'timeout' };

export interface Precondition {
  exists?: boolean;
  /** RFC 3339 UTC update time the document must have. */
  lastUpdateTime?: string;
}

export type WriteOp =
  | { op: 'set'; path: string; data: DocumentData; merge?: boolean; mergeFields?: FieldRef[] }
  | { op: 'create'; path: string; data: DocumentData }
  /** `data` keys are field paths (dotted); `fields` lists extra values by explicit segments. */
  | { op: 'update'; path: string; data: DocumentData; fields?: { field: FieldRef; value: Value }[]; precondition?: Precondition }
  | { op: 'delete'; path: string; precondition?: Precondition };

export interface WriteResult {
  /** The commit time, when the SDK exposes it (admin does; the web SDK does not). */
  writeTime?: string;
}

export type AggregateSpec = Record<string, { count: true } | { sum: FieldRef } | { avg: FieldRef }>;

/**
 * A transaction as a script: read `reads` (documents) and `queries`, then apply `writes`, whose values
 * may use `{$fromRead: ...}`. `interleave` writes are made OUTSIDE the transaction, through the same
 * client, after the first attempt's reads and before its commit, to force contention: the first commit
 * then fails ABORTED and the SDK retries, so `attempts` is 2.
 */
export interface TransactionScript {
  reads: string[];
  queries?: QuerySpec[];
  writes: WriteOp[];
  interleave?: WriteOp[];
  /** A read-only transaction (admin `readOnly: true`); `writes` must then be empty. */
  readOnly?: boolean;
  /** Read-only at this RFC 3339 time (admin `readOnly: {readTime}`). */
  readTime?: string;
  /**
   * Makes the script throw after its reads (exercises rollback): the outcome is then
   * `{ok: false, error: {code: 'cancelled', message: 'failAfterReads'}}` and nothing is written.
   */
  failAfterReads?: boolean;
  maxAttempts?: number;
}

export interface TransactionResult {
  attempts: number;
  /** The last attempt's reads, in `reads` order. */
  reads: DocumentResult[];
  queryResults: DocumentResult[][];
}

/** Features some clients lack by design; a case needing one is reported not-applicable for that client. */
export type Feature =
  | 'select'
  | 'create'
  | 'batchGet'
  | 'listCollections'
  | 'readOnlyTransaction'
  | 'readTime'
  | 'maximumMinimum'
  | 'writeTime'
  | 'documentTimes'
  | 'transactionQuery'
  | 'limitToLastListen'
  | 'preconditions'
  /** Sends a null or NaN operand with an operator other than ==/!= (firebase-admin refuses that client-side). */
  | 'nullOrNaNOperands'
  /** Reports ALREADY_EXISTS and FAILED_PRECONDITION as themselves (see clients/admin-rest.ts for who cannot). */
  | 'exactConflictCodes';

export interface ClientInfo {
  name: string;
  lacks: Feature[];
}

export interface ClientConfig {
  host: string;
  port: number;
  projectId: string;
  /** For the web SDK: `mockUserToken` (`{sub}` or `'owner'`); admin clients are always the owner. */
  user?: { uid: string } | 'owner';
}

export interface ConformanceClient {
  info(): Promise<ClientInfo>;

  get(path: string): Promise<Outcome<DocumentResult>>;
  /** Several documents at once, in request order (admin `getAll`). */
  getAll(paths: string[]): Promise<Outcome<DocumentResult[]>>;
  query(spec: QuerySpec): Promise<Outcome<DocumentResult[]>>;
  aggregate(spec: QuerySpec, aggregations: AggregateSpec): Promise<Outcome<Record<string, number | null>>>;
  /** Collection ids under a document path, or at the root when `path` is ''; sorted. */
  listCollections(path: string): Promise<Outcome<string[]>>;

  write(op: WriteOp): Promise<Outcome<WriteResult>>;
  /** All ops in one atomic batch. */
  batch(ops: WriteOp[]): Promise<Outcome<WriteResult[]>>;
  transaction(script: TransactionScript): Promise<Outcome<TransactionResult>>;

  listen(target: ListenTarget): Promise<Outcome<string>>;
  /** The next snapshot or error of listener `id`, waiting at most `timeoutMs`. Events are queued, never lost. */
  nextEvent(id: string, timeoutMs: number): Promise<ListenEvent>;
  unlisten(id: string): Promise<void>;

  /** Releases the SDK instance (terminates Firestore, deletes the app). */
  close(): Promise<void>;
}

/** How a test file gets a client; each client module exports one. */
export interface ClientFactory {
  name: string;
  /** The same list `info()` returns, known before any client exists, so case names can say "n/a". */
  lacks: Feature[];
  /** Whether every instance is the owner whatever `ClientConfig.user` says (firebase-admin). */
  alwaysOwner: boolean;
  create(config: ClientConfig): Promise<ConformanceClient>;
}
