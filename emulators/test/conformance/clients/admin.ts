/**
 * The conformance client over firebase-admin's Firestore (@google-cloud/firestore), shared by
 * `admin-grpc.ts` and `admin-rest.ts`.
 *
 * Pointing it at the emulator without the FIRESTORE_EMULATOR_HOST variable (tests run
 * several emulators): `Firestore.settings({host, ssl: false})`, which is what that variable
 * does inside the SDK; with `ssl: false` the SDK adds `Authorization: Bearer owner` itself.
 */
import { initializeApp, deleteApp, type App } from 'firebase-admin/app';
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Filter,
  GeoPoint,
  Timestamp,
  initializeFirestore,
  type DocumentData as SdkData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Precondition as SdkPrecondition,
  type Query,
  type QuerySnapshot,
  type Transaction,
  type WriteBatch,
} from 'firebase-admin/firestore';
import type {
  AggregateSpec,
  ClientConfig,
  ConformanceClient,
  DocumentData,
  DocumentResult,
  Feature,
  FieldRef,
  FilterSpec,
  ListenTarget,
  Precondition,
  QuerySpec,
  SnapshotResult,
  TransactionScript,
  Value,
  WriteOp,
} from '../client.js';
import { ListenerQueues, ScriptAbort, attempt, checkScript, isoFromTimestamp, resolveReads, tagOf, timestampParts, toClientError } from './shared.js';

/**
 * Everything the admin SDK has; `maximum`/`minimum` transforms and limitToLast listeners it has
 * not, and it refuses null/NaN operands for anything but ==/!= before sending
 * (@google-cloud/firestore reference/helpers.js `validateQueryOperator`).
 */
export const ADMIN_LACKS: Feature[] = ['maximumMinimum', 'limitToLastListen', 'nullOrNaNOperands'];

let appCounter = 0;

export async function createAdminClient(config: ClientConfig, options: { preferRest: boolean; name: string; lacks?: Feature[]; extraSettings?: Record<string, unknown> }): Promise<ConformanceClient> {
  const app: App = initializeApp({ projectId: config.projectId }, `conformance-${options.name}-${++appCounter}`);
  const db: Firestore = initializeFirestore(app, { preferRest: options.preferRest });
  db.settings({ host: `${config.host}:${config.port}`, ssl: false, ...options.extraSettings });
  return new AdminClient(db, app, options.name, options.lacks ?? ADMIN_LACKS);
}

function timestampFrom(iso: string): Timestamp {
  const { seconds, nanoseconds } = timestampParts(iso);
  return new Timestamp(seconds, nanoseconds);
}

class AdminClient implements ConformanceClient {
  private readonly listeners = new ListenerQueues();

  constructor(
    private readonly db: Firestore,
    private readonly app: App,
    private readonly name: string,
    private readonly lacks: Feature[],
  ) {}

  // ---- values ---------------------------------------------------------------------------

