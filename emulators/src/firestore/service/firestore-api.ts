/**
 * The unary and server-streaming RPCs of `google.firestore.v1.Firestore`, in proto3 JSON,
 * shared by the gRPC and REST transports. Server-streaming RPCs return the whole list of
 * response messages (our reads are synchronous, so nothing is gained by trickling them).
 */
import type { Caller } from '../../common/auth.js';
import { FirestoreError, invalidArgument } from '../errors.js';
import { parseMask, type Database, type ResolvedRead } from '../engine/database.js';
import { toDocumentJson } from '../engine/documents.js';
import { explainMetrics, parseExplainOptions } from '../engine/explain.js';
import { parseFieldPath } from '../engine/field-path.js';
import { joinPath, validateCollectionId } from '../engine/paths.js';
import { formatTimestamp } from '../engine/time.js';
import { parseWrite, validateWrite } from '../engine/writes.js';
import type { Databases } from './databases.js';
import { aggregationReads } from './usage.js';

type Json = Record<string, unknown>;

export type UnaryMethod =
  | 'GetDocument'
  | 'ListDocuments'
  | 'CreateDocument'
  | 'UpdateDocument'
  | 'DeleteDocument'
  | 'BeginTransaction'
  | 'Commit'
  | 'Rollback'
  | 'ListCollectionIds'
  | 'BatchWrite'
  | 'PartitionQuery';

export type StreamingMethod = 'BatchGetDocuments' | 'RunQuery' | 'RunAggregationQuery';

export const UNARY_METHODS: UnaryMethod[] = [
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'ListCollectionIds',
  'BatchWrite',
  'PartitionQuery',
];
export const STREAMING_METHODS: StreamingMethod[] = ['BatchGetDocuments', 'RunQuery', 'RunAggregationQuery'];

function str(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw invalidArgument(`Missing ${what}.`);
  return value;
}

export class FirestoreApi {
  constructor(private readonly databases: Databases) {}

  private database(name: unknown): Database {
    return this.databases.byResourceName(str(name, 'resource name'));
  }

  private readTimeOf(database: Database, read: ResolvedRead): string {
    return formatTimestamp(read.readTime ?? database.now());
  }

  unary(method: UnaryMethod, request: Json, caller: Caller): Json {
    switch (method) {
      case 'GetDocument': {
        const database = this.database(request.name);
        // Billed whether or not the document exists.
        this.databases.usageOf(String(request.name)).reads(caller, method, [String(request.name)]);
        return database.getDocument(caller, request.name, database.resolveRead(request), parseMask(request.mask)) as unknown as Json;
      }
      case 'ListDocuments':
        return this.listDocuments(request, caller);
      case 'CreateDocument':
        return this.createDocument(request, caller);
      case 'UpdateDocument':
        return this.updateDocument(request, caller);
      case 'DeleteDocument': {
        const database = this.database(request.name);
        const write: Json = { delete: request.name };
        if (request.currentDocument) write.currentDocument = request.currentDocument;
        database.commit(caller, [write]);
        this.databases.usageOf(String(request.name)).committed(caller, method, [write]);
        return {};
      }
      case 'BeginTransaction': {
        const database = this.database(request.database);
        return { transaction: database.beginTransaction(request.options).id };
      }
      case 'Commit': {
        const database = this.database(request.database);
        const result = database.commit(caller, request.writes ?? [], request.transaction) as unknown as Json;
        this.databases.usageOf(String(request.database)).committed(caller, method, request.writes);
        return result;
      }
      case 'Rollback': {
        const database = this.database(request.database);
        database.rollback(str(request.transaction, 'transaction'));
        return {};
      }
      case 'ListCollectionIds': {
        const database = this.database(request.parent);
        const ids = database.listCollectionIds(caller, str(request.parent, 'parent'));
        return this.page(ids, request, 'collectionIds');
      }
      case 'BatchWrite':
        return this.batchWrite(request, caller);
      case 'PartitionQuery':
        return { partitions: [] };
    }
  }

