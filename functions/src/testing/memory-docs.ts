import type { ZodType } from 'zod';
import {
  Increment,
  idOf,
  parseDocument,
  parseIfPresent,
  type DocData,
  type DocTransaction,
  type Docs,
  type FoundDoc,
  type Query,
  type Read,
  type ReadResults,
  type SetOptions,
  type WhereOp,
  type WriteBatch,
} from '../platform/docs.js';

/**
 * An in-memory `Docs` for unit tests: Firestore's write semantics (merge, increment,
 * create-fails-if-exists) and query shapes, with transactions run one at a time, which
 * is the serializable outcome Firestore guarantees. Reads parse with the given schema,
 * as the Firestore adapter does, so a test that seeds a bad document sees the same error.
 */
export class MemoryDocs implements Docs {
  readonly store = new Map<string, DocData>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Number of committed transactions and batches, for tests that assert "nothing written". */
  commits = 0;

  seed(path: string, data: DocData): void {
    this.store.set(path, applyWrite(undefined, data));
  }

  data(path: string): DocData | undefined {
    const doc = this.store.get(path);
    return doc === undefined ? undefined : structuredClone(doc);
  }

  async get<T>(path: string, schema: ZodType<T>) {
    return parseIfPresent(path, this.data(path), schema);
  }

  /**
   * The same store behind another object, as another function instance sees it (with its
   * own coalescer), with some methods replaced: to stall a read or record what a
   * transaction reads.
   */
  asAnotherInstance(replaced: Partial<Docs> = {}): Docs {
    return {
      get: (path, schema) => this.get(path, schema),
      getAll: (reads) => this.getAll(reads),
      query: (query, schema) => this.query(query, schema),
      count: (query) => this.count(query),
      batch: (write) => this.batch(write),
      transaction: (work) => this.transaction(work),
      ...replaced,
    };
  }

  async getAll<const R extends readonly Read[]>(reads: R): Promise<ReadResults<R>> {
    return this.readAll(reads);
  }

  async query<T>(query: Query, schema: ZodType<T>) {
    return parsed(runQuery(this.store, query), schema);
  }

  private readAll<R extends readonly Read[]>(reads: R): ReadResults<R> {
    return reads.map(([path, schema]) => parseIfPresent(path, this.data(path), schema)) as ReadResults<R>;
  }

  async count(query: Query) {
    return runQuery(this.store, { ...query, limit: undefined }).length;
  }

  transaction<T>(work: (tx: DocTransaction) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const writes: Array<() => void> = [];
      // Firestore refuses a read after a write in the same transaction; so does the double.
      const read = <T>(value: () => T): T => {
        if (writes.length > 0) throw new Error('Firestore transactions require all reads to be executed before all writes.');
        return value();
      };
      const tx: DocTransaction = {
        get: async (path, schema) => read(() => parseIfPresent(path, this.data(path), schema)),
        getAll: async (reads) => read(() => this.readAll(reads)),
        query: async (query, schema) => read(() => parsed(runQuery(this.store, query), schema)),
        count: async (query) => read(() => runQuery(this.store, { ...query, limit: undefined }).length),
        set: (path, data, options) => writes.push(() => this.write(path, data, options)),
        create: (path, data) =>
          writes.push(() => {
            if (this.store.has(path)) throw Object.assign(new Error(`ALREADY_EXISTS: ${path}`), { code: 6 });
            this.write(path, data);
          }),
        delete: (path) => writes.push(() => this.store.delete(path)),
      };
      const result = await work(tx);
      const before = new Map(this.store);
      try {
        for (const write of writes) write();
      } catch (error) {
        this.store.clear();
        for (const [path, doc] of before) this.store.set(path, doc);
        throw error;
      }
      this.commits++;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async batch(write: (batch: WriteBatch) => void) {
    const ops: Array<() => void> = [];
    write({ set: (path, data, options) => ops.push(() => this.write(path, data, options)), delete: (path) => ops.push(() => this.store.delete(path)) });
    for (const op of ops) op();
    this.commits++;
  }

  private write(path: string, data: DocData, options?: SetOptions) {
    this.store.set(path, applyWrite(options?.merge ? this.store.get(path) : undefined, data));
  }
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Increment);
}

/** Merges `data` into `existing` as Firestore's set-with-merge does, resolving increments. */
function applyWrite(existing: DocData | undefined, data: DocData): DocData {
  const result: DocData = existing ? structuredClone(existing) : {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (value instanceof Increment) {
      const current = result[key];
      result[key] = (typeof current === 'number' ? current : 0) + value.by;
    } else if (isMap(value)) {
      result[key] = applyWrite(isMap(result[key]) ? (result[key] as DocData) : undefined, value);
    } else {
      result[key] = structuredClone(value);
    }
  }
  return result;
}

function fieldValue(data: DocData, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (isMap(value) ? value[key] : undefined), data);
}

function compare(left: unknown, op: WhereOp, right: unknown): boolean {
  const a = left instanceof Date ? left.getTime() : left;
  const b = right instanceof Date ? right.getTime() : right;
  if (op === '==') return a === b;
  if (op === 'in') return Array.isArray(right) && right.some((value) => (value instanceof Date ? value.getTime() : value) === a);
  if (typeof a !== typeof b || (typeof a !== 'number' && typeof a !== 'string')) return false;
  const [x, y] = [a as number | string, b as number | string];
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

function parsed<T>(found: FoundDoc[], schema: ZodType<T>): Array<FoundDoc<T>> {
  return found.map((doc) => ({ ...doc, data: parseDocument(doc.path, doc.data, schema) }));
}

function runQuery(store: Map<string, DocData>, query: Query): FoundDoc[] {
  const matches: FoundDoc[] = [];
  for (const [path, data] of store) {
    const segments = path.split('/');
    const inCollection = query.group ? segments.at(-2) === query.collection : segments.slice(0, -1).join('/') === query.collection;
    if (!inCollection) continue;
    if (!(query.where ?? []).every(([field, op, value]) => compare(fieldValue(data, field), op, value))) continue;
    matches.push({ path, id: idOf(path), data: structuredClone(data) });
  }
  const key = (doc: FoundDoc) => (query.group ? doc.path : doc.id);
  matches.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const orderedBy = query.newestFirst ?? query.oldestFirst;
  if (orderedBy !== undefined) {
    // -1 newest first, 1 oldest first; documents without the field last. Ties by name in the
    // same direction, as Firestore's implicit order follows the last orderBy's direction.
    const direction = query.newestFirst !== undefined ? -1 : 1;
    const at = (doc: FoundDoc) => {
      const value = fieldValue(doc.data, orderedBy);
      return value instanceof Date ? value.getTime() : direction * Infinity;
    };
    matches.sort((a, b) => direction * (at(a) - at(b)) || direction * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }
  const start = query.startAfterId === undefined ? 0 : matches.findIndex((doc) => key(doc) > query.startAfterId!);
  const from = start === -1 ? matches.length : start;
  return matches.slice(from, query.limit === undefined ? undefined : from + query.limit);
}
