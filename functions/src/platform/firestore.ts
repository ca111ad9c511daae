import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { FieldValue, Timestamp, getFirestore, type Firestore, type Query as FsQuery, type Transaction } from 'firebase-admin/firestore';
import { PassThroughClient } from 'google-auth-library';
import type { ZodType } from 'zod';
import { Increment, parseDocument, parseIfPresent, type DocData, type DocTransaction, type Docs, type FoundDoc, type Query, type Read, type ReadResults, type SetOptions, type WriteBatch } from './docs.js';

/** firebase-admin's default app, created once per instance. */
export function adminApp(): App {
  return getApps()[0] ?? initializeApp();
}

/**
 * Firestore over REST (`preferRest: true`): no gRPC channel to set up, which is most of
 * a cold start. Listen and the Write stream still use gRPC when asked for; functions
 * never use them.
 *
 * With `FIRESTORE_EMULATOR_HOST` set, @google-cloud/firestore switches to `ssl: false`
 * and adds `Authorization: Bearer owner` itself, but its REST transport (google-gax's
 * fallback) still builds a GoogleAuth and asks it for request headers, which looks for
 * Application Default Credentials and fails offline ("Could not load the default
 * credentials"). The gRPC transport never asks, because it is given insecure channel
 * credentials. The clean way to keep REST locally: hand the client google-auth-library's
 * `PassThroughClient` (GoogleAuth uses a given `authClient` as its credential), which
 * adds no headers and needs no credentials, so the emulator sees exactly `Bearer owner`.
 * Production gets no `authClient` and authenticates as the function's service account.
 */
export function firestoreSettings(env: NodeJS.ProcessEnv = process.env): FirebaseFirestore.Settings {
  return env.FIRESTORE_EMULATOR_HOST ? { preferRest: true, authClient: new PassThroughClient() } : { preferRest: true };
}

let firestore: Firestore | undefined;
export function adminFirestore(): Firestore {
  if (!firestore) {
    firestore = getFirestore(adminApp());
    firestore.settings({ ...firestoreSettings(), ignoreUndefinedProperties: true });
  }
  return firestore;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Writes: our `Increment` becomes FieldValue.increment; Dates are stored as Timestamps by the SDK. */
function toFirestore(value: unknown): unknown {
  if (value instanceof Increment) return FieldValue.increment(value.by);
  if (Array.isArray(value)) return value.map(toFirestore);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toFirestore(inner)]));
  return value;
}

/** Reads: Timestamps become Dates, so the model's zod schemas validate what we read; other SDK types pass through. */
function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromFirestore(inner)]));
  return value;
}

const toData = (data: DocData) => toFirestore(data) as FirebaseFirestore.DocumentData;
/** A snapshot's data as the handlers see it (Dates, not Timestamps); undefined when absent. */
export const fromData = (data: FirebaseFirestore.DocumentData | undefined) => (data === undefined ? undefined : (fromFirestore(data) as DocData));

function buildQuery(db: Firestore, query: Query): FsQuery {
  let built: FsQuery = query.group ? db.collectionGroup(query.collection) : db.collection(query.collection);
  for (const [field, op, value] of query.where ?? []) built = built.where(field, op, toFirestore(value));
  if (query.startAfterId !== undefined) {
    // Paging is by document name; collection-group cursors need a full path, plain collections the id.
    built = built.orderBy('__name__').startAfter(query.group ? db.doc(query.startAfterId) : query.startAfterId);
  }
  if (query.newestFirst !== undefined) built = built.orderBy(query.newestFirst, 'desc');
  if (query.oldestFirst !== undefined) built = built.orderBy(query.oldestFirst, 'asc');
  if (query.limit !== undefined) built = built.limit(query.limit);
  return built;
}

function found<T>(snapshot: FirebaseFirestore.QuerySnapshot, schema: ZodType<T>): Array<FoundDoc<T>> {
  return snapshot.docs.map((doc) => ({ path: doc.ref.path, id: doc.id, data: parseDocument(doc.ref.path, fromData(doc.data()), schema) }));
}

/** Parses the snapshots of a getAll, each with the schema of its read. */
function parsedAll<R extends readonly Read[]>(reads: R, snapshots: FirebaseFirestore.DocumentSnapshot[]): ReadResults<R> {
  return reads.map(([path, schema], index) => parseIfPresent(path, fromData(snapshots[index]!.data()), schema)) as ReadResults<R>;
}

function transactionPort(db: Firestore, tx: Transaction): DocTransaction {
  return {
    get: async (path, schema) => parseIfPresent(path, fromData((await tx.get(db.doc(path))).data()), schema),
    getAll: async (reads) => parsedAll(reads, reads.length === 0 ? [] : await tx.getAll(...reads.map(([path]) => db.doc(path)))),
    query: async (query, schema) => found(await tx.get(buildQuery(db, query)), schema),
    count: async (query) => (await tx.get(buildQuery(db, query).count())).data().count,
    set: (path, data, options?: SetOptions) => void tx.set(db.doc(path), toData(data), { merge: options?.merge ?? false }),
    create: (path, data) => void tx.create(db.doc(path), toData(data)),
    delete: (path) => void tx.delete(db.doc(path)),
  };
}

export function firestoreDocs(db: Firestore = adminFirestore()): Docs {
  return {
    get: async (path, schema) => parseIfPresent(path, fromData((await db.doc(path).get()).data()), schema),
    // One BatchGetDocuments: every document at the same read time.
    getAll: async (reads) => parsedAll(reads, reads.length === 0 ? [] : await db.getAll(...reads.map(([path]) => db.doc(path)))),
    query: async (query, schema) => found(await buildQuery(db, query).get(), schema),
    count: async (query) => (await buildQuery(db, query).count().get()).data().count,
    transaction: (work) => db.runTransaction((tx) => work(transactionPort(db, tx))),
    batch: async (write) => {
      const batch = db.batch();
      const port: WriteBatch = {
        set: (path, data, options) => void batch.set(db.doc(path), toData(data), { merge: options?.merge ?? false }),
        delete: (path) => void batch.delete(db.doc(path)),
      };
      write(port);
      await batch.commit();
    },
  };
}