  streaming(method: StreamingMethod, request: Json, caller: Caller): Json[] {
    switch (method) {
      case 'BatchGetDocuments':
        return this.batchGet(request, caller);
      case 'RunQuery':
        return this.runQuery(request, caller);
      case 'RunAggregationQuery':
        return this.runAggregationQuery(request, caller);
    }
  }

  private page<T>(items: T[], request: Json, key: string): Json {
    const size = pageSize(request.pageSize);
    const start = pageStart(request.pageToken);
    const end = size > 0 ? start + size : items.length;
    const out: Json = { [key]: items.slice(start, end) };
    if (end < items.length) out.nextPageToken = Buffer.from(String(end)).toString('base64');
    return out;
  }

  private listDocuments(request: Json, caller: Caller): Json {
    const database = this.database(request.parent);
    const parent = str(request.parent, 'parent');
    const collectionId = request.collectionId === undefined || request.collectionId === '' ? undefined : validateCollectionId(request.collectionId);
    if (collectionId === undefined) throw invalidArgument('collection_id is required.');
    const orderBy = parseListOrderBy(request.orderBy);
    if (orderBy.length > 0 && request.showMissing === true) throw invalidArgument('Requests with show_missing may not specify order_by.');
    const read = database.resolveRead(request);
    const query = database.planQuery(parent, { from: [{ collectionId }], ...(orderBy.length > 0 ? { orderBy } : {}) });
    const docs = database.query(caller, query, read);
    this.databases.usageOf(parent).reads(caller, 'ListDocuments', docs.map((doc) => doc.path), { count: 1, collectionId });
    const mask = parseMask(request.mask);
    const documents = docs.map((doc) => toDocumentJson(database.root, doc, mask));
    if (request.showMissing === true) {
      // Documents that do not exist but have subcollections ("missing" documents): name only.
      const parentPath = parent === database.root ? '' : database.documentPath(parent);
      const present = new Set(docs.map((doc) => doc.path));
      for (const id of this.missingParents(database, joinPath(parentPath, collectionId))) {
        if (!present.has(id)) documents.push({ name: `${database.root}/${id}` } as never);
      }
      documents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }
    return this.page(documents, request, 'documents');
  }

  /** Paths of documents directly in `collection` that have descendants but no data. */
  private missingParents(database: Database, collection: string): string[] {
    const out = new Set<string>();
    const prefix = `${collection}/`;
    for (const doc of database.store.all()) {
      if (!doc.path.startsWith(prefix)) continue;
      const rest = doc.path.slice(prefix.length).split('/');
      if (rest.length > 2 && database.store.get(`${prefix}${rest[0]}`) === null) out.add(`${prefix}${rest[0]}`);
    }
    return [...out];
  }

  private createDocument(request: Json, caller: Caller): Json {
    const database = this.database(request.parent);
    const parent = str(request.parent, 'parent');
    const collectionId = validateCollectionId(request.collectionId);
    const documentId = typeof request.documentId === 'string' && request.documentId !== '' ? request.documentId : autoId();
    const name = `${parent}/${collectionId}/${documentId}`;
    const document = (request.document ?? {}) as Json;
    const writes = [{ update: { name, fields: document.fields ?? {} }, currentDocument: { exists: false } }];
    database.commit(caller, writes);
    this.databases.usageOf(parent).committed(caller, 'CreateDocument', writes);
    return database.getDocument({ kind: 'owner' }, name, {}, parseMask(request.mask)) as unknown as Json;
  }

  private updateDocument(request: Json, caller: Caller): Json {
    const document = (request.document ?? {}) as Json;
    const database = this.database(document.name);
    const write: Json = { update: { name: document.name, fields: document.fields ?? {} } };
    if (request.updateMask) write.updateMask = request.updateMask;
    if (request.currentDocument) write.currentDocument = request.currentDocument;
    database.commit(caller, [write]);
    this.databases.usageOf(String(document.name)).committed(caller, 'UpdateDocument', [write]);
    return database.getDocument({ kind: 'owner' }, document.name, {}, parseMask(request.mask)) as unknown as Json;
  }

