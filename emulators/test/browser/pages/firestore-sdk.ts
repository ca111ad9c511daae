/**
 * Browser entry: the unmodified Firestore web SDK, driven by a test through the harness.
 * Values are plain JSON (the tests use only JSON-native field values), snapshots are
 * queued per listener so none is lost between calls.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  initializeFirestore,
  onSnapshot,
  setDoc,
  terminate,
  updateDoc,
  type DocumentData,
  type Firestore,
  type FirestoreError,
} from 'firebase/firestore';
import { exposeToHarness } from '../page-api.js';

export interface ConnectOptions {
  host: string;
  port: number;
  projectId: string;
  /** 'force': experimentalForceLongPolling; 'off': no buffering-proxy detection; default: the SDK's auto-detection. */
  longPolling?: 'force' | 'auto' | 'off';
  /** experimentalLongPollingOptions.timeoutSeconds (5-30): how long the server may hold an idle long-poll GET. */
  longPollingTimeoutSeconds?: number;
  /**
   * How WebChannel reads responses: 'fetch' (the browser build's default, fetch streams) or 'xhr'
   * (XMLHttpRequest, through the SDK's private `useFetchStreams: false` setting).
   */
  httpClient?: 'fetch' | 'xhr';
  /** A uid for `mockUserToken` (signed-in user), or 'owner' (bypasses rules). */
  user?: string;
}

export type PageEvent =
  | { kind: 'snapshot'; exists?: boolean; data?: DocumentData; docs?: { id: string; data: DocumentData }[]; fromCache: boolean; hasPendingWrites: boolean }
  | { kind: 'error'; code: string; message: string };

let app: FirebaseApp | undefined;
let db: Firestore | undefined;
const listeners = new Map<string, { events: PageEvent[]; waiters: (() => void)[]; unsubscribe: () => void }>();
let nextListenerId = 1;

function firestore(): Firestore {
  if (db === undefined) throw new Error('connect() first');
  return db;
}

function listener(id: string) {
  const entry = listeners.get(id);
  if (entry === undefined) throw new Error(`No listener ${id}`);
  return entry;
}

function track(subscribe: (push: (event: PageEvent) => void) => () => void): string {
  const id = String(nextListenerId++);
  const entry = { events: [] as PageEvent[], waiters: [] as (() => void)[], unsubscribe: () => {} };
  listeners.set(id, entry);
  entry.unsubscribe = subscribe((event) => {
    entry.events.push(event);
    entry.waiters.splice(0).forEach((wake) => wake());
  });
  return id;
}

export type WriteOutcome = { ok: true } | { ok: false; code: string; message: string };

async function outcome(write: Promise<void>): Promise<WriteOutcome> {
  try {
    await write;
    return { ok: true };
  } catch (error) {
    const { code, message } = error as FirestoreError;
    return { ok: false, code, message };
  }
}

const errorEvent = (error: FirestoreError): PageEvent => ({ kind: 'error', code: error.code, message: error.message });

exposeToHarness({
  connect(options: ConnectOptions) {
    app = initializeApp({ projectId: options.projectId, apiKey: 'fake-api-key' }, `page-${Date.now()}`);
    db = initializeFirestore(app, {
      // A private setting, absent from the public types; the SDK reads it from the same object.
      ...({ useFetchStreams: options.httpClient !== 'xhr' } as object),
      experimentalForceLongPolling: options.longPolling === 'force',
      experimentalAutoDetectLongPolling: options.longPolling !== 'off' && options.longPolling !== 'force',
      ...(options.longPollingTimeoutSeconds === undefined
        ? {}
        : { experimentalLongPollingOptions: { timeoutSeconds: options.longPollingTimeoutSeconds } }),
    });
    const mockUserToken = options.user === undefined ? undefined : options.user === 'owner' ? 'owner' : { sub: options.user };
    connectFirestoreEmulator(db, options.host, options.port, mockUserToken === undefined ? {} : { mockUserToken });
  },

  listenDoc(path: string): string {
    return track((push) =>
      onSnapshot(
        doc(firestore(), path),
        { includeMetadataChanges: true },
        (snapshot) =>
          push({
            kind: 'snapshot',
            exists: snapshot.exists(),
            ...(snapshot.exists() ? { data: snapshot.data() } : {}),
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          }),
        (error) => push(errorEvent(error)),
      ),
    );
  },

  listenCollection(path: string): string {
    return track((push) =>
      onSnapshot(
        collection(firestore(), path),
        { includeMetadataChanges: true },
        (snapshot) =>
          push({
            kind: 'snapshot',
            docs: snapshot.docs.map((document) => ({ id: document.id, data: document.data() })),
            fromCache: snapshot.metadata.fromCache,
            hasPendingWrites: snapshot.metadata.hasPendingWrites,
          }),
        (error) => push(errorEvent(error)),
      ),
    );
  },

  /** The next queued event of a listener, or null after `timeoutMs`. */
  async nextEvent(id: string, timeoutMs: number): Promise<PageEvent | null> {
    const entry = listener(id);
    if (entry.events.length === 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        entry.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return entry.events.shift() ?? null;
  },

  unlisten(id: string): void {
    listener(id).unsubscribe();
    listeners.delete(id);
  },

  setDoc: (path: string, data: DocumentData) => outcome(setDoc(doc(firestore(), path), data)),

  updateDoc: (path: string, data: DocumentData) => outcome(updateDoc(doc(firestore(), path), data)),

  async getDoc(path: string): Promise<{ exists: boolean; data?: DocumentData; fromCache: boolean }> {
    const snapshot = await getDoc(doc(firestore(), path));
    return { exists: snapshot.exists(), ...(snapshot.exists() ? { data: snapshot.data() } : {}), fromCache: snapshot.metadata.fromCache };
  },

  async disconnect(): Promise<void> {
    for (const entry of listeners.values()) entry.unsubscribe();
    listeners.clear();
    if (db !== undefined) await terminate(db);
    if (app !== undefined) await deleteApp(app);
    db = undefined;
    app = undefined;
  },
});
