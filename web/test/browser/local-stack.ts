/**
 * The whole local stack for the browser tests, on free ports: our Firestore, Storage and
 * Pub/Sub emulators and the functions runner (the emulators workspace's `startStack`), the
 * Auth emulator (firebase-tools, with a throw-away config so its ports are free too), the
 * seeded festival with its test accounts, and a production build of the web app pointed at
 * all of that and served by `vite preview`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, preview, type PreviewServer } from 'vite';

const ROOT = new URL('../../../', import.meta.url).pathname;
const WEB = join(ROOT, 'web');
const PROJECT_ID = 'demo-encore';

/** The parts of the emulators workspace's stack API these tests use (it is built to emulators/dist). */
interface Stack {
  hosts: { firestore: string; storage: string; functions?: string };
  stop(): Promise<void>;
}
interface StackModule {
  startStack(options: {
    projectId: string;
    functions: string;
    functionsDir: string;
    ports: 'free';
    authEmulator: string;
    rules: { firestore?: string; storage?: string };
    runner: { schedules: boolean; env: Record<string, string>; log: () => void };
  }): Promise<Stack>;
}
interface SeedModule {
  seedFestival(options: { projectId: string; photos: boolean }): Promise<{ accounts: Array<{ email: string; uid: string; role: string }> }>;
  TEST_ACCOUNTS: Array<{ email: string; password: string; role?: string }>;
}

export interface LocalStack {
  /** The web app, e.g. http://127.0.0.1:41234 */
  url: string;
  accounts: SeedModule['TEST_ACCOUNTS'];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode} before answering`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** firebase-tools' Auth emulator (plain Node) with every port it opens chosen free. */
async function startAuthEmulator(): Promise<{ host: string; stop(): Promise<void> }> {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const configDir = mkdtempSync(join(tmpdir(), 'encore-auth-'));
  const emulator = (port: number) => ({ host: '127.0.0.1', port });
  writeFileSync(
    join(configDir, 'firebase.json'),
    JSON.stringify({ emulators: { auth: emulator(auth), hub: emulator(hub), logging: emulator(logging), ui: { enabled: false } } }),
  );
  const child = spawn(join(ROOT, 'node_modules/.bin/firebase'), ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', join(configDir, 'firebase.json')], {
    cwd: configDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    stdio: 'ignore',
  });
  const host = `127.0.0.1:${auth}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(configDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`http://${host}/`, 90_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, stop };
}

/** Builds the web app for these emulator ports into a temporary folder and serves it. */
async function serveWebApp(ports: Record<string, number>): Promise<{ server: PreviewServer; outDir: string }> {
  const outDir = mkdtempSync(join(tmpdir(), 'encore-web-'));
  const env = {
    // vitest runs with NODE_ENV=test, which would make Vite build with development flags.
    NODE_ENV: 'production',
    VITE_AUTH_EMULATOR_PORT: String(ports.auth),
    VITE_FIRESTORE_EMULATOR_PORT: String(ports.firestore),
    VITE_STORAGE_EMULATOR_PORT: String(ports.storage),
    VITE_FUNCTIONS_EMULATOR_PORT: String(ports.functions),
  };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    await build({ root: WEB, mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  const server = await preview({ root: WEB, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: await freePort(), strictPort: true } });
  return { server, outDir };
}

const portOf = (hostPort: string) => Number(hostPort.split(':').pop());

export async function startLocalStack(): Promise<LocalStack> {
  const functionsModule = join(ROOT, 'functions/lib/index.js');
  const built = spawnSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0 || !existsSync(functionsModule)) throw new Error('the functions did not build');
  const stackModule = (await import(pathToFileURL(join(ROOT, 'emulators/dist/stack/index.js')).href)) as StackModule;
  const seedModule = (await import(pathToFileURL(join(ROOT, 'emulators/dist/seed/index.js')).href)) as SeedModule;

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch((error: unknown) => console.error('[browser tests] stop failed:', error));
  };
  try {
    const auth = await startAuthEmulator();
    stops.push(auth.stop);
    const rules = (file: string) => (existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : undefined);
    const stack = await stackModule.startStack({
      projectId: PROJECT_ID,
      functions: functionsModule,
      functionsDir: join(ROOT, 'functions'),
      ports: 'free',
      authEmulator: auth.host,
      rules: { ...(rules('firestore.rules') ? { firestore: rules('firestore.rules') } : {}), ...(rules('storage.rules') ? { storage: rules('storage.rules') } : {}) },
      // The runner does not apply firebase-functions param defaults, so the quota is set here.
      runner: { schedules: false, env: { DAILY_UPLOAD_QUOTA: '50', REPORT_HIDE_THRESHOLD: '3' }, log: () => {} },
    });
    stops.push(() => stack.stop());
    await seedModule.seedFestival({ projectId: PROJECT_ID, photos: false });
    const web = await serveWebApp({
      auth: portOf(auth.host),
      firestore: portOf(stack.hosts.firestore),
      storage: portOf(stack.hosts.storage),
      functions: stack.hosts.functions ? portOf(stack.hosts.functions) : 5001,
    });
    stops.push(async () => {
      await web.server.close();
      rmSync(web.outDir, { recursive: true, force: true });
    });
    return { url: web.server.resolvedUrls!.local[0]!.replace(/\/$/, ''), accounts: seedModule.TEST_ACCOUNTS, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
