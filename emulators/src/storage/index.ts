/**
 * The Cloud Storage for Firebase emulator: the Firebase REST API (`/v0`, the web SDK) and
 * the GCS JSON API subset (@google-cloud/storage, firebase-admin) on one HTTP port, objects
 * in memory, optional export/import, and every change published on `objectEvents` for the
 * local functions runner.
 */
import type { AddressInfo } from 'node:net';
import type { StorageObjectEvent } from '../common/events.js';
import { Feed } from '../common/feed.js';
import { compileRules } from '../rules-enforcement/compiled-rules.js';
import { firestoreDocumentsFromEnvironment } from '../rules-enforcement/firestore-rest-documents.js';
import { watchRulesFile, type RulesFileWatch } from '../rules-enforcement/rules-file.js';
import { enforceStorageRules } from '../rules-enforcement/storage-rules.js';
import { RulesParseError, type DocumentAccessor } from '../rules/index.js';
import type { Authorizer } from './access.js';
import { badRequest } from './errors.js';
import type { InternalControls } from './internal-api.js';
import { toGcsJson } from './object-json.js';
import { ObjectStore } from './object-store.js';
import { exportObjects, importObjects } from './persistence.js';
import { createStorageServer } from './server.js';
import { StorageService } from './service.js';
import { UploadSessions } from './upload-sessions.js';

export type { AccessRequest, Authorizer, RulesResource, StorageMethod } from './access.js';

export const DEFAULT_STORAGE_BUCKET = 'demo-encore.appspot.com';

export interface StorageEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 9199; 0 picks a free port. */
  port?: number;
  projectId?: string;
  /** A directory written by `exportTo`: its objects are loaded at start (a missing export is an empty start). */
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
}

export interface StorageEmulator {
  readonly host: string;
  readonly port: number;
  readonly projectId: string;
  /** finalized / deleted / metadataUpdated for every change, in commit order. */
  readonly objectEvents: Feed<StorageObjectEvent>;
  /** Writes every object and its metadata under `{dir}/storage/`. */
  exportTo(dir: string): Promise<void>;
  /** Drops every object and upload session (no events). */
  clear(): void;
  /** Puts Storage rules in force; a source that does not parse is refused (400, line and column) and the previous rules stay. */
  setRules(source: string): void;
  /** The rules source in force, if any. */
  getRules(): string | undefined;
  close(): Promise<void>;
}

export async function startStorageEmulator(options: StorageEmulatorOptions = {}): Promise<StorageEmulator> {
  const host = options.host ?? '127.0.0.1';
  const objectEvents = new Feed<StorageObjectEvent>();
  let baseUrl = '';
  const store = new ObjectStore((kind, metadata) => {
    objectEvents.publish({ kind, object: toGcsJson(metadata, baseUrl), time: new Date().toISOString() });
  });
  if (options.importDir !== undefined) store.load(await importObjects(options.importDir));
  const uploads = new UploadSessions();
  const projectId = options.projectId ?? 'demo-encore';
  const authorize = options.authorize ?? enforceStorageRules({ firestore: options.firestore ?? firestoreDocumentsFromEnvironment(projectId) });
  const service = new StorageService(store, uploads, authorize, options.quotaBytes ?? Number.POSITIVE_INFINITY);
  const controls: InternalControls = {
    setRules(source) {
      try {
        compileRules(source, 'firebase.storage');
      } catch (error) {
        if (error instanceof RulesParseError) throw badRequest(`Error compiling rules: ${error.message}`);
        throw error;
      }
      service.rules = source;
    },
    clear() {
      store.clear();
      uploads.clear();
    },
    exportTo: (dir) => exportObjects(dir, store.all()),
  };
  const server = createStorageServer(service, controls, () => baseUrl);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 9199, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let rulesFile: RulesFileWatch | undefined;
  if (options.rulesPath !== undefined) {
    try {
      rulesFile = await watchRulesFile(options.rulesPath, { apply: controls.setRules });
    } catch (error) {
      server.close();
      throw error;
    }
  }
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    host,
    port,
    projectId,
    objectEvents,
    ...controls,
    getRules: () => service.rules,
    close: () =>
      new Promise<void>((resolve, reject) => {
        rulesFile?.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
