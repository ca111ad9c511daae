/**
 * The whole local stack for the browser tests, on free ports: our Firestore, Storage and
 * Pub/Sub emulators and the functions runner (the emulators workspace's `startStack`), the
 * Auth emulator (firebase-tools' own, in a worker thread, on a free port), the
 * seeded festival with its test accounts (or, `empty`, no festival and the local project admin
 * of `npm start -- --empty`), and a production build of the web app pointed at all of that and
 * served by `vite preview`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_ACCOUNTS, ensureLocalAdmin, seedFestival } from '@encore/emulators/seed';
import { chooseStartMode, findFreePort, startAuthEmulator, startStack, type StartMode } from '@encore/emulators/stack';
import { build, preview, type Plugin, type PreviewServer } from 'vite';
import { PLACEHOLDERS, buildOnce, copyForStack, hashOf, sharedWebBuild } from './web-build-cache';

const ROOT = new URL('../../../', import.meta.url).pathname;
const WEB = join(ROOT, 'web');
const PROJECT_ID = 'demo-encore';

export interface LocalStack {
  /** The web app, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The demo's test accounts; none on an empty stack. */
  accounts: typeof TEST_ACCOUNTS;
  /**
   * An empty stack's data folder (what `ENCORE_DATA_DIR` names for `npm start -- --empty`),
   * holding `local-admin.json` as the README says; removed on stop. Undefined for the demo.
   */
  dataDir?: string;
  projectId: string;
  /** `host:port` of each emulator (Auth, Firestore, Storage, the functions runner), for SDK-level tests. */
  hosts: { auth: string; firestore: string; storage: string; functions: string };
  /** An App Check token for `appId`, as the web app gets one (its debug token exchanged at the runner). */
  appCheckToken(appId: string): Promise<{ token: string; expireTimeMillis: number }>;
  /**
   * "Deploys" a new version at the same address: rebuilds the app with new hashes for every
   * app chunk into the served folder, whose old files are removed.
   */
  redeploy(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds the web app for these emulator ports (attesting with this App Check debug token) into `outDir`. `release` > 0 marks every app
 * module, so each app chunk gets a new content hash, as a real deploy of changed code does
 * (library chunks keep theirs).
 */
async function buildWebApp(outDir: string, ports: Record<string, number | string>, appCheckDebugToken: string, release = 0): Promise<void> {
  const marker: Plugin = {
    name: 'encore-test-release',
    transform(code, id) {
      if (release > 0 && /[\\/]web[\\/]src[\\/].*\.tsx?$/.test(id)) return { code: `${code}\n;globalThis['__encoreRelease'] = ${release};\n`, map: null };
      return null;
    },
  };
  await withWebEnv(ports, appCheckDebugToken, () =>
    build({ root: WEB, mode: 'production', logLevel: 'warn', plugins: [marker], build: { outDir, emptyOutDir: true } }),
  );
}

/**
 * Runs `work` with the web app's environment for these ports: what the build bakes in, and
 * what `vite preview` reads for its `/bundles/` proxy to the functions runner.
 */
async function withWebEnv<T>(ports: Record<string, number | string>, appCheckDebugToken: string, work: () => Promise<T>): Promise<T> {
  const env = {
    // vitest runs with NODE_ENV=test, which would make Vite build with development flags.
    NODE_ENV: 'production',
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
    // The app attests itself with App Check at the runner, which the callables enforce.
    VITE_APP_CHECK_DEBUG_TOKEN: appCheckDebugToken,
    // The runner's live cadence below (LIVE_PUBLISH_INTERVAL_SECONDS), which the badge judges delays by.
    VITE_LIVE_PUBLISH_INTERVAL_SECONDS: '2',
  };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * `vite preview` gzips every response the browser accepts gzipped, on the test process's event
 * loop that the emulators share, and the browser inflates it again: on loopback that is only CPU
 * (~0.3 s per fresh context, whose service worker precaches ~150 files). The app's files go out
 * as they are; what the `/bundles/` proxy forwards is left alone. Not for the benches (below).
 */
const uncompressed: Plugin = {
  name: 'encore-test-uncompressed',
  configurePreviewServer(server) {
    // Runs before Vite adds its proxy and compression middleware, so this comes first.
    server.middlewares.use((request, _response, next) => {
      if (!request.url?.startsWith('/bundles/')) delete request.headers['accept-encoding'];
      next();
    });
  },
};

/**
 * Serves the web app for these emulator ports from a temporary folder: a copy of the run's
 * shared build (web-build-cache.ts) with these ports and this token written in.
 */
async function serveWebApp(ports: Record<string, number>, appCheckDebugToken: string): Promise<{ server: PreviewServer; outDir: string }> {
  const shared = await sharedWebBuild(ROOT, (outDir) => buildWebApp(outDir, PLACEHOLDERS, PLACEHOLDERS.appCheckDebugToken));
  const outDir = mkdtempSync(join(tmpdir(), 'encore-web-'));
  copyForStack(shared, outDir, { ports: { auth: ports.auth!, firestore: ports.firestore!, storage: ports.storage!, functions: ports.functions! }, appCheckDebugToken });
  // vite preview reads the folder on every request, so a rebuild into it is served at once.
  const port = await findFreePort();
  // In test runs only: the benches on this stack (Lighthouse's simulated network counts the bytes
  // a response carries) get the app compressed, as hosting serves it.
  const plugins = process.env.VITEST ? [uncompressed] : [];
  const server = await withWebEnv(ports, appCheckDebugToken, () => preview({ root: WEB, logLevel: 'warn', plugins, build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true } }));
  return { server, outDir };
}

const portOf = (hostPort: string) => Number(hostPort.split(':').pop());

/**
 * The functions' deployable build (functions/scripts/build.ts; esbuild works in its own process,
 * so the event loop stays free while the Auth emulator starts), made once for every test file of
 * a run, not once per file: in functions/node_modules/.cache/ (no deploy uploads it), under a hash
 * of its inputs, where Node still resolves the functions' packages. Returns the module's path.
 */
async function sharedFunctionsBuild(): Promise<string> {
  const hash = hashOf(ROOT, ['functions/src', 'functions/scripts', 'model/src'], ['functions/package.json', 'firebase.json', 'package-lock.json']);
  const dir = await buildOnce(join(ROOT, 'functions/node_modules/.cache/encore-test-functions', hash), async (outDir) => {
    const { buildFunctions } = (await import(/* @vite-ignore */ join(ROOT, 'functions/scripts/build.ts'))) as { buildFunctions(outfile: string): Promise<void> };
    await buildFunctions(join(outDir, 'index.js'));
    // Inside node_modules a file's module type is not the functions' ("type": "module") but its own folder's.
    writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  });
  const functionsModule = join(dir, 'index.js');
  if (!existsSync(functionsModule)) throw new Error(`the functions did not build: no ${functionsModule}`);
  return functionsModule;
}

/**
 * The stack, started again on new ports when one of the ports picked turned out taken: they are
 * picked as free before anything binds them (the web app is configured with them first), and
 * with the test files' stacks starting side by side another one can take a port in between
 * (the Auth emulator's `listen EADDRINUSE` ended a full run's browser test file).
 */
export interface LocalStackOptions {
  /**
   * Start as `npm start -- --empty` does: no festival, no demo account, only the local project
   * admin, made by the CLI's own code (start-mode.ts chooses and saves it in a data folder of
   * the stack's own, the seed's `ensureLocalAdmin` makes the account).
   */
  empty?: boolean;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStackOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error)?.message ?? error).includes('EADDRINUSE')) throw error;
      console.warn(`[browser tests] a port was taken while the stack started (${String((error as Error).message)}); starting it again on new ports`);
    }
  }
}

