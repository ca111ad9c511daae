/**
 * Encore's Java-free Firestore emulator: one port (8080 by default) serving gRPC
 * (firebase-admin, the web SDK in Node), REST (`preferRest`, the browser SDK's unary calls),
 * WebChannel (the browser SDK's streams, ./webchannel) and the official emulator's admin
 * endpoints (`GET /`, clear, `:securityRules`).
 *
 * Status: all of it works and is covered by the conformance suite (test/conformance, four
 * clients) and the raw-protocol tests (test/firestore). Layout:
 * - engine/: pure, transport-agnostic (paths, values, store, writes, queries, aggregations,
 *   vector search, transactions, access seam, the Database facade; the index planner
 *   (indexes.ts, index-config.ts, index-policy.ts, index-error.ts) behind strict index mode and
 *   explain (explain.ts): see ../../README.md, "Firestore: indexes, explain and vector search");
 * - service/: the RPCs in proto3 JSON, the Listen/Write streams behind `OpenStream`,
 *   export/import, the durable journal of a data folder;
 * - transport/: gRPC (grpc-js, and our own path for unary calls: grpc-unary.ts), REST, the
 *   HTTP/1.1 router and the one-port listener.
 */
import type { DocumentWrittenEvent } from '../common/events.js';
import type { Feed } from '../common/feed.js';
import { httpTimeouts, type HttpTimeouts } from '../common/http-timeouts.js';
import { compileRules } from '../rules-enforcement/compiled-rules.js';
import { enforceFirestoreRules, firestoreRulesRefusal } from '../rules-enforcement/firestore-rules.js';
import { watchRulesFile, type RulesFileWatch } from '../rules-enforcement/rules-file.js';
import type { Authorize } from './engine/access.js';
import { invalidArgument } from './errors.js';
import { parseIndexConfig } from './engine/index-config.js';
import { Databases } from './service/databases.js';
import { FirestoreApi } from './service/firestore-api.js';
import { createOpenStream } from './service/open-stream.js';
import { openFirestoreJournal, type FirestoreJournal, type FirestoreJournalOptions } from './service/journal.js';
import { exportState, importState } from './service/persistence.js';
import type { OpenStream } from './streams.js';
import { MAX_RECEIVE_MESSAGE_LENGTH, createGrpcServer, unaryMethodRoutes } from './transport/grpc.js';
import { serveUnaryCall, takesUnaryCall } from './transport/grpc-unary.js';
import { createRouter } from './transport/http-router.js';
import { listenOnePort } from './transport/one-port.js';
import { createWebChannelHandler } from './webchannel/index.js';

export type { FirestoreUsage, OperationCounts, ClientKind } from './service/usage.js';
import type { FirestoreUsage } from './service/usage.js';
export type { AccessMethod, AccessRequest, AccessVerdict, Authorize, DocumentLookup } from './engine/access.js';

export interface FirestoreEmulatorOptions {
  host?: string;
  /** 8080 by default; 0 for a free port. */
  port?: number;
  /** The default project (any project id is served; this one is what `clear()`/`setRules()` act on). */
  projectId?: string;
  /**
   * A folder that keeps the state durably (created if missing): every acknowledged change is
   * journaled before the reply and survives a crash or `kill -9`; the state is restored from
   * it at start. Without it, everything lives in memory only. See README.md, "Durability".
   */
  dataDir?: string;
  /** Tuning of the data folder's journal (fsync interval, compaction threshold, where torn tails are reported). */
  journal?: FirestoreJournalOptions;
  /**
   * Load this export folder at start (a missing one is an empty start). With `dataDir`, only
   * while the data folder holds no state yet (a migration of an export into it).
   */
  importDir?: string;
  /** A `firestore.rules` file for the default project, enforced from the start and reloaded whenever it changes. */
  rulesPath?: string;
  /**
   * A `firestore.indexes.json`, read at start and whenever it changes: every query is planned
   * against it, and one that needs an index it does not declare is logged once (README.md,
   * "Indexes"). Without it, no query is checked, like the official emulator.
   */
  indexesPath?: string;
  /**
   * Strict index mode: refuse such a query as production does (FAILED_PRECONDITION, "The query
   * requires an index...", plus the entry to add). Off by default.
   */
  strictIndexes?: boolean;
  /**
   * Idle and request timeouts of the port (HTTP/1.1 and gRPC), in milliseconds; defaults
   * `DEFAULT_HTTP_TIMEOUTS` (60 s idle, 5 minutes per request). See common/http-timeouts.ts.
   */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Who answers unary gRPC calls (Commit, GetDocument, BeginTransaction...): the emulator's own
   * path (transport/grpc-unary.ts, the default: the same bytes for a fraction of the CPU) or
   * grpc-js, which serves every other gRPC call either way (for comparisons and benches).
   * Unset, `ENCORE_FIRESTORE_UNARY_GRPC=grpc-js` in the environment chooses grpc-js (a stack
   * started by a bench or `npm start` has no other way to be told).
   */
  unaryGrpc?: 'own' | 'grpc-js';
}

