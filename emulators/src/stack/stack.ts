/**
 * The Encore backend in this process: our Firestore, Storage and Pub/Sub emulators and the
 * functions runner, wired together (Firestore writes and Storage changes feed the runner,
 * Pub/Sub pushes to it), with the SDK env vars set so firebase-admin, @google-cloud/* and
 * the functions all find them. `npm start` runs it on the firebase.json ports; integration
 * tests run it on free ports:
 *
 *   const stack = await startStack({ functions: fixturePath, ports: 'free' });
 *   ... firebase-admin / @google-cloud/pubsub calls ...
 *   await stack.stop();
 */
import { join } from 'node:path';
import type { HttpTimeouts } from '../common/http-timeouts.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../firestore/index.js';
import { startPubSubEmulator, type PubSubEmulator } from '../pubsub/index.js';
import { startFunctionsRunner, type FunctionsRunner, type FunctionsRunnerOptions } from '../runner/index.js';
import { startStorageEmulator, type StorageEmulator } from '../storage/index.js';
import { applyEnvironment, hostPort, sdkEnvironment } from './environment.js';
import { DEFAULT_PORTS, FREE_PORTS, type StackPorts } from './ports.js';

import { DEFAULT_PROJECT_ID } from './project.js';

export { DEFAULT_PROJECT_ID };

/** Where each emulator keeps its state under `StackOptions.dataDir`. */
export const FIRESTORE_DATA = 'firestore-data';
export const STORAGE_DATA = 'storage-data';
/** Topics, subscriptions and messages not yet acked. */
export const PUBSUB_DATA = 'pubsub-data';
/** Firestore and Storage trigger events accepted and not yet delivered (the runner's outbox). */
export const FUNCTIONS_EVENTS_DATA = 'functions-events';

export interface StackOptions {
  projectId?: string;
  /** The built functions module to run; omit (or null) for no functions runner. */
  functions?: string | null;
  functionsDir?: string;
  /** `free` binds free ports (tests); the default is the firebase.json defaults. */
  ports?: 'free' | Partial<StackPorts>;
  host?: string;
  /**
   * Keep Firestore and Storage durably under this folder (`<dataDir>/firestore-data/`,
   * `<dataDir>/storage-data/`; see README.md): every acknowledged write and upload survives
   * a crash or `kill -9`, and the next start on the same folder resumes from it. The events
   * that follow them survive too: Pub/Sub messages not yet acked (`<dataDir>/pubsub-data/`)
   * and trigger events not yet delivered (`<dataDir>/functions-events/`), delivered after the
   * restart. Without it, state lives in memory (and Storage bytes in a temporary folder)
   * until `stop()`.
   */
  dataDir?: string;
  /** Journal tuning for both emulators' data folders (tests and benchmarks). */
  journal?: { fsyncIntervalMs?: number; compactAfterBytes?: number };
  /**
   * Load this export directory at start (Firestore and Storage); a missing one is an empty
   * start. With `dataDir`, an emulator imports it only while its data folder is still empty
   * (a migration); it defaults to `dataDir` itself, where `exportTo(dataDir)` used to write.
   */
  importDir?: string;
  /** `host:port` of an Auth emulator already running (firebase-tools), for the functions and the SDKs. */
  authEmulator?: string;
  /** Rules sources to enforce; without them the emulators allow everything. */
  rules?: { firestore?: string; storage?: string };
  /** Rules files to enforce and watch: an edit is applied at once (`npm start`); wins over `rules`. */
  rulesFiles?: { firestore?: string; storage?: string };
  /**
   * The `firestore.indexes.json` every query is planned against (watched like the rules files);
   * `strict` refuses a query it does not serve as production would (FAILED_PRECONDITION).
   * `npm start` and Encore's own integration and browser tests run strict.
   */
  indexes?: { path: string; strict?: boolean };
  /** Set the SDK env vars on process.env while the stack runs (default true). */
  setEnv?: boolean;
  /** More runner options: watch, retry, env, log... */
  /** Idle and request timeouts of every port (common/http-timeouts.ts); each emulator's defaults otherwise. */
  timeouts?: Partial<HttpTimeouts>;
  runner?: Partial<Omit<FunctionsRunnerOptions, 'functionsModule' | 'projectId' | 'host' | 'port' | 'emulators' | 'documentWrites' | 'objectEvents' | 'eventsDir' | 'eventsJournal' | 'localPush'>>;
}

