/**
 * `npm start` and `npm run emulators`: the whole festival. Builds the functions, starts the
 * Auth emulator and the web dev server (each in a worker thread), our Firestore, Storage and
 * Pub/Sub emulators and the functions runner (reloading on rebuilds), completes the seed
 * (or, started `--empty`, makes only the local project admin), and stops everything again,
 * saving the state to `.encore-data/` (imported next time unless `--fresh`).
 *
 * Every step can be cut short through `signal` (Ctrl-C at any moment): the build's process
 * group is killed, the Auth and web threads are terminated, the seed stops between steps;
 * whatever had started is stopped and what was written is saved. The Auth emulator takes
 * the longest to start (~2 s of CPU, auth-schema-compile.ts), so it starts first, beside the build.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { InvocationLogger } from '../runner/invocation-log.js';
import type { WorkerOutput } from '../runner/worker-output.js';
import type { SeedReport } from '../seed/index.js';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import { runStep } from './child-process.js';
import { portsFromFirebaseJson, type StackPorts } from './ports.js';
import { DATA_DIR } from './data-dir.js';
import { DEFAULT_PROJECT_ID, startStack, type Stack } from './stack.js';
import type { LocalAdminAccount } from './local-admin.js';
import type { StartMode } from './start-mode.js';
import { hasScript, startWebDevServer, type WebDevServer } from './web-dev-server.js';

export interface FestivalOptions {
  rootDir: string;
  /** Start the web dev server too (`npm start`); false for `npm run emulators`. */
  web: boolean;
  /** Ignore the saved state at start. */
  fresh: boolean;
  /** The demo festival (default), or no festival and only a local project admin (`--empty`, start-mode.ts). */
  start?: StartMode;
  /** Refuse queries the root firestore.indexes.json does not serve, as production does (default true). */
  strictIndexes?: boolean;
  /**
   * Send the artists' artwork and the site plan through the image pipeline after "ready" (default
   * true). False (`--no-artwork`) spares the pipeline's ~60 images of CPU: the programme shows
   * initials, and the sample photos upload at once.
   */
  artwork?: boolean;
  projectId?: string;
  /** Where the state is saved and imported from; default `{rootDir}/.encore-data`. */
  dataDir?: string;
  /** Default: the root firebase.json's. */
  ports?: StackPorts;
  /** Aborting stops a start under way (it then rejects with the signal's reason). */
  signal?: AbortSignal;
  /** An Auth emulator already starting (the CLI starts it first of all, see cli/main.ts); default: started here. */
  auth?: Promise<AuthEmulator>;
  /** Where invocations and the functions' output go instead of JSON lines on stdout (the CLI's file and short lines). */
  functionsLog?: FestivalFunctionsLog;
  /** Progress lines; default console.log. */
  say?: (line: string) => void;
  /** When the start began (`performance.now()`), if before this call; the timings count from it. */
  startedAt?: number;
}

export interface FestivalFunctionsLog {
  log: InvocationLogger;
  output: WorkerOutput;
  /** Where the full log is, as the banner names it. */
  shownAs: string;
  /** Told where the loaded functions are listed, as soon as the runner is up (the console picks lines by trigger kind). */
  knowFunctions?(list: () => ReadonlyArray<{ name: string; trigger: { kind: string } }>): void;
}

export interface RunningFestival {
  stack: Stack;
  auth: AuthEmulator;
  web: WebDevServer | null;
  dataDir: string;
  readyMs: number;
  /** What the data folder holds: the demo festival, or no festival (`--empty`; `remembered` when a plain start kept it so). */
  mode: { kind: 'demo' } | { kind: 'empty'; remembered: boolean };
  /** The demo's seed (null when empty): programme and accounts done at "ready"; `photos` fills in once `photosSeeded` settles. */
  seed: SeedReport | null;
  /** The sample photos' upload, which goes on after "ready" (a stop waits for it, or cuts it short between photos). */
  photosSeeded: Promise<void>;
  /** The demo's test accounts; none when empty. */
  testAccounts: ReadonlyArray<{ email: string; password: string; role?: string; claim?: string; festivalRole?: string; secondFactor?: { phoneNumber: string } }>;
  /** The local project admin of an empty start (`made`: this start created the account). */
  localAdmin?: LocalAdminAccount & { made: boolean };
  /** When each part was up, in ms since the start. */
  timings: Record<string, number>;
  /** The full functions log, as the banner names it, when there is one. */
  functionsLog?: string;
  /** The App Check debug token the runner exchanges and the web app presents (runner/app-check.ts). */
  appCheckDebugToken: string;
  /** Saves the state and stops everything; rejects when something could not be saved. */
  stop(): Promise<void>;
}

