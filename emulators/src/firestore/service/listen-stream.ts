/**
 * The Listen stream (firestore.proto `Listen`), shared by gRPC and WebChannel. Each target
 * (a query or a set of documents) gets ADD, its documents, CURRENT with a resume token and a
 * global read time (a target resumed from a resume token or read time within the last 30
 * minutes gets only what changed since: no RESET; a query resumed from a token older than
 * UNTRACKED_AFTER_NANOS gets an existence filter instead of removals); after every commit, each target hears of the changes that concern it
 * (documentChange / documentDelete / documentRemove), followed by one global read time, so
 * every listener sees each committed change exactly once and in commit order.
 */
import { BadTokenError, callerFromAuthorization, type Caller } from '../../common/auth.js';
import { RpcCode, asFirestoreError, invalidArgument, type FirestoreError } from '../errors.js';
import type { Database, DocumentChange } from '../engine/database.js';
import { bloomFilterOf } from '../engine/bloom-filter.js';
import { toDocumentJson } from '../engine/documents.js';
import { checkNesting } from '../engine/nesting.js';
import { inQueryScope, matchesQuery, runPlannedQuery, type PlannedQuery } from '../engine/query.js';
import type { StoredDocument } from '../engine/store.js';
import { formatTimestamp, fromSecondsNanos, parseTimestamp, type Nanos } from '../engine/time.js';
import type { StreamHandle, StreamOpenContext, StreamSink } from '../streams.js';
import type { Databases } from './databases.js';

interface Target {
  id: number;
  query?: PlannedQuery;
  /** For a documents target: the watched paths. */
  paths?: Set<string>;
  /** What the client currently holds for this target: path -> update time. */
  held: Map<string, Nanos>;
}

/** "If the listener is disconnected for more than 30 minutes, you are charged for reads as if you had issued a brand-new query" (pricing page). */
export const RESUME_WINDOW_NANOS = 30n * 60n * 1_000_000_000n;

/**
 * How long after a query's resume token Watch is taken to have stopped tracking it: a query
 * resumed from further back gets an existence filter (a count and a bloom filter of the
 * matching names) rather than a removal per document, as production's Watch sends once it has
 * let the query go (firebase-js-sdk's bloom filter tests wait 10 seconds for that). Production
 * does not publish its figure; resumes within it (a reconnect) keep getting removals.
 */
export const UNTRACKED_AFTER_NANOS = 5n * 1_000_000_000n;

/**
 * Whether a target resumes with a resume token older than UNTRACKED_AFTER_NANOS. Measured on
 * the wall clock (the database's clock moves only with commits), or the database's clock when
 * it is ahead (a test that advances it).
 */
function untrackedSince(spec: Record<string, unknown>, database: Database): boolean {
  if (typeof spec.resumeToken !== 'string' || spec.resumeToken === '') return false;
  const resumeAt = resumeTimeOf(spec);
  if (resumeAt === undefined) return false;
  const wall = BigInt(Date.now()) * 1_000_000n;
  const now = wall > database.now() ? wall : database.now();
  return now - resumeAt > UNTRACKED_AFTER_NANOS;
}

export function resumeToken(time: Nanos): string {
  return Buffer.from(`t${time.toString()}`).toString('base64');
}

/** The time a target resumes from: its resume token (ours: `t<nanos>`) or its read time; undefined for a first listen. */
export function resumeTimeOf(spec: Record<string, unknown>): Nanos | undefined {
  const token = spec.resumeToken;
  if (typeof token === 'string' && token !== '') {
    const text = Buffer.from(token, 'base64').toString();
    if (/^t\d+$/.test(text)) return BigInt(text.slice(1));
  }
  const readTime = spec.readTime;
  if (typeof readTime === 'string' && readTime !== '') return parseTimestamp(readTime);
  if (typeof readTime === 'object' && readTime !== null) {
    const { seconds, nanos } = readTime as { seconds?: unknown; nanos?: unknown };
    return fromSecondsNanos(String(seconds ?? 0), Number(nanos ?? 0));
  }
  return undefined;
}

export class ListenStream implements StreamHandle {
  private readonly targets = new Map<number, Target>();
  private database?: Database;
  private unsubscribe?: () => void;
  private closed = false;

  constructor(
    private readonly databases: Databases,
    private readonly context: StreamOpenContext,
    private readonly sink: StreamSink,
    private readonly caller: Caller,
  ) {}

  static open(databases: Databases, context: StreamOpenContext, sink: StreamSink): StreamHandle {
    let caller: Caller;
    try {
      caller = callerFromAuthorization(context.headers.authorization);
    } catch (error) {
      if (!(error instanceof BadTokenError)) throw error;
      sink.fail(RpcCode.UNAUTHENTICATED, error.message);
      return { receive: () => {}, close: () => {} };
    }
    return new ListenStream(databases, context, sink, caller);
  }