export interface Stack {
  projectId: string;
  /** `host:port` of each service. */
  hosts: { firestore: string; storage: string; pubsub: string; functions?: string; auth?: string };
  /** The SDK env vars pointing at this stack (also set on process.env unless `setEnv: false`). */
  env: Record<string, string>;
  firestore: FirestoreEmulator;
  storage: StorageEmulator;
  pubsub: PubSubEmulator;
  runner?: FunctionsRunner;
  /** Writes Firestore and Storage state under `dir` (the layout `importDir` reads). */
  exportTo(dir: string): Promise<void>;
  /** Stops everything and restores process.env. Safe to call twice. */
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const host = options.host ?? '127.0.0.1';
  const ports = options.ports === 'free' ? FREE_PORTS : { ...DEFAULT_PORTS, ...options.ports };
  const importDir = options.importDir ?? options.dataDir;
  const durable = (folder: string) => (options.dataDir === undefined ? {} : { dataDir: join(options.dataDir, folder), ...(options.journal ? { journal: options.journal } : {}) });
  // Anything started before a failure is stopped again, newest first.
  const started: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of started.splice(0).reverse()) {
      await stop().catch((error: unknown) => console.error('[stack] stop failed:', error));
    }
  };

  try {
    const [firestore, storage, pubsub] = await Promise.all([
      startFirestoreEmulator({
        host,
        port: ports.firestore,
        projectId,
        ...durable(FIRESTORE_DATA),
        ...(importDir ? { importDir } : {}),
        ...(options.rulesFiles?.firestore ? { rulesPath: options.rulesFiles.firestore } : {}),
        ...(options.indexes ? { indexesPath: options.indexes.path, strictIndexes: options.indexes.strict === true } : {}),
        ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      }).then((emulator) => {
        started.push(() => emulator.close());
        return emulator;
      }),
      startStorageEmulator({
        host,
        port: ports.storage,
        projectId,
        ...durable(STORAGE_DATA),
        ...(importDir ? { importDir } : {}),
        ...(options.rulesFiles?.storage ? { rulesPath: options.rulesFiles.storage } : {}),
        ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      }).then((emulator) => {
        started.push(() => emulator.close());
        return emulator;
      }),
      // With functions, restored push subscriptions wait until the runner has re-pointed them.
      startPubSubEmulator({ host, port: ports.pubsub, ...durable(PUBSUB_DATA), holdPush: Boolean(options.functions), ...(options.timeouts ? { timeouts: options.timeouts } : {}) }).then((emulator) => {
        started.push(() => emulator.close());
        return emulator;
      }),
    ]);
    if (options.rules?.firestore && !options.rulesFiles?.firestore) firestore.setRules(options.rules.firestore);
    if (options.rules?.storage && !options.rulesFiles?.storage) storage.setRules(options.rules.storage);

    const hosts: Stack['hosts'] = {
      firestore: hostPort(firestore.host, firestore.port),
      storage: hostPort(storage.host, storage.port),
      pubsub: pubsub.endpoint,
      ...(options.authEmulator ? { auth: options.authEmulator } : {}),
    };
    const env = sdkEnvironment({ projectId, ...hosts });
    if (options.setEnv !== false) {
      const restore = applyEnvironment(env);
      started.push(async () => restore());
    }

    let runner: FunctionsRunner | undefined;
    if (options.functions) {
      const functionsRunner = await startFunctionsRunner({
        ...(options.timeouts ? { timeouts: options.timeouts } : {}),
        ...options.runner,
        functionsModule: options.functions,
        ...(options.functionsDir ? { functionsDir: options.functionsDir } : {}),
        projectId,
        host,
        port: ports.functions,
        emulators: hosts,
        documentWrites: firestore.documentWrites,
        objectEvents: storage.objectEvents,
        ...(options.dataDir === undefined ? {} : { eventsDir: join(options.dataDir, FUNCTIONS_EVENTS_DATA), ...(options.journal ? { eventsJournal: options.journal } : {}) }),
        // Pushes from this stack's Pub/Sub to the runner are calls, not HTTP requests to ourselves.
        localPush: pubsub.localPush,
      });
      started.push(() => functionsRunner.close());
      hosts.functions = hostPort(functionsRunner.host, functionsRunner.port);
      runner = functionsRunner;
      pubsub.resumePush();
    }

    return {
      projectId,
      hosts,
      env,
      firestore,
      storage,
      pubsub,
      ...(runner ? { runner } : {}),
      async exportTo(dir) {
        await Promise.all([firestore.exportTo(dir), storage.exportTo(dir)]);
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