export { DATA_DIR } from './data-dir.js';

export async function startFestival(options: FestivalOptions): Promise<RunningFestival> {
  const started = options.startedAt ?? performance.now();
  const { rootDir, signal } = options;
  signal?.throwIfAborted();
  const say = options.say ?? ((line: string) => console.log(line));
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const ports = options.ports ?? portsFromFirebaseJson(rootDir);
  const dataDir = options.dataDir ?? join(rootDir, DATA_DIR);
  // Registered with the runner's App Check exchange and given to the web app; printed for other clients.
  const appCheckDebugToken = process.env.ENCORE_APP_CHECK_DEBUG_TOKEN || randomUUID();

  const timings: Record<string, number> = {};
  const timed = <T>(name: string, work: Promise<T>): Promise<T> =>
    work.then((value) => {
      timings[name] = performance.now() - started;
      return value;
    });

  // Everything that stops on the way out, each registered once it is up.
  const running: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    const results = await Promise.allSettled(running.splice(0).map((stop) => stop()));
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error] : []));
    if (failures.length > 0) throw new AggregateError(failures, failures.map((failure) => failure.message).join('; '));
  };

  const authStarting = timed('auth', options.auth ?? startAuthEmulator({ projectId, port: ports.auth, dataDir, fresh: options.fresh, ...(signal ? { signal } : {}) })).then((auth) => {
    running.push(() => auth.stop());
    return auth;
  });
  const webStarting = (
    options.web ? timed('web', startWebDevServer({ rootDir, port: ports.web, env: { ...webEnvironment(ports), VITE_APP_CHECK_DEBUG_TOKEN: appCheckDebugToken }, ...(signal ? { signal } : {}) })) : Promise.resolve(null)
  ).then((web) => {
    if (web) running.push(() => web.stop());
    return web;
  });
  // Their failures surface where they are awaited below; this keeps Node from reporting them early.
  void Promise.allSettled([authStarting, webStarting]);

  try {
    await timed('build', buildFunctions(rootDir, signal));
    signal?.throwIfAborted();
    const functionsModule = join(rootDir, 'functions', 'lib', 'index.js');
    const hasFunctions = existsSync(functionsModule);
    if (!hasFunctions) say(`[encore] ${functionsModule} does not exist: starting without functions`);
    const backend = await timed(
      'backend',
      startStack({
        projectId,
        functions: hasFunctions ? functionsModule : null,
        functionsDir: join(rootDir, 'functions'),
        ports,
        authEmulator: `127.0.0.1:${ports.auth}`,
        rulesFiles: rulesFiles(rootDir),
        ...indexesFile(rootDir, options.strictIndexes !== false),
        // Firestore and Storage keep every acknowledged write under the data folder as it
        // happens (a kill -9 loses nothing); an export of the old layout there is migrated once.
        // A --fresh start has set the saved state aside already (fresh-start.ts).
        dataDir,
        runner: { watch: true, appCheck: { debugTokens: [appCheckDebugToken] }, ...(options.functionsLog ? { log: options.functionsLog.log, workerOutput: options.functionsLog.output } : {}) },
      }),
    );
    options.functionsLog?.knowFunctions?.(() => backend.runner?.functions() ?? []);
    // The backend stops (its close compacts and fsyncs the data folders) after the sample photo upload under way, beside the web app and Auth.
    let photosSeeded: Promise<void> = Promise.resolve();
    running.push(async () => {
      await photosSeeded;
      await backend.stop();
    });
    signal?.throwIfAborted();
    const [auth, web] = await Promise.all([authStarting, webStarting]);
    // Imported only now: it brings firebase-admin and sharp, which nothing before needs.
    const seed = await import('../seed/index.js');
    // What is up, once the seed (or the local admin) is in; `photosSeeded` as it is by then.
    const up = (held: Pick<RunningFestival, 'mode' | 'seed' | 'testAccounts' | 'localAdmin'>): RunningFestival => ({
      stack: backend,
      auth,
      web,
      dataDir,
      photosSeeded,
      readyMs: performance.now() - started,
      timings,
      ...(options.functionsLog ? { functionsLog: options.functionsLog.shownAs } : {}),
      appCheckDebugToken,
      stop: stopAll,
      ...held,
    });
    const start = options.start ?? { kind: 'demo' };
    if (start.kind === 'empty') {
      // No festival and no demo account: only the project admin the organiser signs in as.
      const made = await timed('admin', seed.ensureLocalAdmin(start.admin, { projectId }));
      say(`[encore] ${made.made ? 'made' : 'kept'} the local project admin ${start.admin.email}; no festival seeded (--empty)`);
      return up({ mode: { kind: 'empty', remembered: start.remembered }, seed: null, testAccounts: [], localAdmin: { ...start.admin, made: made.made } });
    }
    // The programme and the test accounts before "ready"; the artwork, site plan and sample photos after, while the app can be used.
    const report = await timed('seed', seed.seedFestival({ projectId, keepProgramme: true, photos: false, ...(signal ? { signal } : {}) }));
    say(`[encore] seed: ${seed.describeSeed(report, { photos: false })}`);
    for (const note of report.notes) say(`[encore]   note: ${note}`);
    const mediaSeeded =
      options.artwork === false
        ? Promise.resolve()
        : seed.seedMedia({
            projectId,
            ...(signal ? { signal } : {}),
            onMedia: (missing) => say(`[encore] seed: uploading ${missing} images (artist artwork, site plan); the pipeline then processes each`),
          });
    photosSeeded = mediaSeeded
      .then(() =>
        seed.seedSamplePhotos({
          projectId,
          ...(signal ? { signal } : {}),
          onPhotos: (missing, total) => say(`[encore] seed: uploading ${missing} of ${total} sample photos; the pipeline then processes each`),
        }),
      )
      .then(
        (photos) => {
          report.photos = photos;
          if (photos.uploaded > 0) say(`[encore] seed: ${seed.describePhotos(photos)}`);
        },
        (error: unknown) => {
          if (!signal?.aborted) say(`[encore] seed: sample images failed: ${(error as Error).message}`);
        },
      );
    return up({ mode: { kind: 'demo' }, seed: report, testAccounts: seed.TEST_ACCOUNTS });
  } catch (error) {
    // Whatever started stops, and what was written (a half seed, say) is saved on the way.
    await Promise.allSettled([authStarting, webStarting]);
    const unsaved = await stopAll().then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    // A save that failed outweighs the reason for stopping: it is what the reader must know.
    if (unsaved) throw new Error(`${unsaved.message} (while stopping: ${(error as Error).message})`, { cause: error });
    throw error;
  }
}

