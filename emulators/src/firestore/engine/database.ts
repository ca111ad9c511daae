/**
 * One Firestore database (`projects/{p}/databases/{d}`): the store, commits, reads, queries,
 * transactions, and who hears about commits (listeners, the change feed). Transport-agnostic:
 * requests and results are in the proto3 JSON form.
 */
import type { Caller } from '../../common/auth.js';
import type { DocumentWriter, DocumentWrittenEvent, FirestoreDocumentJson } from '../../common/events.js';
import type { Feed } from '../../common/feed.js';
import { FirestoreError, invalidArgument, notFound, permissionDenied } from '../errors.js';
import type { AccessMethod, AccessRequest, Authorize } from './access.js';
import { aggregate, hasAggregatedFields, planAggregations } from './aggregation.js';
import { toDocumentJson } from './documents.js';
import { parseFieldPath, type FieldPath } from './field-path.js';
import { documentsRoot, joinPath, parseDocumentName, sameDatabase, type DatabaseId } from './paths.js';
import { IndexPolicy } from './index-policy.js';
import { planQuery, runPlannedQuery, type PlannedQuery } from './query.js';
import { DocumentStore, HISTORY_NANOS, type StoredDocument } from './store.js';
import { formatTimestamp, parseTimestamp, type Clock, type Nanos } from './time.js';
import { TransactionRegistry, type Transaction } from './transactions.js';
import { applyWrite, parseWrite, validateWrite, type WriteOutcome } from './writes.js';
import type { Value } from './values.js';

/** One document changed by a commit. */
export interface DocumentChange {
  path: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}

export type CommitListener = (changes: DocumentChange[], commitTime: Nanos) => void;

/**
 * Where committed changes are made durable (service/journal.ts). Called before a change is
 * applied or acknowledged; if it throws, the change is not applied and the request fails.
 */
export interface CommitLog {
  committed(database: DatabaseId, commitTime: Nanos, changes: readonly DocumentChange[]): void;
  cleared(database: DatabaseId, time: Nanos): void;
}

/** ReadOptions / consistency selectors shared by the read RPCs. */
export interface Consistency {
  transaction?: unknown;
  newTransaction?: unknown;
  readTime?: unknown;
}

export interface ResolvedRead {
  readTime?: Nanos;
  transaction?: Transaction;
  /** Set when the request began a transaction (`newTransaction`): return its id. */
  beganTransaction?: string;
}

export interface CommitResult {
  commitTime: string;
  writeResults: WriteOutcome['result'][];
}

/** What an access check knows beyond the documents themselves. */
export interface AccessContext {
  /** The request time (default: now); the commit time for writes. */
  time?: Nanos;
  /** Reads at a past time look documents up at that time. */
  readTime?: Nanos;
  /** Writes: the state after the whole commit. */
  after?: (path: string) => StoredDocument | null;
  commit?: object;
  query?: AccessRequest['query'];
}

export interface DatabaseOptions {
  id: DatabaseId;
  clock: Clock;
  documentWrites: Feed<DocumentWrittenEvent>;
  authorize: () => Authorize;
  /** The durable log in force, if any (looked up on each commit). */
  log?: () => CommitLog | undefined;
  /** Index awareness (engine/index-policy.ts); none: no query is checked. */
  indexes?: IndexPolicy;
  /**
   * Told of the documents the rules read for one request (`get()`, `exists()`, `getAfter()`,
   * `existsAfter()`), each distinct document once per request and once per commit: production
   * bills them as reads, whether the request is allowed or not.
   */
  rulesReads?: (caller: Caller, documentPaths: string[]) => void;
}

