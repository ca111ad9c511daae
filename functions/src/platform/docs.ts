/**
 * The document-store port the handlers are written against: the small part of Firestore
 * Encore needs (transactions, batched writes, a few query shapes, count aggregations).
 * `firestore.ts` adapts it to firebase-admin; `../testing/memory-docs.ts` is the
 * in-memory double the unit tests use. Timestamps are `Date` on both sides.
 *
 * Every read names the zod schema of what it reads (the shared ones from `@encore/model`),
 * and both adapters parse with it: a handler only ever sees typed, valid data, and a
 * document that does not match is a `DocumentSchemaError` naming its path and fields.
 */
import type { ZodType } from 'zod';

export type DocData = Record<string, unknown>;

/** `increment(n)` in a written value adds n atomically (Firestore's FieldValue.increment). */
export class Increment {
  constructor(readonly by: number) {}
}
export const increment = (by: number) => new Increment(by);

/** Firestore's limit on an `in` filter's values. */
export const IN_FILTER_MAX = 30;

/** `in`: the field equals one of the values given as an array (at most `IN_FILTER_MAX`). */
export type WhereOp = '==' | '<' | '<=' | '>' | '>=' | 'in';

export interface Query {
  /** A collection path, or with `group` a collection id queried across the database. */
  collection: string;
  group?: boolean;
  where?: Array<[field: string, op: WhereOp, value: unknown]>;
  /**
   * `startAfterId` pages on from a previous page in document-name order (the id for a
   * collection, the full path for a collection group); only equality filters may be
   * combined with it.
   */
  limit?: number;
  startAfterId?: string;
  /** Orders by this (timestamp) field, newest first (not combinable with `startAfterId`; needs its composite index). */
  newestFirst?: string;
  /** Orders by this (timestamp) field, oldest first (not combinable with `startAfterId` or `newestFirst`; with filters, needs its composite index). */
  oldestFirst?: string;
}

export interface FoundDoc<T = DocData> {
  path: string;
  id: string;
  data: T;
}

/** One document to read and the schema its data must match. */
export type Read<T = unknown> = readonly [path: string, schema: ZodType<T>];

/** What `getAll` resolves to: one parsed document (or undefined when absent) per read, in order. */
export type ReadResults<R extends readonly Read[]> = { -readonly [K in keyof R]: R[K] extends Read<infer T> ? T | undefined : never };

/** Pairs each path with one schema, for reading several documents of one kind. */
export function readsOf<T>(paths: readonly string[], schema: ZodType<T>): Array<Read<T>> {
  return paths.map((path) => [path, schema] as const);
}

export interface SetOptions {
  /** Merge nested maps into the stored document instead of replacing it. */
  merge?: boolean;
}

/** Reads before writes, as Firestore transactions require. */
export interface DocTransaction {
  get<T>(path: string, schema: ZodType<T>): Promise<T | undefined>;
  getAll<const R extends readonly Read[]>(reads: R): Promise<ReadResults<R>>;
  query<T>(query: Query, schema: ZodType<T>): Promise<Array<FoundDoc<T>>>;
  count(query: Query): Promise<number>;
  set(path: string, data: DocData, options?: SetOptions): void;
  /** Fails the transaction if the document exists. */
  create(path: string, data: DocData): void;
  delete(path: string): void;
}

export interface WriteBatch {
  set(path: string, data: DocData, options?: SetOptions): void;
  delete(path: string): void;
}

export interface Docs {
  get<T>(path: string, schema: ZodType<T>): Promise<T | undefined>;
  /** Several documents read at one consistent point in time, outside any transaction. */
  getAll<const R extends readonly Read[]>(reads: R): Promise<ReadResults<R>>;
  query<T>(query: Query, schema: ZodType<T>): Promise<Array<FoundDoc<T>>>;
  count(query: Query): Promise<number>;
  /** Runs `work` as one serializable transaction, retried on contention. */
  transaction<T>(work: (tx: DocTransaction) => Promise<T>): Promise<T>;
  /** Atomic writes without reads (at most 500). */
  batch(write: (batch: WriteBatch) => void): Promise<void>;
}

/** The id part of a document path. */
export function idOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * A stored document that does not match its schema: the path and every offending field,
 * in the message too, so a log line alone says what to fix. Not transient: retrying reads
 * the same data (`triggers/guard.ts` logs it and drops the event; the nightly recount
 * repairs any count it held up).
 */
export class DocumentSchemaError extends Error {
  override readonly name = 'DocumentSchemaError';
  constructor(
    readonly path: string,
    readonly issues: ReadonlyArray<{ field: string; message: string }>,
  ) {
    super(`Invalid document ${path}: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`);
  }
}

/** The data of the document at `path` as `schema` reads it; throws DocumentSchemaError if it does not match. */
export function parseDocument<T>(path: string, data: unknown, schema: ZodType<T>): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new DocumentSchemaError(
    path,
    result.error.issues.map((issue) => ({ field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(document)', message: issue.message })),
  );
}

/** `parseDocument` for a read that may find nothing. */
export function parseIfPresent<T>(path: string, data: unknown, schema: ZodType<T>): T | undefined {
  return data === undefined ? undefined : parseDocument(path, data, schema);
}
