/**
 * The document-store port the handlers are written against: the small part of Firestore
 * Encore needs (transactions, batched writes, a few query shapes, count aggregations).
 * `firestore.ts` adapts it to firebase-admin; `../testing/memory-docs.ts` is the
 * in-memory double the unit tests use. Timestamps are `Date` on both sides.
 */

export type DocData = Record<string, unknown>;

/** `increment(n)` in a written value adds n atomically (Firestore's FieldValue.increment). */
export class Increment {
  constructor(readonly by: number) {}
}
export const increment = (by: number) => new Increment(by);

export type WhereOp = '==' | '<' | '<=' | '>' | '>=';

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
}

export interface FoundDoc {
  path: string;
  id: string;
  data: DocData;
}

export interface SetOptions {
  /** Merge nested maps into the stored document instead of replacing it. */
  merge?: boolean;
}

/** Reads before writes, as Firestore transactions require. */
export interface DocTransaction {
  get(path: string): Promise<DocData | undefined>;
  getAll(paths: readonly string[]): Promise<Array<DocData | undefined>>;
  query(query: Query): Promise<FoundDoc[]>;
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
  get(path: string): Promise<DocData | undefined>;
  /** Several documents read at one consistent point in time, outside any transaction. */
  getAll(paths: readonly string[]): Promise<Array<DocData | undefined>>;
  query(query: Query): Promise<FoundDoc[]>;
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
