import type { ZodType } from 'zod';
import type { Docs } from '../platform/docs.js';

interface Waiting {
  path: string;
  schema: ZodType<unknown>;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

/** Firestore's BatchGetDocuments takes many documents; a batch this size stays one small request. */
const MAX_BATCH = 100;

/**
 * Single-document reads that concurrent invocations of one instance make, sent together:
 * every read asked for in one turn of the event loop goes out as one `getAll` (one
 * BatchGetDocuments) in the next. Under a burst (a hot set's favourites, delivered to an
 * instance many at a time) that is one request for dozens of checks instead of one each;
 * billed the same (one read per document). Each read is still sent after it was asked for,
 * so it sees every write that finished before. One document that fails its schema fails only
 * its own read: a batch that fails is read again one document at a time.
 */
export class ReadBatch {
  private waiting: Waiting[] = [];

  constructor(private readonly docs: Docs) {}

  get<T>(path: string, schema: ZodType<T>): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ path, schema, resolve: resolve as (data: unknown) => void, reject });
    });
  }

  private flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (let start = 0; start < waiting.length; start += MAX_BATCH) void this.read(waiting.slice(start, start + MAX_BATCH));
  }

  private async read(batch: Waiting[]): Promise<void> {
    try {
      const results = await this.docs.getAll(batch.map(({ path, schema }) => [path, schema] as const));
      batch.forEach((read, index) => read.resolve(results[index]));
    } catch {
      await Promise.all(batch.map((read) => this.docs.get(read.path, read.schema).then(read.resolve, read.reject)));
    }
  }
}

const perStore = new WeakMap<object, ReadBatch>();

/** One read batch per document store (an instance has one; each unit test has its own). */
export function readBatchFor(docs: Docs): ReadBatch {
  let batch = perStore.get(docs);
  if (!batch) perStore.set(docs, (batch = new ReadBatch(docs)));
  return batch;
}