/**
 * Builds only what running needs: the functions bundle (which takes the shared model from
 * its sources, as the web app and the seed do). Type-checking is `npm test`'s job.
 */
async function buildFunctions(rootDir: string, signal: AbortSignal | undefined): Promise<void> {
  if (!hasScript(join(rootDir, 'functions', 'package.json'), 'build')) return;
  await runStep('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: rootDir, ...(signal ? { signal } : {}) });
}

/** The repo's rules files, enforced and reloaded on every edit (a broken edit keeps the previous rules). */
function rulesFiles(rootDir: string): { firestore?: string; storage?: string } {
  const path = (file: string): string | undefined => (existsSync(join(rootDir, file)) ? join(rootDir, file) : undefined);
  const firestore = path('firestore.rules');
  const storage = path('storage.rules');
  return { ...(firestore ? { firestore } : {}), ...(storage ? { storage } : {}) };
}

/** The repo's firestore.indexes.json: what deploys is what the emulator plans every query against. */
function indexesFile(rootDir: string, strict: boolean): { indexes?: { path: string; strict: boolean } } {
  const path = join(rootDir, 'firestore.indexes.json');
  return existsSync(path) ? { indexes: { path, strict } } : {};
}

/** The web app's emulator config (web/src/firebase), so it follows the ports this stack runs on. */
function webEnvironment(ports: StackPorts): Record<string, string> {
  return {
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
  };
}
