/**
 * `npm start` and `npm run emulators`: the whole festival on the firebase.json ports.
 * Builds what needs building, starts the Auth emulator (firebase-tools), our Firestore,
 * Storage and Pub/Sub emulators and the functions runner (reloading on rebuilds), the web
 * dev server, seeds `encore-2026` when empty, prints where everything is, and on Ctrl-C
 * exports the state to `.encore-data/` (imported again next time unless `--fresh`) and
 * stops everything.
 *
 * The Auth emulator and the web dev server need no build, and the Firebase CLI takes the
 * longest to start, so they start first, while the model and the functions build.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { InvocationLogger } from '../runner/invocation-log.js';
import type { WorkerOutput } from '../runner/worker-output.js';
import type { seedFestival } from '../seed/index.js';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import { runToCompletion } from './child-process.js';
import { portsFromFirebaseJson } from './ports.js';
import { DEFAULT_PROJECT_ID, startStack, type Stack } from './stack.js';
import { hasScript, startWebDevServer, type WebDevServer } from './web-dev-server.js';

export interface FestivalOptions {
  rootDir: string;
  /** Start the web dev server too (`npm start`); false for `npm run emulators`. */
  web: boolean;
  /** Ignore `.encore-data/` at start. */
  fresh: boolean;
  projectId?: string;
  /** Where invocations and the functions' output go instead of JSON lines on stdout (the CLI's file and short lines). */
  functionsLog?: FestivalFunctionsLog;
}

export interface FestivalFunctionsLog {
  log: InvocationLogger;
  output: WorkerOutput;
  /** Where the full log is, as the banner names it. */
  shownAs: string;
}

export interface RunningFestival {
  stack: Stack;
  auth: AuthEmulator;
  web: WebDevServer | null;
  readyMs: number;
  testAccounts: ReadonlyArray<{ email: string; password: string; role?: string }>;
  /** When each part was up, in ms since the start. */
  timings: Record<string, number>;
  /** The full functions log, as the banner names it, when there is one. */
  functionsLog?: string;
  /** The App Check debug token the runner exchanges and the web app presents (runner/app-check.ts). */
  appCheckDebugToken: string;
  stop(): Promise<void>;
}

export const DATA_DIR = '.encore-data';

type SeedFestival = typeof seedFestival;

export async function startFestival(options: FestivalOptions): Promise<RunningFestival> {
  const started = performance.now();
  const { rootDir } = options;
  const projectId = options.projectId ?? DEFAULT_PROJECT_ID;
  const ports = portsFromFirebaseJson(rootDir);
  const dataDir = join(rootDir, DATA_DIR);
  // Registered with the runner's App Check exchange and given to the web app; printed for other clients.
  const appCheckDebugToken = process.env.ENCORE_APP_CHECK_DEBUG_TOKEN || randomUUID();

  const timings: Record<string, number> = {};
  const timed = <T>(name: string, work: Promise<T>): Promise<T> =>
    work.then((value) => {
      timings[name] = performance.now() - started;
      return value;
    });

  // Everything that stops on the way out, newest first; each part registers once it is up.
  const stopped: Array<() => Promise<void>> = [];
  const stopAll = async (): Promise<void> => {
    for (const stop of stopped.splice(0).reverse()) await stop().catch((error: unknown) => console.error('[encore] stop failed:', error));
  };
  // The Auth emulator (a separate CLI, the slowest) and the web dev server start now, beside the build.
  const authStarting = timed('auth', startAuthEmulator({ rootDir, projectId, ports, dataDir, fresh: options.fresh })).then((auth) => {
    stopped.push(() => auth.stop());
    return auth;
  });
  const webStarting = (options.web ? timed('web', startWebDevServer(rootDir, ports.web, { ...webEnvironment(ports), VITE_APP_CHECK_DEBUG_TOKEN: appCheckDebugToken })) : Promise.resolve(null)).then((web) => {
    if (web) stopped.push(() => web.stop());
    return web;
  });
  // Their failures surface where they are awaited below; this keeps Node from reporting them early.
  void Promise.allSettled([authStarting, webStarting]);
  try {
    await timed('build', build(rootDir));
    const functionsModule = join(rootDir, 'functions', 'lib', 'index.js');
    const hasFunctions = existsSync(functionsModule);
    if (!hasFunctions) console.warn(`[encore] ${functionsModule} does not exist: starting without functions`);
    const stack = await timed(
      'backend',
      startStack({
        projectId,
        functions: hasFunctions ? functionsModule : null,
        functionsDir: join(rootDir, 'functions'),
        ports,
        authEmulator: `127.0.0.1:${ports.auth}`,
        rulesFiles: rulesFiles(rootDir),
        ...(options.fresh ? {} : { importDir: dataDir }),
        runner: { watch: true, appCheck: { debugTokens: [appCheckDebugToken] }, ...(options.functionsLog ? { log: options.functionsLog.log, workerOutput: options.functionsLog.output } : {}) },
      }),
    );
    // The backend stops last, after the web app and Auth that sit beside it.
    stopped.unshift(() => stack.stop());
    const [auth, web] = await Promise.all([authStarting, webStarting]);
    // Imported only now: the seed reads @encore/model from its build.
    const seed = await import('../seed/index.js');
    await timed('seed', seedIfEmpty(seed.seedFestival, projectId));
    return {
      stack,
      auth,
      web,
      testAccounts: seed.TEST_ACCOUNTS,
      readyMs: performance.now() - started,
      timings,
      ...(options.functionsLog ? { functionsLog: options.functionsLog.shownAs } : {}),
      appCheckDebugToken,
      async stop() {
        // Export before anything stops, so functions' last writes are in and nothing is half-closed.
        await stack.exportTo(dataDir).catch((error: unknown) => console.error('[encore] export failed:', error));
        await stopAll();
      },
    };
  } catch (error) {
    await Promise.allSettled([authStarting, webStarting]);
    await stopAll();
    throw error;
  }
}

