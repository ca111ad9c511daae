/**
 * `npm start` from a warm clone (node_modules installed, started once before): time to
 * ready (from the command to the banner: the functions build, Auth, the backend, the web dev
 * server and the seed's programme and accounts) and the clean stop time (Ctrl-C to exit, all
 * state saved). Targets: ready under 10 s on 2 cores, stop under 5 s. Then recovery: the
 * whole process group killed with SIGKILL once ready, and the time the next start takes to
 * be ready again on what the crash left (journals replayed, Auth's last save imported).
 *
 * Side by side in the same run, the part that used to dominate start-up: the Auth emulator
 * as the Firebase CLI starts it (`firebase emulators:start --only auth`, what `npm start`
 * ran before) against firebase-tools' same emulator in our worker thread.
 *
 * Runs on free ports (ENCORE_PORTS=free) with its own data folder, so it never touches
 * `.encore-data/` nor a stack running on the fixed ports.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '../src/stack/auth-emulator.js';
import { findFreePort } from '../src/stack/free-port.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'encore-bench-start-'));

interface Run {
  readyMs: number;
  /** What the CLI itself printed: "ready in 7.9 s (build 0.6 s, ...)". */
  banner: string;
  stopMs: number;
  exitCode: number | null;
}

/**
 * `npm start` (through npm, as a person types it), timed from the command to the banner and
 * from Ctrl-C to the exit; or, with `crash`, killed (its whole process group, SIGKILL) once ready.
 */
function npmStart(args: string[], { crash = false } = {}): Promise<Run> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent', ...(args.length > 0 ? ['--', ...args] : [])], {
    cwd: ROOT,
    env: { ...process.env, ENCORE_PORTS: 'free', ENCORE_DATA_DIR: dataDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: crash,
  });
  return new Promise((resolve, reject) => {
    let readyMs = 0;
    let banner = '';
    let stopping = 0;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('Encore is running')) banner = line;
      if (line.includes('Ctrl-C stops everything') && readyMs === 0) {
        readyMs = performance.now() - started;
        stopping = performance.now();
        if (crash) process.kill(-child.pid!, 'SIGKILL');
        else child.kill('SIGINT');
      }
    });
    child.once('exit', (exitCode) => {
      if (readyMs === 0) reject(new Error(`npm start exited (${exitCode}) before it was ready`));
      else resolve({ readyMs, banner, stopMs: performance.now() - stopping, exitCode });
    });
  });
}

/** The Auth emulator as the Firebase CLI runs it, with a config of its own: timed to "All emulators ready", then stopped. */
async function authThroughCli(): Promise<number> {
  const configDir = mkdtempSync(join(tmpdir(), 'encore-bench-cli-'));
  const host = '127.0.0.1';
  writeFileSync(
    join(configDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host, port: await findFreePort() },
        hub: { host, port: await findFreePort() },
        logging: { host, port: await findFreePort() },
        ui: { enabled: false },
      },
    }),
  );
  const started = performance.now();
  const child = spawn(join(ROOT, 'node_modules', '.bin', 'firebase'), ['--config', join(configDir, 'firebase.json'), 'emulators:start', '--only', 'auth', '--project', 'demo-bench'], {
    cwd: configDir,
    // Its own temp folder: the CLI keeps its hub file there.
    env: { ...process.env, TMPDIR: configDir, NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => line.includes('All emulators ready') && resolve());
      child.once('exit', (code) => reject(new Error(`firebase emulators:start exited (${code})`)));
    });
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    rmSync(configDir, { recursive: true, force: true });
  }
}

async function authInThread(): Promise<number> {
  const started = performance.now();
  const auth = await startAuthEmulator({ projectId: 'demo-bench' });
  const ms = performance.now() - started;
  await auth.stop();
  return ms;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

try {
  // Warm: the first start builds the functions, fills Vite's dependency cache and seeds the data folder.
  const first = await npmStart(['--fresh']);
  console.log(`first start (cold data, --fresh):  ready ${seconds(first.readyMs)}, stop ${seconds(first.stopMs)}`);
  const warm = await npmStart([]);
  console.log(`npm start, warm clone:             ready ${seconds(warm.readyMs)} (target < 10 s, ${(warm.readyMs / 10_000).toFixed(2)}x of it)`);
  console.log(`                                   ${warm.banner.replace(/^Encore is running \(project [^)]+\), /, '')}`);
  console.log(`clean stop (Ctrl-C to exit):       ${seconds(warm.stopMs)} (target < 5 s, ${(warm.stopMs / 5_000).toFixed(2)}x of it), exit code ${warm.exitCode}`);

  await npmStart([], { crash: true });
  const recovered = await npmStart([]);
  console.log(`recovery after kill -9 (ready again): ${seconds(recovered.readyMs)} (${(recovered.readyMs / warm.readyMs).toFixed(2)}x of a warm start after a clean stop)`);

  const cli = await authThroughCli();
  const thread = await authInThread();
  console.log(`Auth emulator to ready: Firebase CLI ${seconds(cli)}, our worker thread ${seconds(thread)} (${(cli / thread).toFixed(2)}x faster)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