  receive(message: unknown): void {
    if (this.closed) return;
    try {
      this.handle(message);
    } catch (error) {
      this.fail(asFirestoreError(error));
    }
  }

  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.targets.clear();
  }

  private fail(error: FirestoreError): void {
    this.sink.fail(error.code, error.message);
    this.close();
  }

  private handle(message: unknown): void {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) throw invalidArgument('ListenRequest must be an object.');
    checkNesting(message);
    const request = message as { database?: unknown; addTarget?: unknown; removeTarget?: unknown };
    const database = this.attach(typeof request.database === 'string' && request.database !== '' ? request.database : this.context.database);
    if (request.addTarget !== undefined && request.addTarget !== null) this.addTarget(database, request.addTarget as Record<string, unknown>);
    else if (request.removeTarget !== undefined && request.removeTarget !== null) this.removeTarget(Number(request.removeTarget));
    else throw invalidArgument('ListenRequest must set addTarget or removeTarget.');
  }

  private attach(name: string): Database {
    if (this.database) {
      if (name !== `projects/${this.database.id.projectId}/databases/${this.database.id.databaseId}`) {
        throw invalidArgument(`A Listen stream serves one database; got "${name}".`);
      }
      return this.database;
    }
    const database = this.databases.byResourceName(name);
    this.database = database;
    this.unsubscribe = database.onCommit((changes, commitTime) => this.onCommit(database, changes, commitTime));
    return database;
  }

  private addTarget(database: Database, spec: Record<string, unknown>): void {
    const id = Number(spec.targetId ?? 0);
    if (!Number.isInteger(id)) throw invalidArgument('targetId must be an integer.');
    if (this.targets.has(id)) {
      this.rejectTarget(id, invalidArgument(`Target id ${id} is already in use.`));
      return;
    }
    let target: Target;
    let docs: StoredDocument[];
    let since: StoredDocument[] | undefined;
    try {
      ({ target, docs, since } = this.planTarget(database, id, spec));
    } catch (error) {
      this.rejectTarget(id, asFirestoreError(error));
      return;
    }
    this.targets.set(id, target);
    this.send({ targetChange: { targetChangeType: 'ADD', targetIds: [id] } });
    const meter = this.databases.usageOf(database.root);
    const billed: string[] = [];
    for (const doc of docs) target.held.set(doc.path, doc.updateTime);
    if (since === undefined) {
      // A first listen, or a resume from further back than the history: everything, after a RESET when resuming.
      if (Boolean(spec.resumeToken) || Boolean(spec.readTime)) this.send({ targetChange: { targetChangeType: 'RESET', targetIds: [id] } });
      for (const doc of docs) {
        billed.push(doc.path);
        this.send({ documentChange: { document: toDocumentJson(database.root, doc), targetIds: [id] } });
      }
    } else {
      // Resumed: only what changed since the client's snapshot (a bundle's read time, a resume token).
      const then = new Map(since.map((doc) => [doc.path, doc.updateTime]));
      for (const doc of docs) {
        if (then.get(doc.path) === doc.updateTime) continue;
        billed.push(doc.path);
        this.send({ documentChange: { document: toDocumentJson(database.root, doc), targetIds: [id] } });
      }
      if (target.query !== undefined && untrackedSince(spec, database)) {
        // Watch stopped tracking this query a while ago and no longer knows which documents the
        // client holds: instead of a removal for each, it sends how many match now and a bloom
        // filter of their names; the SDK drops what the filter lacks, or re-queries on a mismatch.
        const names = docs.map((doc) => `${database.root}/${doc.path}`);
        this.send({ filter: { targetId: id, count: docs.length, unchangedNames: bloomFilterOf(names) } });
      } else {
        for (const path of then.keys()) {
          if (target.held.has(path)) continue;
          const deleted = database.store.get(path) === null;
          if (!deleted) billed.push(path);
          this.sendGone(database, target, path, deleted, database.now());
        }
      }
    }
    meter.reads(this.caller, 'Listen', billed, target.query ? { count: 1, collectionId: target.query.collectionId ?? '' } : undefined);
    const readTime = database.now();
    this.send({ targetChange: { targetChangeType: 'CURRENT', targetIds: [id], resumeToken: resumeToken(readTime) } });
    this.send({ targetChange: { readTime: formatTimestamp(readTime), resumeToken: resumeToken(readTime) } });
    if (spec.once === true) this.removeTarget(id);
  }

  /**
   * The target and its documents now; with `since`, its documents at the time the client
   * resumes from, when the history reaches back that far.
   */
  private planTarget(database: Database, id: number, spec: Record<string, unknown>): { target: Target; docs: StoredDocument[]; since?: StoredDocument[] } {
    const held = new Map<string, Nanos>();
    const resumeAt = resumeTimeOf(spec);
    // Production bills a listener resumed after more than 30 minutes as a new query: so does this one.
    const resumable = resumeAt !== undefined && database.canResumeFrom(resumeAt) && database.now() - resumeAt <= RESUME_WINDOW_NANOS;
    if (spec.query) {
      const query = spec.query as { parent?: unknown; structuredQuery?: unknown };
      if (typeof query.parent !== 'string') throw invalidArgument('A query target needs a parent.');
      const planned = database.planQuery(query.parent, query.structuredQuery);
      const docs = database.query(this.caller, planned, {});
      const since = resumable ? database.query(this.caller, planned, { readTime: resumeAt }) : undefined;
      return { target: { id, query: planned, held }, docs, ...(since ? { since } : {}) };
    }
    if (spec.documents) {
      const names = (spec.documents as { documents?: unknown }).documents;
      if (!Array.isArray(names) || names.length === 0) throw invalidArgument('A documents target needs at least one document name.');
      const paths = new Set(names.map((name) => database.documentPath(name)));
      const docs: StoredDocument[] = [];
      const since: StoredDocument[] = [];
      for (const path of paths) {
        const doc = database.read(this.caller, path, {});
        if (doc) docs.push(doc);
        const before = resumable ? database.store.get(path, resumeAt) : null;
        if (before) since.push(before);
      }
      return { target: { id, paths, held }, docs, ...(resumable ? { since } : {}) };
    }
    throw invalidArgument('A target must set query or documents.');
  }

  private rejectTarget(id: number, error: FirestoreError): void {
    this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id], cause: { code: error.code, message: error.message } } });
  }

  private removeTarget(id: number): void {
    if (!this.targets.delete(id)) return;
    this.send({ targetChange: { targetChangeType: 'REMOVE', targetIds: [id] } });
  }

  private onCommit(database: Database, changes: DocumentChange[], commitTime: Nanos): void {
    if (this.closed) return;
    let sent = false;
    for (const target of this.targets.values()) {
      const query = target.query;
      if (query?.windowed) {
        // Rerunning a window is a full query: only when the commit touched its collection(s).
        if (changes.some((change) => inQueryScope(query, change.path))) sent = this.diffWindow(database, target, commitTime) || sent;
      } else {
        sent = this.applyChanges(database, target, changes, commitTime) || sent;
      }
    }
    if (sent) this.send({ targetChange: { readTime: formatTimestamp(commitTime), resumeToken: resumeToken(commitTime) } });
  }

  private visible(database: Database, target: Target, doc: StoredDocument | null): doc is StoredDocument {
    if (doc === null) return false;
    if (target.paths) return target.paths.has(doc.path);
    return matchesQuery(target.query!, doc, database.root);
  }

  private applyChanges(database: Database, target: Target, changes: DocumentChange[], commitTime: Nanos): boolean {
    let sent = false;
    for (const change of changes) {
      if (target.paths && !target.paths.has(change.path)) continue;
      if (this.visible(database, target, change.after)) {
        target.held.set(change.path, change.after.updateTime);
        this.bill(database, change.path);
        this.send({ documentChange: { document: toDocumentJson(database.root, change.after), targetIds: [target.id] } });
        sent = true;
      } else if (target.held.delete(change.path)) {
        // Leaving the result because it changed is a read; because it was deleted, none.
        if (change.after !== null) this.bill(database, change.path);
        this.sendGone(database, target, change.path, change.after === null, commitTime);
        sent = true;
      }
    }
    return sent;
  }

  /** Limit/offset queries: rerun and diff, since a change anywhere can move the window. */
  private diffWindow(database: Database, target: Target, commitTime: Nanos): boolean {
    const now = runPlannedQuery(target.query!, { store: database.store, root: database.root });
    const nowPaths = new Set(now.map((doc) => doc.path));
    let sent = false;
    for (const path of [...target.held.keys()]) {
      if (nowPaths.has(path)) continue;
      target.held.delete(path);
      const deleted = database.store.get(path) === null;
      if (!deleted) this.bill(database, path);
      this.sendGone(database, target, path, deleted, commitTime);
      sent = true;
    }
    for (const doc of now) {
      if (target.held.get(doc.path) === doc.updateTime) continue;
      target.held.set(doc.path, doc.updateTime);
      this.bill(database, doc.path);
      this.send({ documentChange: { document: toDocumentJson(database.root, doc), targetIds: [target.id] } });
      sent = true;
    }
    return sent;
  }

  /** One billed read of a listener update. */
  private bill(database: Database, path: string): void {
    this.databases.usageOf(database.root).reads(this.caller, 'Listen', [path]);
  }

  private sendGone(database: Database, target: Target, path: string, deleted: boolean, commitTime: Nanos): void {
    const document = `${database.root}/${path}`;
    if (deleted) this.send({ documentDelete: { document, removedTargetIds: [target.id], readTime: formatTimestamp(commitTime) } });
    else this.send({ documentRemove: { document, removedTargetIds: [target.id], readTime: formatTimestamp(commitTime) } });
  }

  private send(message: object): void {
    if (!this.closed) this.sink.send(message);
  }
}