/**
 * Builds only what running needs: the shared model (the web app, the seed and the functions
 * import its build; the emulators run from their sources through tsx), then the functions
 * bundle. Type-checking everything else is `npm test`'s job, not start-up's.
 */
async function build(rootDir: string): Promise<void> {
  await runToCompletion(join(rootDir, 'node_modules', '.bin', 'tsc'), ['-b', 'model'], rootDir);
  if (hasScript(join(rootDir, 'functions', 'package.json'), 'build')) {
    await runToCompletion('npm', ['run', 'build', '-w', 'functions', '--silent'], rootDir);
  }
}

/** The repo's rules files, enforced and reloaded on every edit (a broken edit keeps the previous rules). */
function rulesFiles(rootDir: string): { firestore?: string; storage?: string } {
  const path = (file: string): string | undefined => (existsSync(join(rootDir, file)) ? join(rootDir, file) : undefined);
  const firestore = path('firestore.rules');
  const storage = path('storage.rules');
  return { ...(firestore ? { firestore } : {}), ...(storage ? { storage } : {}) };
}

function webEnvironment(ports: ReturnType<typeof portsFromFirebaseJson>): Record<string, string> {
  return {
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
  };
}

async function seedIfEmpty(seedFestival: SeedFestival, projectId: string): Promise<void> {
  const report = await seedFestival({ projectId, onlyIfEmpty: true });
  if (report.skipped) {
    console.log(`[encore] seed: ${report.notes.join('; ')}`);
    return;
  }
  console.log(
    `[encore] seeded ${report.festivalId}: ${report.stages} stages, ${report.artists} artists, ` +
      `${report.performances.created} performances, ${report.accounts.length} accounts, ${report.photosUploaded} photos`,
  );
  for (const note of report.notes) console.log(`[encore]   note: ${note}`);
}

export function printFestival(festival: RunningFestival): void {
  const { stack, auth, web } = festival;
  const rows: Array<[string, string]> = [
    ...(web ? ([['Web app', web.url]] as Array<[string, string]>) : []),
    ['Auth', `http://${auth.host}`],
    ['Firestore', `http://${stack.hosts.firestore}`],
    ['Storage', `http://${stack.hosts.storage}`],
    ['Pub/Sub (gRPC)', stack.hosts.pubsub],
    ...(stack.runner ? ([['Functions', `${stack.runner.url}/${stack.projectId}/${httpRegions(stack.runner)}/{name}`]] as Array<[string, string]>) : []),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const parts = Object.entries(festival.timings).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
  console.log(`\nEncore is running (project ${stack.projectId}), ready in ${(festival.readyMs / 1000).toFixed(1)} s (${parts.join(', ')})\n`);
  for (const [label, url] of rows) console.log(`  ${label.padEnd(width)}  ${url}`);
  console.log('\n  Test accounts:');
  for (const account of festival.testAccounts) console.log(`    ${account.email.padEnd(24)} ${account.password.padEnd(18)} ${account.role ?? 'visitor'}`);
  if (stack.runner) {
    const jobs = stack.runner.functions().filter((fn) => fn.trigger.kind === 'schedule');
    if (jobs.length > 0) console.log(`\n  Scheduled functions (run now with npm run job -- <name>): ${jobs.map((fn) => fn.name).join(', ')}`);
    console.log(`\n  App Check debug token (the web app presents it; ENCORE_APP_CHECK_DEBUG_TOKEN sets it): ${festival.appCheckDebugToken}`);
    if (festival.functionsLog) console.log(`\n  Function calls and logs: one short line each below; in full (JSON lines) in ${festival.functionsLog}`);
  }
  console.log(`\n  Ctrl-C stops everything and saves the state to ${DATA_DIR}/ (npm start -- --fresh starts empty).\n`);
}

/** The regions HTTPS and callable functions are served in, for the printed URL template. */
function httpRegions(runner: NonNullable<Stack['runner']>): string {
  const regions = new Set(
    runner
      .functions()
      .filter((fn) => fn.trigger.kind === 'https' || fn.trigger.kind === 'callable')
      .flatMap((fn) => fn.regions),
  );
  return regions.size === 1 ? [...regions][0]! : '{region}';
}
