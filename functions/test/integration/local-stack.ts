/**
 * Encore's backend on the local stack, for the integration tests and the stack bench:
 * the functions bundled from their sources (as `npm run build` does, into a throw-away
 * folder), run by the emulators workspace's `startStack` on free ports, a small seeded
 * festival, a firebase-admin app on the test's side, and ways to wait for outcomes
 * (a document or query snapshot, `eventually`, or the runner's invocation log) instead of
 * sleeping. With `ENCORE_TARGET=official` the same interface fronts Google's Emulator Suite
 * under `firebase emulators:exec` instead (official-stack.ts).
 *
 * The stack comes from the emulators workspace's public entry (`@encore/emulators/stack`,
 * built by `tsc -b`, which `npm test` runs first). Like `@encore/model`, it is a workspace
 * package and deliberately not declared in functions' package.json: Cloud Build installs
 * that file's dependencies from npm, where workspace packages do not exist.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type DocumentData, type DocumentReference, type Firestore, type Query, type QuerySnapshot } from 'firebase-admin/firestore';
import { onlyEncore, startAuthEmulator, startStack, testTarget, type Stack } from '@encore/emulators/stack';
import { firestorePaths } from '@encore/model';
import { buildFunctions } from '../../scripts/build.js';
import { InvocationLog } from './invocation-log.js';
import { attachOfficialStack } from './official-stack.js';

export { InvocationLog, type Invocation } from './invocation-log.js';

/**
 * `ENCORE_TARGET=official`: the tests run against Google's Emulator Suite under
 * `firebase emulators:exec` (official-stack.ts), one file at a time in one project. What only
 * Encore's stack offers (the runner's invocation log, usage counts, `npm run job`) is skipped
 * there, the reason in the test's name (`encoreOnly`).
 */
export const official = testTarget() === 'official';

/**
 * The title of a test that reads what only Encore's stack offers (`needs`), for
 * `it.skipIf(official)(encoreOnly(...), ...)`: on the official target the skip carries the
 * reason in its name, so the run's report says what was left out and why.
 */
export function encoreOnly(title: string, needs: string): string {
  return official ? `${title} [skipped: ${onlyEncore(needs)}]` : title;
}

export const FESTIVAL_ID = 'encore-2026';
export const TIME_ZONE = 'Europe/Amsterdam';

const FUNCTIONS_DIR = fileURLToPath(new URL('../../', import.meta.url));
/** Inside functions/ so the bundle resolves its external dependencies from functions' node_modules. */
const BUILD_ROOT = join(FUNCTIONS_DIR, 'node_modules/.cache/encore-integration');

