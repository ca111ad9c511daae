/**
 * Billed operations, counted the way Firestore (Standard edition) bills them, so tests and
 * benches can see what a visitor's action costs. The rules, from
 * https://firebase.google.com/docs/firestore/pricing ("Reads, writes, and deletes"):
 * - a get, a batch get: one read per document asked for (a missing one too);
 * - a query (RunQuery, ListDocuments): one read per document returned, at least one per query;
 * - an aggregation (count/sum/avg): one read per batch of up to 1,000 index entries matched,
 *   at least one;
 * - a listener: one read per document sent when the target is added (at least one per query
 *   target), then one per document added to or updated in the result, and one per document
 *   that leaves the result because it changed; a deleted document costs nothing;
 * - a resumed listener (resume token or read time) reads only the documents changed since,
 *   if it resumes from at most 30 minutes back; from further back it is a new query;
 * - each document created, updated or transformed in a commit is one write, each delete one
 *   delete (a failed commit bills nothing; `verify` is a precondition, not a write).
 * - each distinct document security rules read for a request (`get()`, `exists()`,
 *   `getAfter()`, `existsAfter()`) is one read, allowed or denied ("Access calls and pricing"
 *   in the rules guide); a commit is one request, so a document several of its writes' rules
 *   read is billed once. They are counted under the method `SecurityRules`, by the collection
 *   of the document read, and by the client whose request the rules judged.
 */
import type { Caller } from '../../common/auth.js';

export interface OperationCounts {
  reads: number;
  writes: number;
  deletes: number;
}

/** `server`: firebase-admin (the owner credential, rules bypassed); `client`: a web or mobile SDK, signed in or not. */
export type ClientKind = 'server' | 'client';

export interface FirestoreUsage {
  total: OperationCounts;
  byClient: Record<ClientKind, OperationCounts>;
  /** By RPC: `RunQuery`, `BatchGetDocuments`, `Listen`, `Commit`, `Write` (the web SDK's stream)... */
  byMethod: Record<string, OperationCounts>;
  /** By collection id (the last collection segment of each document's path: `performances`, `favorites`...). */
  byCollection: Record<string, OperationCounts>;
  /** By client kind, then collection id: what web clients read of the programme, say, apart from what functions read. */
  byClientCollection: Record<ClientKind, Record<string, OperationCounts>>;
}

export type Operation = keyof OperationCounts;

/** `byMethod` key of the reads security rules make (usage.ts header). */
export const RULES_READS_METHOD = 'SecurityRules';

export const clientKindOf = (caller: Caller): ClientKind => (caller.kind === 'owner' ? 'server' : 'client');

/** A query returns `returned` documents: that many reads, and one when it returns none. */
export const queryReads = (returned: number): number => Math.max(1, returned);

/** An aggregation over `indexEntries` matched entries: one read per started 1,000, and at least one. */
export const aggregationReads = (indexEntries: number): number => Math.max(1, Math.ceil(indexEntries / 1000));

/** What a list of proto3-JSON `Write`s bills once committed. */
export function commitCounts(writes: unknown): Pick<OperationCounts, 'writes' | 'deletes'> {
  let count = 0;
  let deletes = 0;
  for (const write of Array.isArray(writes) ? writes : []) {
    if (typeof write !== 'object' || write === null) continue;
    const w = write as Record<string, unknown>;
    if (w.delete !== undefined) deletes++;
    else if (w.update !== undefined || w.transform !== undefined) count++;
  }
  return { writes: count, deletes };
}

/** The collection id a document path (relative or full name) lies in: `festivals/f/performances/p` -> `performances`. */
export function collectionIdOf(documentPath: string): string {
  const relative = documentPath.startsWith('projects/') ? documentPath.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\/?/, '') : documentPath;
  // The segment before the last one, found from the end: every write and read is counted here.
  const last = relative.lastIndexOf('/');
  if (last < 0) return '';
  return relative.slice(relative.lastIndexOf('/', last - 1) + 1, last);
}

const zero = (): OperationCounts => ({ reads: 0, writes: 0, deletes: 0 });

/** One project's counts since start or the last reset. */
export class UsageMeter {
  private usage: FirestoreUsage = UsageMeter.empty();

  static empty(): FirestoreUsage {
    return { total: zero(), byClient: { server: zero(), client: zero() }, byMethod: {}, byCollection: {}, byClientCollection: { server: {}, client: {} } };
  }

  /** Adds `count` operations of one kind, made by `caller` through `method` on documents of `collectionId`. */
  add(caller: Caller, method: string, operation: Operation, collectionId: string, count = 1): void {
    if (count <= 0) return;
    const usage = this.usage;
    usage.total[operation] += count;
    usage.byClient[clientKindOf(caller)][operation] += count;
    (usage.byMethod[method] ??= zero())[operation] += count;
    (usage.byCollection[collectionId] ??= zero())[operation] += count;
    (usage.byClientCollection[clientKindOf(caller)][collectionId] ??= zero())[operation] += count;
  }

  /** Reads of the documents at `paths`, and `minimum` reads (on `emptyCollectionId`) when there are fewer. */
  reads(caller: Caller, method: string, paths: readonly string[], minimum: { count: number; collectionId: string } = { count: 0, collectionId: '' }): void {
    for (const path of paths) this.add(caller, method, 'reads', collectionIdOf(path));
    if (paths.length < minimum.count) this.add(caller, method, 'reads', minimum.collectionId, minimum.count - paths.length);
  }

  /** Writes and deletes of a committed list of `Write`s. */
  committed(caller: Caller, method: string, writes: unknown): void {
    for (const write of Array.isArray(writes) ? writes : []) {
      const { writes: count, deletes } = commitCounts([write]);
      const w = write as { delete?: unknown; update?: { name?: unknown }; transform?: { document?: unknown } };
      const name = String(w.delete ?? w.update?.name ?? w.transform?.document ?? '');
      this.add(caller, method, 'writes', collectionIdOf(name), count);
      this.add(caller, method, 'deletes', collectionIdOf(name), deletes);
    }
  }

  snapshot(): FirestoreUsage {
    return structuredClone(this.usage);
  }

  reset(): void {
    this.usage = UsageMeter.empty();
  }
}
