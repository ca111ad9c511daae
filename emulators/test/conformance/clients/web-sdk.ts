/**
 * The conformance client over the firebase web SDK (`firebase/app` + `firebase/firestore`).
 * In Node it talks gRPC; helper B bundles this same file for Chromium (WebChannel), so it
 * imports nothing from Node.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  Bytes,
  DocumentReference,
  FieldPath,
  GeoPoint,
  Timestamp,
  and,
  arrayRemove,
  arrayUnion,
  average,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  count,
  deleteDoc,
  deleteField,
  doc,
  documentId,
  endAt,
  endBefore,
  getAggregateFromServer,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  limitToLast,
  maximum,
  minimum,
  onSnapshot,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  startAt,
  sum,
  terminate,
  updateDoc,
  where,
  writeBatch,
  type AggregateField,
  type DocumentData as SdkData,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryFilterConstraint,
  type QuerySnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase/firestore';
import type {
  AggregateSpec,
  ClientConfig,
  ClientFactory,
  ConformanceClient,
  DocumentData,
  DocumentResult,
  Feature,
  FieldRef,
  FilterSpec,
  ListenTarget,
  QuerySpec,
  SnapshotResult,
  TransactionScript,
  Value,
  WriteOp,
} from '../client.js';
import { ListenerQueues, ScriptAbort, attempt, checkScript, isoFromTimestamp, resolveReads, tagOf, timestampParts, toClientError } from './shared.js';

/** What the web SDK does not offer by design. */
export const WEB_LACKS: Feature[] = [
  'preconditions',
  'select',
  'create',
  'batchGet',
  'listCollections',
  'readOnlyTransaction',
  'readTime',
  'writeTime',
  'documentTimes',
  'transactionQuery',
];

let appCounter = 0;

export async function createWebClient(config: ClientConfig, name = 'web-sdk'): Promise<ConformanceClient> {
  const app = initializeApp({ projectId: config.projectId, apiKey: 'fake-api-key' }, `conformance-${name}-${++appCounter}-${Date.now()}`);
  const db = getFirestore(app);
  const mockUserToken = config.user === undefined ? undefined : config.user === 'owner' ? 'owner' : { sub: config.user.uid };
  connectFirestoreEmulator(db, config.host, config.port, mockUserToken ? { mockUserToken } : {});
  return new WebClient(db, app, name);
}

export const webSdk: ClientFactory = { name: 'web-sdk', lacks: WEB_LACKS, alwaysOwner: false, create: (config) => createWebClient(config) };

function base64FromBytes(bytes: Bytes): string {
  return bytes.toBase64();
}

class WebClient implements ConformanceClient {
  private readonly listeners = new ListenerQueues();

  constructor(
    private readonly db: Firestore,
    private readonly app: FirebaseApp,
    private readonly name: string,
  ) {}

