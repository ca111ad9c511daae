import { Increment, type DocData, type DocTransaction } from './docs.js';

/**
 * Merge-writes gathered before they reach a transaction, so that many events' effects on
 * one document become one write: nested maps merge, `increment`s of the same field add up,
 * any other value is the last one set. What a group commit of counters writes: 100
 * favourites that each add 1 to the same shard write `count: increment(100)` once.
 */
export class SummedWrites {
  private readonly writes = new Map<string, DocData>();

  /** The same signature as a transaction's merge `set`; only merges are gathered. */
  set(path: string, data: DocData, options?: { merge?: boolean }): void {
    if (!options?.merge) throw new Error(`SummedWrites only gathers merge writes (${path})`);
    this.writes.set(path, mergeSummed(this.writes.get(path) ?? {}, data));
  }

  /** Writes each gathered document once into `tx`. */
  flushInto(tx: Pick<DocTransaction, 'set'>): void {
    for (const [path, data] of this.writes) tx.set(path, data, { merge: true });
    this.writes.clear();
  }
}

const isMap = (value: unknown): value is DocData =>
  typeof value === 'object' && value !== null && !(value instanceof Increment) && !(value instanceof Date) && !Array.isArray(value);

function mergeSummed(into: DocData, data: DocData): DocData {
  const merged: DocData = { ...into };
  for (const [field, value] of Object.entries(data)) {
    const current = merged[field];
    if (value instanceof Increment && current instanceof Increment) merged[field] = new Increment(current.by + value.by);
    else if (isMap(value) && isMap(current)) merged[field] = mergeSummed(current, value);
    else merged[field] = value;
  }
  return merged;
}