export interface EncoreStack {
  projectId: string;
  bucket: string;
  hosts: Stack['hosts'];
  /** `http://host:port` of the functions runner. */
  functionsUrl: string;
  /** A web app's App Check token for the callables (which enforce App Check): the debug token registered with the runner, exchanged. */
  appCheckToken(appId: string): Promise<{ token: string; expireTimeMillis: number }>;
  admin: App;
  db: Firestore;
  /** Every function attempt, as Encore's runner reports it; on the official target every use throws (skip such tests there). */
  invocations: InvocationLog;
  /**
   * Resolves once the asynchronous `check` holds: on Encore's stack asked again whenever the
   * runner reports a function call (the only way the backend changes anything); on the
   * official suite, which reports calls to nobody, on a short growing interval.
   */
  eventually(check: () => Promise<boolean>, what: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface EncoreStackOptions {
  projectId: string;
  /** Start the Firebase CLI's Auth emulator too (for web SDK sign-in). */
  auth?: boolean;
  /** Environment for the functions (deploy parameters such as DAILY_UPLOAD_QUOTA). */
  env?: Record<string, string>;
  /** Enforce the repository's firestore.rules and storage.rules on client SDK requests (admin bypasses them, as in production). */
  rules?: boolean;
  /** Start on Firestore and Storage data kept in this folder (benches seed it first without functions, so no trigger fires for the seed). */
  dataDir?: string;
  /** Takes what the functions print, each write with the function whose call printed it (the runner's `workerOutput`), instead of this process's stdout. */
  functionOutput?: (line: { text: string; function?: string }) => void;
}

const REPO_DIR = join(FUNCTIONS_DIR, '..');

/** Builds the functions, starts the stack (and Auth), seeds the festival. Stop it in afterAll. */
export async function startEncoreStack(options: EncoreStackOptions): Promise<EncoreStack> {
  if (official) return attachOfficialStack(options, ({ db }) => seedFestival(db));
  const { projectId } = options;
  const buildDir = join(BUILD_ROOT, `${projectId}-${process.pid}`);
  mkdirSync(buildDir, { recursive: true });
  const functionsModule = join(buildDir, 'index.js');
  await buildFunctions(functionsModule);

  const stops: Array<() => Promise<void>> = [async () => rmSync(buildDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    let authHost: string | undefined;
    if (options.auth) {
      // In memory, on a port the OS picks.
      const auth = await startAuthEmulator({ projectId });
      stops.push(() => auth.stop());
      authHost = auth.host;
    }
    const invocations = new InvocationLog();
    const appCheckDebugToken = randomUUID();
    const stack = await startStack({
      projectId,
      functions: functionsModule,
      functionsDir: FUNCTIONS_DIR,
      ports: 'free',
      // Strict index mode: a query of the functions that production would refuse for a missing index fails here first.
      indexes: { path: join(REPO_DIR, 'firestore.indexes.json'), strict: true },
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(authHost ? { authEmulator: authHost } : {}),
      ...(options.rules
        ? { rules: { firestore: readFileSync(join(REPO_DIR, 'firestore.rules'), 'utf8'), storage: readFileSync(join(REPO_DIR, 'storage.rules'), 'utf8') } }
        : {}),
      runner: {
        schedules: false,
        env: options.env ?? {},
        log: (record) => invocations.add(record),
        appCheck: { debugTokens: [appCheckDebugToken] },
        ...(options.functionOutput ? { workerOutput: options.functionOutput } : {}),
      },
    });
    stops.push(() => stack.stop());
    const admin = initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` }, `integration-${projectId}`);
    stops.push(() => deleteApp(admin));
    const db = getFirestore(admin);
    await seedFestival(db);
    const runner = stack.runner!;
    const appCheckToken = async (appId: string) => {
      const response = await fetch(runner.appCheckExchangeUrl(appId), { method: 'POST', body: JSON.stringify({ debug_token: appCheckDebugToken }) });
      const { token, ttl } = (await response.json()) as { token: string; ttl: string };
      return { token, expireTimeMillis: Date.now() + Number.parseFloat(ttl) * 1000 };
    };
    const eventually = (check: () => Promise<boolean>, what: string, timeoutMs?: number) => invocations.whenever(check, what, timeoutMs);
    return { projectId, bucket: `${projectId}.appspot.com`, hosts: stack.hosts, functionsUrl: runner.url, appCheckToken, admin, db, invocations, eventually, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Two stages, two artists and three sets on the evening of 14 August 2026 (nina-main 19:00-20:00 UTC, kae-tent 19:30-20:30, kae-main 21:00-22:00). */
export async function seedFestival(db: Firestore): Promise<void> {
  const batch = db.batch();
  batch.set(db.doc(firestorePaths.festival(FESTIVAL_ID)), { name: 'Encore', timeZone: TIME_ZONE, startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });
  batch.set(db.doc(firestorePaths.stage(FESTIVAL_ID, 'main')), { name: 'Main Stage', order: 0 });
  batch.set(db.doc(firestorePaths.stage(FESTIVAL_ID, 'tent')), { name: 'The Tent', order: 1 });
  batch.set(db.doc(firestorePaths.artist(FESTIVAL_ID, 'nina')), { name: 'Nina', bio: '', genres: [] });
  batch.set(db.doc(firestorePaths.artist(FESTIVAL_ID, 'kae')), { name: 'Kae', bio: '', genres: [] });
  const set = (id: string, stageId: string, start: string, end: string) =>
    batch.set(db.doc(firestorePaths.performance(FESTIVAL_ID, id)), {
      artistId: id.split('-')[0],
      stageId,
      startsAt: new Date(start),
      endsAt: new Date(end),
      status: 'scheduled',
      favoriteCount: 0,
      photoCount: 0,
    });
  set('nina-main', 'main', '2026-08-14T19:00:00Z', '2026-08-14T20:00:00Z');
  set('kae-tent', 'tent', '2026-08-14T19:30:00Z', '2026-08-14T20:30:00Z');
  set('kae-main', 'main', '2026-08-14T21:00:00Z', '2026-08-14T22:00:00Z');
  await batch.commit();
}

/** Resolves with the document's data once `accept` holds for a snapshot of it (a Listen, no polling). */
export function waitForDoc(ref: DocumentReference, accept: (data: DocumentData | undefined) => boolean, timeoutMs = 60_000): Promise<DocumentData | undefined> {
  return new Promise((resolve, reject) => {
    let last: DocumentData | undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`${ref.path} never matched within ${timeoutMs} ms; last seen: ${JSON.stringify(last)}`));
    }, timeoutMs);
    const unsubscribe = ref.onSnapshot(
      (snapshot) => {
        last = snapshot.data();
        if (!accept(last)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(last);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Resolves with the query's snapshot once `accept` holds for one (a Listen, no polling). */
export function waitForQuery(query: Query, accept: (snapshot: QuerySnapshot) => boolean, what: string, timeoutMs = 60_000): Promise<QuerySnapshot> {
  return new Promise((resolve, reject) => {
    let size: number | undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`${what} never held within ${timeoutMs} ms; last snapshot had ${size ?? 'no'} documents`));
    }, timeoutMs);
    const unsubscribe = query.onSnapshot(
      (snapshot) => {
        size = snapshot.size;
        if (!accept(snapshot)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(snapshot);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
