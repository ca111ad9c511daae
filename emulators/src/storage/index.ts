/**
 * The Cloud Storage for Firebase emulator: the Firebase REST API (`/v0`, the web SDK) and
 * the GCS JSON API subset (@google-cloud/storage, firebase-admin) on one HTTP port, object
 * bytes in files (a data folder, durable across crashes, or a private temporary folder) and
 * their metadata in memory (journaled in the data folder), optional export/import, and
 * every change published on `objectEvents` for the local functions runner.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StorageObjectEvent } from '../common/events.js';
import { Feed } from '../common/feed.js';
import { guardHttpServer, httpTimeouts, STORAGE_HTTP_TIMEOUTS, type HttpTimeouts } from '../common/http-timeouts.js';
import { compileRules } from '../rules-enforcement/compiled-rules.js';
import { firestoreDocumentsFromEnvironment } from '../rules-enforcement/firestore-rest-documents.js';
import { watchRulesFile, type RulesFileWatch } from '../rules-enforcement/rules-file.js';
import { enforceStorageRules } from '../rules-enforcement/storage-rules.js';
import { RulesParseError, type DocumentAccessor } from '../rules/index.js';
import type { Authorizer } from './access.js';
import { RulesNotLoadedError } from './errors.js';
import type { InternalControls } from './internal-api.js';
import { BlobStore } from './blob-store.js';
import { openDurableCatalog, type DurableCatalog, type DurableCatalogOptions } from './durable-catalog.js';
import { toGcsJson } from './object-json.js';
import { ObjectStore } from './object-store.js';
import { writeCliExport } from './cli-export-writer.js';
import { exportObjects, importObjects } from './persistence.js';
import { createStorageServer } from './server.js';
import { StorageUsageMeter, type StorageUsage } from './usage.js';
import { StorageService, type RulesInForce } from './service.js';
import { UploadSessions } from './upload-sessions.js';

export type { AccessRequest, Authorizer, RulesResource, StorageMethod } from './access.js';
export type { StorageUsage, StorageCounts } from './usage.js';

export const DEFAULT_STORAGE_BUCKET = 'demo-encore.appspot.com';

export interface StorageEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 9199; 0 picks a free port. */
  port?: number;
  projectId?: string;
  /**
   * A folder that keeps every object durably (created if missing): the bytes as files, the
   * metadata in a journal written before each reply, so acknowledged uploads survive a
   * crash or `kill -9`. Without it, bytes go to a private temporary folder removed on close
   * and metadata lives in memory only. See README.md, "Durability and streaming".
   */
  dataDir?: string;
  /** Tuning of the data folder's journal (fsync interval, compaction threshold, where problems are reported). */
  journal?: DurableCatalogOptions;
  /**
   * A directory written by `exportTo`, `firebase emulators:export` or an older Encore version
   * (persistence.ts): its objects are loaded at start (a missing export is an empty start).
   * With `dataDir`, only while the data folder holds no state yet (a migration).
   */
  importDir?: string;
  /**
   * Decides non-owner Firebase API operations. By default the Storage rules in force decide
   * (everything is allowed until rules are set).
   */
  authorize?: Authorizer;
  /** A `storage.rules` file to enforce from the start and reload whenever it changes. */
  rulesPath?: string;
  /**
   * Backs `firestore.get()`/`firestore.exists()` in the rules; by default the Firestore
   * emulator at `FIRESTORE_EMULATOR_HOST` (see rules-enforcement/firestore-rest-documents.ts).
   */
  firestore?: DocumentAccessor;
  /** Total bytes held before writes answer 402 (`storage/quota-exceeded`). Default: unlimited. */
  quotaBytes?: number;
  /** The largest object an upload may make; larger is refused (413) from its declared size. Default 512 MiB. */
  maxUploadBytes?: number;
  /**
   * Idle and request timeouts of the port, in milliseconds; defaults `STORAGE_HTTP_TIMEOUTS`
   * (60 s idle, an hour per request, so a large upload streams while its bytes keep coming).
   * See common/http-timeouts.ts.
   */
  timeouts?: Partial<HttpTimeouts>;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 512 * 1024 * 1024;

export interface StorageEmulator {
  readonly host: string;
  readonly port: number;
  readonly projectId: string;
  /** finalized / deleted / metadataUpdated for every change, in commit order. */
  readonly objectEvents: Feed<StorageObjectEvent>;
  /**
   * Writes every object and its metadata in the Firebase CLI's layout: `{dir}/storage_export/`
   * and its entry in `{dir}/firebase-export-metadata.json` (persistence.ts).
   */
  exportTo(dir: string): Promise<void>;
  /** Drops every object and upload session (no events). */
  clear(): void;
  /**
   * Puts Storage rules in force: one source for every bucket, or one per bucket (bucket name
   * to source; a bucket left out is then closed, 403). A source that does not parse is
   * refused (400, line and column) and the previous rules stay.
   */
  setRules(rules: string | ReadonlyMap<string, string>): void;
  /** The rules in force, if any (a map when they were set per bucket). */
  getRules(): RulesInForce;
  /** Billed operations and bytes since start or the last reset (also `GET /emulator/v1/projects/{p}/usage`); see usage.ts. */
  usage(): StorageUsage;
  resetUsage(): void;
  close(): Promise<void>;
}