export class Database {
  readonly id: DatabaseId;
  readonly root: string;
  readonly store = new DocumentStore();
  readonly transactions = new TransactionRegistry();
  private readonly clock: Clock;
  private readonly listeners = new Set<CommitListener>();
  private readonly documentWrites: Feed<DocumentWrittenEvent>;
  private readonly authorizer: () => Authorize;
  private readonly log: () => CommitLog | undefined;
  /**
   * From when the version history is complete (deletes included): a database's creation, or
   * the last load of an export or clear. Listeners resume from a time before it in full.
   */
  private historyStart: Nanos;
  readonly indexes: IndexPolicy;
  private readonly rulesReads: NonNullable<DatabaseOptions['rulesReads']>;
  /** The documents the rules already read for a commit (one billed read each, however many of its writes read them). */
  private readonly commitRulesReads = new WeakMap<object, Set<string>>();

  constructor(options: DatabaseOptions) {
    this.id = options.id;
    this.root = documentsRoot(options.id);
    this.clock = options.clock;
    this.historyStart = options.clock.current();
    this.documentWrites = options.documentWrites;
    this.authorizer = options.authorize;
    this.log = options.log ?? (() => undefined);
    this.indexes = options.indexes ?? new IndexPolicy();
    this.rulesReads = options.rulesReads ?? (() => {});
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether the store can tell what changed since `time` (a listener's resume token or read
   * time): within the kept history and after the last load or clear.
   */
  canResumeFrom(time: Nanos): boolean {
    const now = this.now();
    return time >= this.historyStart && time <= now && time >= now - HISTORY_NANOS;
  }

  /** A read time that includes every commit so far. */
  now(): Nanos {
    return this.clock.current() === 0n ? this.clock.next() : this.clock.current();
  }

  // ---- access -------------------------------------------------------------------------

  /**
   * Asks the access seam (never for the owner). Reads see the store (at `readTime`); writes
   * pass the commit time, the state after the whole commit and one object per commit.
   */
  authorize(caller: Caller, method: AccessMethod, path: string, resource: StoredDocument | null, incoming: StoredDocument | null, context: AccessContext = {}): void {
    if (caller.kind === 'owner') return;
    const time = context.time ?? this.clock.current();
    // Each distinct document the rules read is billed once per request (a commit is one request).
    const commit = context.after ? (context.commit ?? {}) : undefined;
    const billed = commit ? (this.commitRulesReads.get(commit) ?? new Set<string>()) : new Set<string>();
    if (commit) this.commitRulesReads.set(commit, billed);
    const readNow: string[] = [];
    const lookup = (state: string, read: (path: string) => StoredDocument | null) => (relative: string) => {
      if (!billed.has(`${state}:${relative}`)) {
        billed.add(`${state}:${relative}`);
        readNow.push(relative);
      }
      const doc = read(relative);
      return doc && toDocumentJson(this.root, doc);
    };
    const verdict = this.authorizer()({
      caller,
      method,
      path: path === '' ? this.root : `${this.root}/${path}`,
      resource: resource && toDocumentJson(this.root, resource),
      incoming: incoming && toDocumentJson(this.root, incoming),
      timestamp: formatTimestamp(time),
      documents: lookup('before', (relative) => this.store.get(relative, context.readTime)),
      ...(context.query ? { query: context.query } : {}),
      ...(context.after && commit ? { documentsAfter: lookup('after', context.after), commit } : {}),
    });
    if (readNow.length > 0) this.rulesReads(caller, readNow);
    const allowed = typeof verdict === 'boolean' ? verdict : verdict.allowed;
    if (!allowed) throw permissionDenied(typeof verdict === 'boolean' ? undefined : verdict.message);
  }

  // ---- names --------------------------------------------------------------------------

  /** A document name in this database as a relative path. */
  documentPath(name: unknown): string {
    const parsed = parseDocumentName(name);
    if (!sameDatabase(parsed.db, this.id)) throw invalidArgument(`Document "${String(name)}" is not in database ${this.id.projectId}/${this.id.databaseId}.`);
    return parsed.segments.join('/');
  }

  // ---- reads --------------------------------------------------------------------------

  resolveRead(consistency: Consistency): ResolvedRead {
    const set = [consistency.transaction, consistency.newTransaction, consistency.readTime].filter((v) => v !== undefined && v !== null);
    if (set.length > 1) throw invalidArgument('Only one of transaction, newTransaction and readTime may be set.');
    if (consistency.transaction !== undefined && consistency.transaction !== null) {
      const transaction = this.transactions.get(consistency.transaction);
      return { transaction, readTime: transaction.readTime };
    }
    if (consistency.newTransaction !== undefined && consistency.newTransaction !== null) {
      const transaction = this.beginTransaction(consistency.newTransaction);
      return { transaction, readTime: transaction.readTime, beganTransaction: transaction.id };
    }
    if (consistency.readTime !== undefined && consistency.readTime !== null) {
      return { readTime: this.checkReadTime(consistency.readTime) };
    }
    return {};
  }

  private checkReadTime(raw: unknown): Nanos {
    if (typeof raw !== 'string') throw invalidArgument('Invalid read time.');
    const time = parseTimestamp(raw);
    if (time > this.clock.next()) throw invalidArgument('read_time cannot be in the future.');
    return time;
  }

  /** Reads one document as `caller`, recording it in the transaction if any. */
  read(caller: Caller, path: string, read: ResolvedRead): StoredDocument | null {
    const doc = this.store.get(path, read.readTime);
    this.authorize(caller, 'get', path, doc, null, { readTime: read.readTime });
    if (read.transaction && !read.transaction.readOnly) {
      read.transaction.reads.set(path, { updateTime: this.store.get(path)?.updateTime ?? null });
    }
    return doc;
  }

  getDocument(caller: Caller, name: unknown, read: ResolvedRead, mask?: FieldPath[]): FirestoreDocumentJson {
    const path = this.documentPath(name);
    const doc = this.read(caller, path, read);
    if (doc === null) throw notFound(`Document "${String(name)}" not found.`);
    return toDocumentJson(this.root, doc, mask);
  }

  planQuery(parentName: string, structuredQuery: unknown): PlannedQuery {
    const parent = parentName === this.root ? '' : this.documentPath(parentName);
    const planned = planQuery(structuredQuery, parent, this.id);
    // Every query (runQuery, aggregations, listeners, transactions) meets the index check here.
    this.indexes.check(planned, this.id);
    return planned;
  }

  query(caller: Caller, query: PlannedQuery, read: ResolvedRead): StoredDocument[] {
    const path = query.collectionId === undefined ? query.parent : joinPath(query.parent, query.collectionId);
    this.authorize(caller, 'list', path, null, null, { readTime: read.readTime, query: { collectionGroup: query.allDescendants, structuredQuery: query.source } });
    const docs = runPlannedQuery(query, { store: this.store, root: this.root, readTime: read.readTime });
    if (read.transaction && !read.transaction.readOnly) {
      // An unordered result lists the same documents in the store's order, which may differ between the runs.
      const fingerprint = (list: StoredDocument[]) => {
        const prints = list.map((doc) => `${doc.path}@${doc.updateTime}`);
        return query.unordered ? prints.sort() : prints;
      };
      read.transaction.queries.push({
        seen: fingerprint(docs),
        rerun: () => fingerprint(runPlannedQuery(query, { store: this.store, root: this.root })),
      });
    }
    return docs;
  }

  aggregate(caller: Caller, parentName: string, aggregationQuery: unknown, read: ResolvedRead): Record<string, Value> {
    return this.aggregateCounting(caller, parentName, aggregationQuery, read).fields;
  }

  /** `aggregate`, also telling how many documents were aggregated (explain's execution stats). */
  aggregateCounting(caller: Caller, parentName: string, aggregationQuery: unknown, read: ResolvedRead): { fields: Record<string, Value>; documents: number } {
    const body = aggregationQuery as { structuredQuery?: unknown; aggregations?: unknown } | undefined;
    if (typeof body !== 'object' || body === null) throw invalidArgument('Missing structured aggregation query.');
    const aggregations = planAggregations(body.aggregations);
    const planned = this.planQuery(parentName, body.structuredQuery);
    const inAggregation = hasAggregatedFields(aggregations);
    // Counts without limit or offset take every match, in whatever order (a sum or an average
    // keeps the query's order: adding doubles in another order can round differently).
    const unordered = planned.limit === undefined && planned.offset === 0 && aggregations.every((aggregation) => aggregation.field === undefined);
    const docs = this.query(caller, { ...planned, unordered, predicate: (doc) => planned.predicate(doc) && inAggregation(doc) }, read);
    return { fields: aggregate(aggregations, docs), documents: docs.length };
  }

  listCollectionIds(caller: Caller, parentName: string): string[] {
    const parent = parentName === this.root ? '' : this.documentPath(parentName);
    this.authorize(caller, 'list', parent, null, null);
    return this.store.collectionIds(parent);
  }

  // ---- transactions -------------------------------------------------------------------

  beginTransaction(options: unknown): Transaction {
    const opts = (options ?? {}) as { readOnly?: { readTime?: unknown } | null; readWrite?: unknown };
    // `mode` is a oneof: a transaction is read-only or read-write, never both.
    if (opts.readOnly !== undefined && opts.readOnly !== null && opts.readWrite !== undefined && opts.readWrite !== null) {
      throw invalidArgument("TransactionOptions must set one of read_only or read_write, not both.");
    }
    if (opts.readOnly !== undefined && opts.readOnly !== null) {
      const readTime = opts.readOnly.readTime === undefined || opts.readOnly.readTime === null ? this.now() : this.checkReadTime(opts.readOnly.readTime);
      return this.transactions.begin({ readOnly: true, readTime });
    }
    return this.transactions.begin({ readOnly: false });
  }

  rollback(id: unknown): void {
    const transaction = this.transactions.get(id);
    this.transactions.end(transaction.id);
  }

  // ---- writes -------------------------------------------------------------------------

  /** Applies `writes` atomically (all or none), in a transaction when `transactionId` is set. */
  commit(caller: Caller, writes: unknown, transactionId?: unknown): CommitResult {
    if (writes !== undefined && !Array.isArray(writes)) throw invalidArgument('writes must be a list.');
    const parsed = (writes ?? []).map((write, index) => parseWrite(write, this.id, index));
    parsed.forEach(validateWrite);
    if (parsed.length > 500) throw invalidArgument('A commit can contain at most 500 writes.');
    const transaction = transactionId === undefined || transactionId === null || transactionId === '' ? undefined : this.transactions.get(transactionId);
    if (transaction?.readOnly && parsed.length > 0) throw invalidArgument('Cannot modify entities in a read-only transaction.');
    if (transaction) {
      try {
        this.transactions.validate(transaction, (path) => this.store.get(path)?.updateTime ?? null);
      } finally {
        this.transactions.end(transaction.id);
      }
    }

    const commitTime = this.clock.next();
    const staged = new Map<string, StoredDocument | null>();
    const current = (path: string) => (staged.has(path) ? staged.get(path)! : this.store.get(path));
    const results: WriteOutcome['result'][] = [];
    const applied: { path: string; before: StoredDocument | null; after: StoredDocument | null }[] = [];
    const touched = new Map<string, StoredDocument | null>();
    const deleted = new Set<string>();
    for (const write of parsed) {
      const before = current(write.path);
      const outcome = applyWrite(write, before, commitTime, { deletedEarlier: deleted.has(write.path) });
      if (write.kind === 'delete') deleted.add(write.path);
      else if (outcome.doc !== null) deleted.delete(write.path);
      if (write.kind !== 'verify') applied.push({ path: write.path, before, after: outcome.doc });
      if (!touched.has(write.path)) touched.set(write.path, this.store.get(write.path));
      staged.set(write.path, outcome.doc);
      results.push(outcome.result);
    }
    // Access is decided once every write is staged, so rules can see the whole commit's result.
    const context: AccessContext = { time: commitTime, after: current, commit: {} };
    for (const { path, before, after } of applied) {
      if (after === null) this.authorize(caller, 'delete', path, before, null, context);
      else this.authorize(caller, before === null ? 'create' : 'update', path, before, after, context);
    }

    const changes: DocumentChange[] = [];
    for (const [path, before] of touched) {
      const after = staged.get(path)!;
      if (before === null && after === null) continue;
      if (after === before) continue;
      changes.push({ path, before, after });
    }
    // Durable first (one record for the whole commit, so it survives a crash whole or not at all), then visible.
    if (changes.length > 0) durably(() => this.log()?.committed(this.id, commitTime, changes));
    for (const change of changes) this.store.put(change.path, change.after, commitTime);
    this.announce(changes, commitTime, writerOf(caller));
    return { commitTime: formatTimestamp(commitTime), writeResults: results };
  }

  private announce(changes: DocumentChange[], commitTime: Nanos, writer: DocumentWriter): void {
    if (changes.length === 0) return;
    for (const listener of this.listeners) listener(changes, commitTime);
    const time = formatTimestamp(commitTime);
    for (const change of changes) {
      this.documentWrites.publish({
        projectId: this.id.projectId,
        databaseId: this.id.databaseId,
        path: change.path,
        before: change.before && toDocumentJson(this.root, change.before),
        after: change.after && toDocumentJson(this.root, change.after),
        commitTime: time,
        writer,
      });
    }
  }

  // ---- admin --------------------------------------------------------------------------

  /** Loads documents as they were exported (no listeners or feed events). */
  load(docs: StoredDocument[]): void {
    for (const doc of docs) this.store.put(doc.path, doc, doc.updateTime);
    // An export holds no deletes: what was deleted before it is unknown.
    let latest = this.clock.current();
    for (const doc of docs) if (doc.updateTime > latest) latest = doc.updateTime;
    this.historyStart = latest;
  }

  /** Re-applies a commit read back from the durable log (no listeners or feed events). */
  replayCommit(changes: readonly Pick<DocumentChange, 'path' | 'after'>[], commitTime: Nanos): void {
    this.clock.advanceTo(commitTime);
    for (const change of changes) this.store.put(change.path, change.after, commitTime);
  }

  /** Re-applies a clear read back from the durable log. */
  replayClear(time: Nanos): void {
    this.clock.advanceTo(time);
    this.store.clear();
    this.historyStart = time;
  }

  /** Deletes every document; listeners hear of each removal. */
  clear(): void {
    const commitTime = this.clock.next();
    durably(() => this.log()?.cleared(this.id, commitTime));
    const changes: DocumentChange[] = [];
    for (const doc of [...this.store.all()]) changes.push({ path: doc.path, before: doc, after: null });
    this.store.clear();
    this.historyStart = commitTime;
    this.transactions.clear();
    for (const listener of this.listeners) listener(changes, commitTime);
  }
}

/** Runs a durable-log write; its failure fails the request (nothing was applied) with a clear INTERNAL error. */
function durably(write: () => void): void {
  try {
    write();
  } catch (error) {
    throw new FirestoreError('INTERNAL', `The emulator could not write its journal, so nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The writer the change feed reports for auth-context triggers. Every transport (gRPC, REST,
 * WebChannel) decodes its credential into a Caller, so this one mapping covers them all.
 */
function writerOf(caller: Caller): DocumentWriter {
  switch (caller.kind) {
    case 'owner':
      // Production reports Admin SDK writes as their service account (firebase-functions'
      // AuthType has no "admin"); the emulator's owner credential names no account.
      return { authType: 'service_account' };
    case 'user':
      return { authType: 'app_user', authId: caller.auth.uid };
    case 'anonymous-request':
      return { authType: 'unauthenticated' };
  }
}

export function parseMask(mask: unknown): FieldPath[] | undefined {
  if (mask === undefined || mask === null) return undefined;
  const paths = (mask as { fieldPaths?: unknown }).fieldPaths ?? [];
  if (!Array.isArray(paths)) throw invalidArgument('mask.fieldPaths must be a list.');
  return paths.map((path) => parseFieldPath(path));
}