export interface FirestoreEmulator {
  host: string;
  port: number;
  projectId: string;
  /** Who answers unary gRPC calls: 'own' unless asked otherwise or grpc-js offers no hook (see `unaryGrpc`). */
  unaryGrpc: 'own' | 'grpc-js';
  /** Every committed document write, in commit order, with before/after. */
  documentWrites: Feed<DocumentWrittenEvent>;
  /** The Listen/Write stream factory (what WebChannel and gRPC carry). */
  openStream: OpenStream;
  exportTo(dir: string): Promise<void>;
  /** Deletes every document of the default project. */
  clear(): void;
  /** Billed reads, writes and deletes of a project (the default one) since start or the last reset; also `GET /emulator/v1/projects/{p}/usage`. */
  usage(projectId?: string): FirestoreUsage;
  resetUsage(projectId?: string): void;
  /**
   * Puts rules in force for the default project. Each project's rules decide every client
   * request (none loaded: everything is allowed). Like `PUT :securityRules` and `rulesPath`,
   * it refuses a source that does not compile: it throws RulesParseError (line and column)
   * and the previous rules stay.
   */
  setRules(source: string): void;
  getRules(projectId?: string): string | undefined;
  /** Replaces the access check (by default the rules engine); `Bearer owner` always bypasses it. */
  setAuthorize(authorize: Authorize): void;
  /** Puts the contents of a `firestore.indexes.json` in force (undefined: none, no checks unless strict); throws on a bad file. */
  setIndexes(file: unknown): void;
  /** Switches strict index mode (see `strictIndexes`). */
  setStrictIndexes(strict: boolean): void;
  /** Checks sources sent to `PUT .../{p}:securityRules`: return why one is refused (answered 400), or undefined. */
  setRulesValidator(validate: (source: string) => string | undefined): void;
  close(): Promise<void>;
}

export async function startFirestoreEmulator(options: FirestoreEmulatorOptions = {}): Promise<FirestoreEmulator> {
  const host = options.host ?? '127.0.0.1';
  const projectId = options.projectId ?? 'demo-encore';
  const databases = new Databases();
  databases.authorize = enforceFirestoreRules((project) => databases.rules.get(project));
  databases.rulesValidator = firestoreRulesRefusal;
  const journal = await restoreState(databases, options);
  const api = new FirestoreApi(databases);
  const openStream = createOpenStream(databases);
  const timeouts = httpTimeouts(options.timeouts);
  const unaryRoutes = unaryMethodRoutes(api);
  const limits = { maxReceiveMessageLength: MAX_RECEIVE_MESSAGE_LENGTH, requestMs: timeouts.requestMs };
  const server = await listenOnePort({
    host,
    port: options.port ?? 8080,
    timeouts,
    grpcServer: createGrpcServer(api, openStream, timeouts, unaryRoutes),
    ownStreams:
      (options.unaryGrpc ?? (process.env.ENCORE_FIRESTORE_UNARY_GRPC === 'grpc-js' ? 'grpc-js' : 'own')) === 'grpc-js'
        ? undefined
        : { pick: (headers) => takesUnaryCall(unaryRoutes, headers), serve: (stream, headers, route) => serveUnaryCall(stream, headers, route, limits) },
    http: createRouter({ api, databases, webChannel: createWebChannelHandler(openStream) }),
  });
  // Throws RulesParseError (line and column) before storing, so broken rules never replace good ones.
  const putRules = (source: string) => {
    compileRules(source, 'cloud.firestore');
    databases.setRules(projectId, source);
  };
  const putIndexes = (file: unknown) => databases.indexes.setCatalog(file === undefined ? undefined : parseIndexConfig(file));
  databases.indexes.strict = options.strictIndexes === true;
  let rulesFile: RulesFileWatch | undefined;
  let indexesFile: RulesFileWatch | undefined;
  try {
    if (options.rulesPath !== undefined) rulesFile = await watchRulesFile(options.rulesPath, { apply: putRules });
    if (options.indexesPath !== undefined) indexesFile = await watchRulesFile(options.indexesPath, { apply: (source) => putIndexes(parseJsonFile(source)), label: 'indexes' });
  } catch (error) {
    rulesFile?.close();
    await server.close();
    await journal?.close();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    host,
    port: server.port,
    projectId,
    unaryGrpc: server.ownPath ? 'own' : 'grpc-js',
    documentWrites: databases.documentWrites,
    openStream,
    exportTo: (dir) => exportState(databases, dir),
    clear: () => databases.clearProject(projectId),
    usage: (project = projectId) => databases.usage(project).snapshot(),
    resetUsage: (project = projectId) => databases.usage(project).reset(),
    setRules: putRules,
    getRules: (project = projectId) => databases.rules.get(project),
    setAuthorize: (authorize) => {
      databases.authorize = authorize;
    },
    setIndexes: putIndexes,
    setStrictIndexes: (strict) => {
      databases.indexes.strict = strict;
    },
    setRulesValidator: (validate) => {
      databases.rulesValidator = validate;
    },
    close: () => {
      rulesFile?.close();
      indexesFile?.close();
      // Requests stop first; then the journal is folded into a snapshot and flushed.
      return (closed ??= server.close().then(() => journal?.close()));
    },
  };
}

/** A firestore.indexes.json's text as JSON; a syntax error is refused like a bad entry. */
function parseJsonFile(source: string): unknown {
  try {
    return JSON.parse(source) as unknown;
  } catch (error) {
    throw invalidArgument(`firestore.indexes.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Restores the data folder (migrating `importDir` into it while it is empty), or loads `importDir` into memory. */
async function restoreState(databases: Databases, options: FirestoreEmulatorOptions): Promise<FirestoreJournal | undefined> {
  if (options.dataDir === undefined) {
    if (options.importDir) await importState(databases, options.importDir);
    return undefined;
  }
  const journal = await openFirestoreJournal(databases, options.dataDir, options.journal);
  if (journal.recovery.empty && options.importDir !== undefined && (await importState(databases, options.importDir))) {
    // The imported state goes into the data folder at once: from here on the folder is the truth.
    await journal.compact();
    console.log(`[firestore] imported the export in ${options.importDir} into ${options.dataDir}`);
  }
  return journal;
}