async function startLocalStackOnce({ empty = false }: LocalStackOptions): Promise<LocalStack> {
  const appCheckDebugToken = randomUUID();
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch((error: unknown) => console.error('[browser tests] stop failed:', error));
  };
  try {
    // The Auth emulator spends ~2 s of CPU compiling its API schema in its own thread: it
    // starts on a port chosen now while the functions build and the other emulators start.
    const authHost = `127.0.0.1:${await findFreePort()}`;
    const authStarting = startAuthEmulator({ projectId: PROJECT_ID, port: portOf(authHost) }).then((auth) => {
      stops.push(() => auth.stop());
      return auth;
    });
    const stackStarting = sharedFunctionsBuild().then((functionsModule) =>
      startStack({
        projectId: PROJECT_ID,
        functions: functionsModule,
        functionsDir: join(ROOT, 'functions'),
        ports: 'free',
        authEmulator: authHost,
        rulesFiles: { firestore: join(ROOT, 'firestore.rules'), storage: join(ROOT, 'storage.rules') },
        // Strict index mode: a query of the app or the functions that production would refuse for a missing index fails here first.
        indexes: { path: join(ROOT, 'firestore.indexes.json'), strict: true },
        runner: { schedules: false, env: { DAILY_UPLOAD_QUOTA: '50', REPORT_HIDE_THRESHOLD: '3', LIVE_PUBLISH_INTERVAL_SECONDS: '2' }, log: () => {}, appCheck: { debugTokens: [appCheckDebugToken] } },
      }).then((started) => {
        stops.push(() => started.stop());
        return started;
      }),
    );
    // Both settle before anything is decided, so a failure of one still stops the other.
    const [authResult, stackResult] = await Promise.allSettled([authStarting, stackStarting]);
    if (authResult.status === 'rejected') throw authResult.reason;
    if (stackResult.status === 'rejected') throw stackResult.reason;
    const auth = authResult.value;
    const stack = stackResult.value;
    // The seed (accounts, programme), or the empty start's local admin, goes in while the web app builds.
    const emptyStart = empty ? startEmpty(stops) : undefined;
    const seeding = emptyStart ? ensureLocalAdmin(emptyStart.admin, { projectId: PROJECT_ID }) : seedFestival({ projectId: PROJECT_ID, photos: false });
    const webPorts = {
      auth: portOf(auth.host),
      firestore: portOf(stack.hosts.firestore),
      storage: portOf(stack.hosts.storage),
      functions: stack.hosts.functions ? portOf(stack.hosts.functions) : 5001,
    };
    const [web] = await Promise.all([serveWebApp(webPorts, appCheckDebugToken), seeding]);
    stops.push(async () => {
      await web.server.close();
      rmSync(web.outDir, { recursive: true, force: true });
    });
    let release = 0;
    const redeploy = () => buildWebApp(web.outDir, webPorts, appCheckDebugToken, ++release);
    const runner = stack.runner!;
    const appCheckToken = async (appId: string) => {
      const response = await fetch(runner.appCheckExchangeUrl(appId), { method: 'POST', body: JSON.stringify({ debug_token: appCheckDebugToken }) });
      const { token, ttl } = (await response.json()) as { token: string; ttl: string };
      return { token, expireTimeMillis: Date.now() + Number.parseFloat(ttl) * 1000 };
    };
    return {
      url: web.server.resolvedUrls!.local[0]!.replace(/\/$/, ''),
      accounts: emptyStart ? [] : TEST_ACCOUNTS,
      ...(emptyStart ? { dataDir: emptyStart.dataDir } : {}),
      projectId: PROJECT_ID,
      hosts: { auth: auth.host, firestore: stack.hosts.firestore, storage: stack.hosts.storage, functions: stack.hosts.functions! },
      appCheckToken,
      redeploy,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The choice `npm start -- --empty` makes (cli/main.ts), in a new data folder of this stack's
 * own: the local project admin with a random password, saved in `local-admin.json` there.
 */
function startEmpty(stops: Array<() => Promise<void>>): { dataDir: string; admin: Extract<StartMode, { kind: 'empty' }>['admin'] } {
  const dataDir = mkdtempSync(join(tmpdir(), 'encore-empty-'));
  stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const start = chooseStartMode({ dataDir, empty: true, shownDataDir: dataDir });
  if (start.kind !== 'empty') throw new Error(`a new data folder started --empty chose ${start.kind}`);
  return { dataDir, admin: start.admin };
}