  /**
   * Not atomic: each write succeeds or fails on its own (per-write status). But a request
   * that is malformed as a whole (a bad document name or value in any write, two writes to
   * one document, over 500 writes) fails entirely with INVALID_ARGUMENT, as production does.
   */
  private batchWrite(request: Json, caller: Caller): Json {
    const database = this.database(request.database);
    if (request.writes !== undefined && !Array.isArray(request.writes)) throw invalidArgument('writes must be a list.');
    const writes = Array.isArray(request.writes) ? request.writes : [];
    if (writes.length > 500) throw invalidArgument('A BatchWrite request can contain at most 500 writes.');
    const paths = new Set<string>();
    writes.forEach((raw, index) => {
      const write = parseWrite(raw, database.id, index);
      validateWrite(write);
      if (paths.has(write.path)) throw invalidArgument(`BatchWrite cannot write more than once to the same document: ${write.name}`);
      paths.add(write.path);
    });
    const writeResults: Json[] = [];
    const status: Json[] = [];
    for (const write of writes) {
      try {
        const result = database.commit(caller, [write]);
        this.databases.usageOf(String(request.database)).committed(caller, 'BatchWrite', [write]);
        writeResults.push(result.writeResults[0] as unknown as Json);
        status.push({ code: 0 });
      } catch (error) {
        if (!(error instanceof FirestoreError)) throw error;
        writeResults.push({});
        status.push({ code: error.code, message: error.message });
      }
    }
    return { writeResults, status };
  }

  private batchGet(request: Json, caller: Caller): Json[] {
    const database = this.database(request.database);
    if (!Array.isArray(request.documents)) throw invalidArgument('documents must be a list.');
    const read = database.resolveRead(request);
    const mask = parseMask(request.mask);
    const readTime = this.readTimeOf(database, read);
    const responses: Json[] = [];
    if (read.beganTransaction) responses.push({ transaction: read.beganTransaction, readTime });
    const meter = this.databases.usageOf(String(request.database));
    for (const name of request.documents) {
      const doc = database.read(caller, database.documentPath(name), read);
      meter.reads(caller, 'BatchGetDocuments', [String(name)]);
      responses.push(doc ? { found: toDocumentJson(database.root, doc, mask), readTime } : { missing: name, readTime });
    }
    return responses;
  }

  private runQuery(request: Json, caller: Caller): Json[] {
    const database = this.database(request.parent);
    const explain = parseExplainOptions(request.explainOptions);
    const query = database.planQuery(str(request.parent, 'parent'), request.structuredQuery);
    // Explain without analyze plans the query and runs nothing: no documents, no read time.
    if (explain && !explain.analyze) return [{ explainMetrics: explainMetrics(database.indexes.plan(query)) }];
    const read = database.resolveRead(request);
    const started = process.hrtime.bigint();
    const docs = database.query(caller, query, read);
    const durationNanos = process.hrtime.bigint() - started;
    this.databases.usageOf(String(request.parent)).reads(caller, 'RunQuery', docs.map((doc) => doc.path), { count: 1, collectionId: query.collectionId ?? '' });
    const readTime = this.readTimeOf(database, read);
    const responses: Json[] = docs.map((doc) => ({ document: toDocumentJson(database.root, doc, query.select), readTime }));
    if (responses.length === 0) responses.push({ readTime });
    if (read.beganTransaction) responses[0]!.transaction = read.beganTransaction;
    if (explain) {
      const counts = { resultsReturned: docs.length, indexEntriesScanned: docs.length, documentsScanned: docs.length, readOperations: Math.max(1, docs.length), durationNanos };
      responses[responses.length - 1]!.explainMetrics = explainMetrics(database.indexes.plan(query), counts);
    }
    return responses;
  }

