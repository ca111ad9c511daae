import type { DocTransaction, Query } from '../platform/docs.js';
import type { MemoryDocs } from './memory-docs.js';

/**
 * Records every read a `MemoryDocs` is asked for as Firestore bills it (usage.ts in the
 * emulators): one per document a get or batch get names (a missing one too), one per document
 * a query returns and one for a query that returns none (named `{collection}?`), one per
 * count, inside transactions as well. For tests that pin what a handler costs. Patches the
 * store itself, so everything keyed by it (coalescers, publishers) stays as it was.
 */
export function billedReads(docs: MemoryDocs): { paths: string[]; reset(): void } {
  const paths: string[] = [];
  const queried = (query: Query, found: ReadonlyArray<{ path: string }>) => paths.push(...(found.length > 0 ? found.map((doc) => doc.path) : [`${query.collection}?`]));
  const [get, getAll, query, count, transaction] = [docs.get.bind(docs), docs.getAll.bind(docs), docs.query.bind(docs), docs.count.bind(docs), docs.transaction.bind(docs)];
  docs.get = ((path, schema) => (paths.push(path), get(path, schema))) as typeof docs.get;
  docs.getAll = ((reads) => (paths.push(...reads.map(([path]) => path)), getAll(reads))) as typeof docs.getAll;
  docs.query = (async (q, schema) => {
    const found = await query(q, schema);
    queried(q, found);
    return found;
  }) as typeof docs.query;
  docs.count = ((q) => (paths.push(`${q.collection}#count`), count(q))) as typeof docs.count;
  docs.transaction = ((work) =>
    transaction((tx) => {
      const counted: DocTransaction = {
        ...tx,
        get: (path, schema) => (paths.push(path), tx.get(path, schema)),
        getAll: ((reads) => (paths.push(...reads.map(([path]) => path)), tx.getAll(reads))) as DocTransaction['getAll'],
        query: async (q, schema) => {
          const found = await tx.query(q, schema);
          queried(q, found);
          return found;
        },
        count: (q) => (paths.push(`${q.collection}#count`), tx.count(q)),
      };
      return work(counted);
    })) as typeof docs.transaction;
  return { paths, reset: () => void paths.splice(0) };
}