  private toSdk(value: Value): unknown {
    if (Array.isArray(value)) return value.map((v) => this.toSdk(v));
    if (typeof value !== 'object' || value === null) return value;
    const tag = tagOf(value);
    const v = value as Record<string, unknown>;
    switch (tag) {
      case '$double':
        return Number(v.$double);
      case '$timestamp':
        return timestampFrom(v.$timestamp as string);
      case '$bytes':
        return Buffer.from(v.$bytes as string, 'base64');
      case '$geo': {
        const [lat, lng] = v.$geo as [number, number];
        return new GeoPoint(lat, lng);
      }
      case '$ref':
        return this.db.doc(v.$ref as string);
      case '$serverTimestamp':
        return FieldValue.serverTimestamp();
      case '$increment':
        return FieldValue.increment(v.$increment as number);
      case '$arrayUnion':
        return FieldValue.arrayUnion(...(v.$arrayUnion as Value[]).map((x) => this.toSdk(x)));
      case '$arrayRemove':
        return FieldValue.arrayRemove(...(v.$arrayRemove as Value[]).map((x) => this.toSdk(x)));
      case '$delete':
        return FieldValue.delete();
      case '$maximum':
      case '$minimum':
        throw new Error(`${tag} is not supported by firebase-admin`);
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
    if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
    if (value instanceof GeoPoint) return { $geo: [value.latitude, value.longitude] };
    if (typeof value === 'object' && value !== null && 'path' in value && 'firestore' in value) return { $ref: (value as DocumentReference).path };
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.fromSdk(v)]));
  }

  private data(data: DocumentData): SdkData {
    return this.toSdk(data) as SdkData;
  }

  private field(ref: FieldRef): string | FieldPath {
    if (ref === '__name__') return FieldPath.documentId();
    return Array.isArray(ref) ? new FieldPath(...ref) : ref;
  }

  private doc(snapshot: DocumentSnapshot): DocumentResult {
    const result: DocumentResult = { path: snapshot.ref.path, exists: snapshot.exists };
    if (snapshot.exists) {
      result.data = this.fromSdk(snapshot.data()) as DocumentData;
      result.createTime = isoFromTimestamp(snapshot.createTime!.seconds, snapshot.createTime!.nanoseconds);
      result.updateTime = isoFromTimestamp(snapshot.updateTime!.seconds, snapshot.updateTime!.nanoseconds);
    }
    return result;
  }

  // ---- queries --------------------------------------------------------------------------

  private filter(spec: FilterSpec): Filter {
    if ('and' in spec) return Filter.and(...spec.and.map((f) => this.filter(f)));
    if ('or' in spec) return Filter.or(...spec.or.map((f) => this.filter(f)));
    return Filter.where(this.field(spec.field), spec.op, this.toSdk(spec.value));
  }

  private buildQuery(spec: QuerySpec): Query {
    let query: Query = spec.collectionGroup !== undefined ? this.db.collectionGroup(spec.collectionGroup) : this.db.collection(spec.collection!);
    for (const filter of spec.where ?? []) query = query.where(this.filter(filter));
    for (const order of spec.orderBy ?? []) query = query.orderBy(this.field(order.field), order.direction ?? 'asc');
    const cursor = (values: Value[]) => values.map((v) => this.toSdk(v));
    if (spec.startAt) query = query.startAt(...cursor(spec.startAt));
    if (spec.startAfter) query = query.startAfter(...cursor(spec.startAfter));
    if (spec.endAt) query = query.endAt(...cursor(spec.endAt));
    if (spec.endBefore) query = query.endBefore(...cursor(spec.endBefore));
    if (spec.limit !== undefined) query = query.limit(spec.limit);
    if (spec.limitToLast !== undefined) query = query.limitToLast(spec.limitToLast);
    if (spec.select) query = query.select(...spec.select.map((f) => this.field(f)));
    return query;
  }

  private snapshot(snapshot: QuerySnapshot): SnapshotResult {
    return {
      docs: snapshot.docs.map((d) => this.doc(d)),
      changes: snapshot.docChanges().map((c) => ({ type: c.type, path: c.doc.ref.path, oldIndex: c.oldIndex, newIndex: c.newIndex })),
      fromCache: false,
      hasPendingWrites: false,
    };
  }

  // ---- writes ---------------------------------------------------------------------------

  private precondition(p: Precondition | undefined): SdkPrecondition | undefined {
    if (p === undefined) return undefined;
    return { ...(p.exists !== undefined ? { exists: p.exists } : {}), ...(p.lastUpdateTime ? { lastUpdateTime: timestampFrom(p.lastUpdateTime) } : {}) };
  }

  private updateArgs(op: Extract<WriteOp, { op: 'update' }>): [SdkData] | unknown[] {
    const data = this.data(op.data);
    if (!op.fields || op.fields.length === 0) return [data];
    const pairs: unknown[] = [];
    for (const [k, v] of Object.entries(data)) pairs.push(k, v);
    for (const f of op.fields) pairs.push(this.field(f.field), this.toSdk(f.value));
    return pairs;
  }

  private addToBatch(writer: WriteBatch | Transaction, op: WriteOp): void {
    // Batches and transactions have the same write methods; one type keeps the overloads callable.
    const target = writer as WriteBatch;
    const ref = this.db.doc(op.path);
    switch (op.op) {
      case 'set':
        if (op.mergeFields) target.set(ref, this.data(op.data), { mergeFields: op.mergeFields.map((f) => this.field(f)) });
        else target.set(ref, this.data(op.data), { merge: op.merge === true });
        return;
      case 'create':
        target.create(ref, this.data(op.data));
        return;
      case 'update': {
        const args = this.updateArgs(op);
        const precondition = this.precondition(op.precondition);
        if (args.length === 1) (target.update as (...a: unknown[]) => unknown)(ref, args[0], ...(precondition ? [precondition] : []));
        else (target.update as (...a: unknown[]) => unknown)(ref, ...args, ...(precondition ? [precondition] : []));
        return;
      }
      case 'delete':
        target.delete(ref, this.precondition(op.precondition));
        return;
    }
  }

  // ---- the interface --------------------------------------------------------------------

  async info() {
    return { name: this.name, lacks: this.lacks };
  }

  get(path: string) {
    return attempt(async () => this.doc(await this.db.doc(path).get()));
  }

  getAll(paths: string[]) {
    return attempt(async () => (await this.db.getAll(...paths.map((p) => this.db.doc(p)))).map((s) => this.doc(s)));
  }

  query(spec: QuerySpec) {
    return attempt(async () => (await this.buildQuery(spec).get()).docs.map((d) => this.doc(d)));
  }

  aggregate(spec: QuerySpec, aggregations: AggregateSpec) {
    return attempt(async () => {
      const fields: Record<string, AggregateField<number | null>> = {};
      for (const [alias, a] of Object.entries(aggregations)) {
        if ('count' in a) fields[alias] = AggregateField.count();
        else if ('sum' in a) fields[alias] = AggregateField.sum(this.field(a.sum));
        else fields[alias] = AggregateField.average(this.field(a.avg));
      }
      const snapshot = await this.buildQuery(spec).aggregate(fields).get();
      return snapshot.data() as Record<string, number | null>;
    });
  }

  listCollections(path: string) {
    return attempt(async () => {
      const collections = path === '' ? await this.db.listCollections() : await this.db.doc(path).listCollections();
      return collections.map((c) => c.id).sort();
    });
  }

  write(op: WriteOp) {
    return attempt(async () => {
      const batch = this.db.batch();
      this.addToBatch(batch, op);
      const [result] = await batch.commit();
      return { writeTime: isoFromTimestamp(result!.writeTime.seconds, result!.writeTime.nanoseconds) };
    });
  }

  batch(ops: WriteOp[]) {
    return attempt(async () => {
      const batch = this.db.batch();
      for (const op of ops) this.addToBatch(batch, op);
      const results = await batch.commit();
      return results.map((r) => ({ writeTime: isoFromTimestamp(r.writeTime.seconds, r.writeTime.nanoseconds) }));
    });
  }

  transaction(script: TransactionScript) {
    return attempt(async () => {
      checkScript(script);
      let attempts = 0;
      const readOnly = script.readOnly || script.readTime !== undefined;
      const options = readOnly
        ? { readOnly: true as const, ...(script.readTime ? { readTime: timestampFrom(script.readTime) } : {}) }
        : { maxAttempts: script.maxAttempts ?? 5 };
      return this.db.runTransaction(async (tx) => {
        attempts += 1;
        const snapshots = script.reads.length > 0 ? await tx.getAll(...script.reads.map((p) => this.db.doc(p))) : [];
        const queryResults: DocumentResult[][] = [];
        for (const spec of script.queries ?? []) queryResults.push((await tx.get(this.buildQuery(spec))).docs.map((d) => this.doc(d)));
        if (script.failAfterReads) throw new ScriptAbort();
        if (attempts === 1 && script.interleave) await this.batch(script.interleave);
        const reads = snapshots.map((s) => this.doc(s));
        const byPath = new Map(reads.map((r) => [r.path, r.data]));
        for (const op of script.writes) {
          this.addToBatch(tx, 'data' in op ? ({ ...op, data: resolveReads(op.data, byPath) } as WriteOp) : op);
        }
        return { attempts, reads, queryResults };
      }, options);
    });
  }

  listen(target: ListenTarget) {
    return attempt(async () => {
      const { id, push } = this.listeners.add(() => {});
      const onError = (error: Error) => push({ kind: 'error', error: toClientError(error) });
      const stop =
        'doc' in target
          ? this.db.doc(target.doc).onSnapshot((s) => push({ kind: 'snapshot', snapshot: { docs: [this.doc(s)], changes: [], fromCache: false, hasPendingWrites: false } }), onError)
          : this.buildQuery(target.query).onSnapshot((s) => push({ kind: 'snapshot', snapshot: this.snapshot(s) }), onError);
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
    await this.db.terminate();
    await deleteApp(this.app);
  }
}