  private runAggregationQuery(request: Json, caller: Caller): Json[] {
    const database = this.database(request.parent);
    const parent = str(request.parent, 'parent');
    const explain = parseExplainOptions(request.explainOptions);
    const body = request.structuredAggregationQuery as { structuredQuery?: unknown } | undefined;
    const plan = explain ? database.indexes.plan(database.planQuery(parent, body?.structuredQuery)) : undefined;
    if (explain && !explain.analyze) return [{ explainMetrics: explainMetrics(plan!) }];
    const read = database.resolveRead(request);
    const started = process.hrtime.bigint();
    const { fields: aggregateFields, documents } = database.aggregateCounting(caller, parent, request.structuredAggregationQuery, read);
    const durationNanos = process.hrtime.bigint() - started;
    // Billed by index entries matched: the documents the underlying query matches (rules already checked it).
    const collectionId = database.planQuery(parent, body?.structuredQuery).collectionId ?? '';
    this.databases.usageOf(parent).add(caller, 'RunAggregationQuery', 'reads', collectionId, aggregationReads(documents));
    const response: Json = { result: { aggregateFields }, readTime: this.readTimeOf(database, read) };
    if (read.beganTransaction) response.transaction = read.beganTransaction;
    if (plan) {
      // An aggregation reads index entries only: one read per 1000 of them, at least one.
      const counts = { resultsReturned: 1, indexEntriesScanned: documents, documentsScanned: 0, readOperations: Math.max(1, Math.ceil(documents / 1000)), durationNanos };
      response.explainMetrics = explainMetrics(plan, counts);
    }
    return [response];
  }
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function autoId(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += AUTO_ID_CHARS[Math.floor(Math.random() * AUTO_ID_CHARS.length)];
  return id;
}


/**
 * `page_size`, an int32 that may not be negative (0 or absent: no limit). A value that is not
 * an int32 is refused in the words of Google's JSON/query parser; a negative one as AIP-158
 * asks ("If a negative value is provided, the API should return INVALID_ARGUMENT").
 */
function pageSize(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return 0;
  const size = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(size) || size > 2 ** 31 - 1 || size < -(2 ** 31)) throw invalidArgument(`Invalid value at 'page_size' (TYPE_INT32), "${String(raw)}"`);
  if (size < 0) throw invalidArgument('page_size must not be negative.');
  return size;
}

/** Where a page token says to continue: only a token this emulator issued (base64 of an offset) is taken. */
function pageStart(raw: unknown): number {
  if (raw === undefined || raw === null || raw === '') return 0;
  const token = String(raw);
  const decoded = Buffer.from(token, 'base64').toString();
  if (!/^\d+$/.test(decoded) || Buffer.from(decoded).toString('base64') !== token) throw invalidArgument('Invalid page token.');
  return Number(decoded);
}

/**
 * ListDocuments' `order_by`, "`priority desc, __name__ desc`" (firestore.proto): field paths,
 * each with an optional `asc`/`desc`, as a structured query's orderBy. Anything else is refused.
 */
function parseListOrderBy(raw: unknown): Json[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw !== 'string') throw invalidArgument('order_by must be a string.');
  return raw.split(',').map((part) => {
    const words = part.trim().split(/\s+/);
    const [field, direction, extra] = words;
    const parsed = field === undefined || field === '' || extra !== undefined || (direction !== undefined && !/^(asc|desc)$/i.test(direction)) ? undefined : tryFieldPath(field);
    if (parsed === undefined) throw invalidArgument(`Invalid order_by: "${raw}". Expected field paths, each optionally followed by asc or desc, separated by commas.`);
    return { field: { fieldPath: field }, direction: direction?.toLowerCase() === 'desc' ? 'DESCENDING' : 'ASCENDING' };
  });
}

function tryFieldPath(text: string): string[] | undefined {
  try {
    return parseFieldPath(text);
  } catch {
    return undefined;
  }
}