export async function startStorageEmulator(options: StorageEmulatorOptions = {}): Promise<StorageEmulator> {
  const host = options.host ?? '127.0.0.1';
  const objectEvents = new Feed<StorageObjectEvent>();
  let baseUrl = '';
  const blobs = await BlobStore.open({ root: options.dataDir, fsyncIntervalMs: options.journal?.fsyncIntervalMs });
  const store = new ObjectStore({
    onChange: (kind, metadata) => objectEvents.publish({ kind, object: toGcsJson(metadata, baseUrl), time: new Date().toISOString() }),
    releaseBlob: (id) => blobs.remove(id),
  });
  let catalog: DurableCatalog | undefined;
  let server: Server | undefined;
  let rulesFile: RulesFileWatch | undefined;
  try {
    catalog = await restoreObjects(store, blobs, options);
    const maxUploadBytes = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
    const uploads = new UploadSessions(blobs, maxUploadBytes);
    const projectId = options.projectId ?? 'demo-encore';
    const defaultBucket = `${projectId}.appspot.com`;
    const authorize = options.authorize ?? enforceStorageRules({ firestore: options.firestore ?? firestoreDocumentsFromEnvironment(projectId) });
    const service = new StorageService(store, uploads, blobs, authorize, { maxUploadBytes, quotaBytes: options.quotaBytes ?? Number.POSITIVE_INFINITY });
    const controls: InternalControls = {
      setRules(rules) {
        const sources = typeof rules === 'string' ? [['', rules] as const] : [...rules];
        for (const [bucket, source] of sources) {
          try {
            compileRules(source, 'firebase.storage');
          } catch (error) {
            if (error instanceof RulesParseError) throw new RulesNotLoadedError(`Error compiling rules${bucket ? ` for bucket ${bucket}` : ''}: ${error.message}`);
            throw error;
          }
        }
        service.rules = typeof rules === 'string' ? rules : new Map(rules);
      },
      clear() {
        store.clear();
        void uploads.clear();
      },
      exportTo: (dir) => exportObjects(dir, store, blobs, defaultBucket),
      writeStorageExport: (root) => writeCliExport(root, store, blobs, defaultBucket),
    };
    const meter = new StorageUsageMeter();
    const listening = createStorageServer(service, controls, () => baseUrl, meter);
    guardHttpServer(listening, httpTimeouts(options.timeouts, STORAGE_HTTP_TIMEOUTS));
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port ?? 9199, host, () => {
        listening.off('error', reject);
        resolve();
      });
    });
    const port = (listening.address() as AddressInfo).port;
    if (options.rulesPath !== undefined) rulesFile = await watchRulesFile(options.rulesPath, { apply: controls.setRules });
    baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    const durable = catalog;
    let closed: Promise<void> | undefined;
    return {
      host,
      port,
      projectId,
      objectEvents,
      ...controls,
      getRules: () => service.rules,
      usage: () => meter.snapshot(),
      resetUsage: () => meter.reset(),
      // Requests stop first; then sessions' files go, the journal is folded into a snapshot and files are flushed.
      close: () =>
        (closed ??= stopServer(listening, rulesFile).then(async () => {
          await uploads.clear();
          await durable?.close();
          await blobs.close();
        })),
    };
  } catch (error) {
    if (server?.listening) await stopServer(server, rulesFile);
    await catalog?.close();
    await blobs.close();
    throw error;
  }
}

/** Restores the data folder (migrating `importDir` into it while it is empty), or loads `importDir` into memory. */
async function restoreObjects(store: ObjectStore, blobs: BlobStore, options: StorageEmulatorOptions): Promise<DurableCatalog | undefined> {
  if (options.dataDir === undefined) {
    if (options.importDir !== undefined) store.load((await importObjects(options.importDir, blobs)) ?? []);
    return undefined;
  }
  const catalog = await openDurableCatalog(store, blobs, options.dataDir, options.journal);
  try {
    if (catalog.recovery.empty && options.importDir !== undefined) {
      const imported = await importObjects(options.importDir, blobs);
      if (imported !== undefined && imported.length > 0) {
        store.load(imported);
        // From here on the data folder is the truth.
        await catalog.compact();
        console.log(`[storage] imported the export in ${options.importDir} into ${options.dataDir}`);
      }
    }
  } catch (error) {
    await catalog.close();
    throw error;
  }
  return catalog;
}

function stopServer(server: Server, rulesFile: RulesFileWatch | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    rulesFile?.close();
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