  private toSdk(value: Value): unknown {
    if (Array.isArray(value)) return value.map((v) => this.toSdk(v));
    if (typeof value !== 'object' || value === null) return value;
    const tag = tagOf(value);
    const v = value as Record<string, unknown>;
    switch (tag) {
      case '$double':
        return Number(v.$double);
      case '$timestamp': {
        const { seconds, nanoseconds } = timestampParts(v.$timestamp as string);
        return new Timestamp(seconds, nanoseconds);
      }
      case '$bytes':
        return Bytes.fromBase64String(v.$bytes as string);
      case '$geo': {
        const [lat, lng] = v.$geo as [number, number];
        return new GeoPoint(lat, lng);
      }
      case '$ref':
        return doc(this.db, v.$ref as string);
      case '$serverTimestamp':
        return serverTimestamp();
      case '$increment':
        return increment(v.$increment as number);
      case '$maximum':
        return maximum(v.$maximum as number);
      case '$minimum':
        return minimum(v.$minimum as number);
      case '$arrayUnion':
        return arrayUnion(...(v.$arrayUnion as Value[]).map((x) => this.toSdk(x)));
      case '$arrayRemove':
        return arrayRemove(...(v.$arrayRemove as Value[]).map((x) => this.toSdk(x)));
      case '$delete':
        return deleteField();
      case undefined:
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.toSdk(x as Value)]));
      default:
        throw new Error(`Unknown tag ${tag}`);
    }
  }

  private fromSdk(value: unknown): Value {
    if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
    if (typeof value === 'number') return Number.isFinite(value) ? value : { $double: String(value) as 'NaN' };
    if (Array.isArray(value)) return value.map((v) => this.fromSdk(v));
    if (value instanceof Timestamp) return { $timestamp: isoFromTimestamp(value.seconds, value.nanoseconds) };
    if (value instanceof Bytes) return { $bytes: base64FromBytes(value) };
    if (value instanceof GeoPoint) return { $geo: [value.latitude, value.longitude] };
    if (value instanceof DocumentReference) return { $ref: value.path };
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.fromSdk(v)]));
  }

  private data(data: DocumentData): SdkData {
    return this.toSdk(data) as SdkData;
  }

  private field(ref: FieldRef): string | FieldPath {
    if (ref === '__name__') return documentId();
    return Array.isArray(ref) ? new FieldPath(...ref) : ref;
  }

  private doc(snapshot: DocumentSnapshot): DocumentResult {
    const result: DocumentResult = { path: snapshot.ref.path, exists: snapshot.exists() };
    if (snapshot.exists()) result.data = this.fromSdk(snapshot.data({ serverTimestamps: 'estimate' })) as DocumentData;
    return result;
  }

  private filter(spec: FilterSpec): QueryFilterConstraint {
    if ('and' in spec) return and(...spec.and.map((f) => this.filter(f)));
    if ('or' in spec) return or(...spec.or.map((f) => this.filter(f)));
    return where(this.field(spec.field), spec.op, this.toSdk(spec.value));
  }

  private buildQuery(spec: QuerySpec): Query {
    if (spec.select) throw new Error('select() is not available in the web SDK');
    const base = spec.collectionGroup !== undefined ? collectionGroup(this.db, spec.collectionGroup) : collection(this.db, spec.collection!);
    const constraints: QueryConstraint[] = [];
    const filters = (spec.where ?? []).map((f) => this.filter(f));
    for (const order of spec.orderBy ?? []) constraints.push(orderBy(this.field(order.field), order.direction ?? 'asc'));
    const cursor = (values: Value[]) => values.map((v) => this.toSdk(v));
    if (spec.startAt) constraints.push(startAt(...cursor(spec.startAt)));
    if (spec.startAfter) constraints.push(startAfter(...cursor(spec.startAfter)));
    if (spec.endAt) constraints.push(endAt(...cursor(spec.endAt)));
    if (spec.endBefore) constraints.push(endBefore(...cursor(spec.endBefore)));
    if (spec.limit !== undefined) constraints.push(limit(spec.limit));
    if (spec.limitToLast !== undefined) constraints.push(limitToLast(spec.limitToLast));
    const filtered = filters.length === 0 ? base : query(base, and(...filters));
    return query(filtered, ...constraints);
  }

  private snapshot(snapshot: QuerySnapshot): SnapshotResult {
    return {
      docs: snapshot.docs.map((d) => this.doc(d)),
      changes: snapshot.docChanges().map((c) => ({ type: c.type, path: c.doc.ref.path, oldIndex: c.oldIndex, newIndex: c.newIndex })),
      fromCache: snapshot.metadata.fromCache,
      hasPendingWrites: snapshot.metadata.hasPendingWrites,
    };
  }

  private updatePairs(op: Extract<WriteOp, { op: 'update' }>): unknown[] {
    const pairs: unknown[] = [];
    for (const [k, v] of Object.entries(this.data(op.data))) pairs.push(k, v);
    for (const f of op.fields ?? []) pairs.push(this.field(f.field), this.toSdk(f.value));
    return pairs;
  }

  private addToBatch(writer: WriteBatch | Transaction, op: WriteOp): void {
    // Batches and transactions have the same write methods; one type keeps the overloads callable.
    const target = writer as WriteBatch;
    const ref = doc(this.db, op.path);
    switch (op.op) {
      case 'set':
        if (op.mergeFields) target.set(ref, this.data(op.data), { mergeFields: op.mergeFields.map((f) => this.field(f)) });
        else target.set(ref, this.data(op.data), { merge: op.merge === true });
        return;
      case 'create':
        throw new Error('create() is not available in the web SDK');
      case 'update': {
        if (op.precondition) throw new Error('Preconditions are not available in the web SDK');
        const [first, second, ...rest] = this.updatePairs(op);
        (target.update as (...a: unknown[]) => unknown)(ref, first, second, ...rest);
        return;
      }
      case 'delete':
        if (op.precondition) throw new Error('Preconditions are not available in the web SDK');
        target.delete(ref);
        return;
    }
  }

  async info() {
    return { name: this.name, lacks: WEB_LACKS };
  }

  get(path: string) {
    return attempt(async () => this.doc(await getDoc(doc(this.db, path))));
  }

  getAll(paths: string[]) {
    return attempt(async () => Promise.all(paths.map(async (p) => this.doc(await getDoc(doc(this.db, p))))));
  }

  query(spec: QuerySpec) {
    return attempt(async () => (await getDocs(this.buildQuery(spec))).docs.map((d) => this.doc(d)));
  }

  aggregate(spec: QuerySpec, aggregations: AggregateSpec) {
    return attempt(async () => {
      const fields: Record<string, AggregateField<number | null>> = {};
      for (const [alias, a] of Object.entries(aggregations)) {
        if ('count' in a) fields[alias] = count();
        else if ('sum' in a) fields[alias] = sum(this.field(a.sum));
        else fields[alias] = average(this.field(a.avg));
      }
      return (await getAggregateFromServer(this.buildQuery(spec), fields)).data() as Record<string, number | null>;
    });
  }

  listCollections() {
    return attempt<string[]>(async () => {
      throw new Error('listCollections() is not available in the web SDK');
    });
  }

  write(op: WriteOp) {
    return attempt(async () => {
      const ref = doc(this.db, op.path);
      switch (op.op) {
        case 'set':
          await setDoc(ref, this.data(op.data), op.mergeFields ? { mergeFields: op.mergeFields.map((f) => this.field(f)) } : { merge: op.merge === true });
          break;
        case 'update': {
          if (op.precondition) throw new Error('Preconditions are not available in the web SDK');
          const [first, second, ...rest] = this.updatePairs(op);
          await (updateDoc as (...a: unknown[]) => Promise<void>)(ref, first, second, ...rest);
          break;
        }
        case 'delete':
          if (op.precondition) throw new Error('Preconditions are not available in the web SDK');
          await deleteDoc(ref);
          break;
        case 'create':
          throw new Error('create() is not available in the web SDK');
      }
      return {};
    });
  }

  batch(ops: WriteOp[]) {
    return attempt(async () => {
      const batch = writeBatch(this.db);
      for (const op of ops) this.addToBatch(batch, op);
      await batch.commit();
      return ops.map(() => ({}));
    });
  }

  transaction(script: TransactionScript) {
    return attempt(async () => {
      checkScript(script);
      if (script.readOnly || script.readTime || script.queries?.length) throw new Error('Not available in the web SDK');
      let attempts = 0;
      return runTransaction(
        this.db,
        async (tx) => {
          attempts += 1;
          const reads: DocumentResult[] = [];
          for (const path of script.reads) reads.push(this.doc(await tx.get(doc(this.db, path))));
          if (script.failAfterReads) throw new ScriptAbort();
          if (attempts === 1 && script.interleave) {
            const interleaved = await this.batch(script.interleave);
            if (!interleaved.ok) throw new Error(`interleaved write failed: ${interleaved.error.message}`);
          }
          const byPath = new Map(reads.map((r) => [r.path, r.data]));
          for (const op of script.writes) this.addToBatch(tx, 'data' in op ? ({ ...op, data: resolveReads(op.data, byPath) } as WriteOp) : op);
          return { attempts, reads, queryResults: [] };
        },
        { maxAttempts: script.maxAttempts ?? 5 },
      );
    });
  }

  listen(target: ListenTarget) {
    return attempt(async () => {
      const { id, push } = this.listeners.add(() => {});
      const onError = (error: Error) => push({ kind: 'error', error: toClientError(error) });
      const stop =
        'doc' in target
          ? onSnapshot(
              doc(this.db, target.doc),
              (s) => push({ kind: 'snapshot', snapshot: { docs: [this.doc(s)], changes: [], fromCache: s.metadata.fromCache, hasPendingWrites: s.metadata.hasPendingWrites } }),
              onError,
            )
          : onSnapshot(this.buildQuery(target.query), (s) => push({ kind: 'snapshot', snapshot: this.snapshot(s) }), onError);
      this.listeners.setStop(id, stop);
      return id;
    });
  }

  nextEvent(id: string, timeoutMs: number) {
    return this.listeners.next(id, timeoutMs);
  }

  async unlisten(id: string) {
    this.listeners.remove(id);
  }

  async close() {
    this.listeners.removeAll();
    await terminate(this.db);
    await deleteApp(this.app);
  }
}
