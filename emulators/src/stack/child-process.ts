/**
 * Helper processes of `npm start` (the Firebase CLI's Auth emulator, the web dev server).
 * Each runs in its own process group, so Ctrl-C reaches only us and we stop them in order,
 * and stopping one ends the whole group it started (npm -> vite), by its id.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Helper {
  name: string;
  child: ChildProcess;
  /** Signals the group, waits for the exit (force-kills after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export function spawnHelper(name: string, command: string, args: string[], options: SpawnOptions): Helper {
  const child = spawn(command, args, { ...options, detached: true });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    name,
    child,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      signalGroup(child.pid, signal);
      const timer = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Polls `url` until it answers (any status below 500), or throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, helper?: Helper): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (helper && helper.child.exitCode !== null) throw new Error(`${helper.name} exited with code ${helper.child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * Waits until a helper prints `pattern` on its standard output (which must be piped), or
 * throws after `timeoutMs` or when it exits first. The output keeps being drained after.
 */
export function waitForOutput(helper: Helper, pattern: RegExp, timeoutMs: number): Promise<void> {
  const { stdout } = helper.child;
  if (!stdout) return Promise.reject(new Error(`${helper.name}: standard output is not piped`));
  return new Promise((resolve, reject) => {
    let seen = '';
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      stdout.off('data', onData);
      helper.child.off('exit', onExit);
      stdout.resume(); // keep draining, or the child blocks on a full pipe
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer): void => {
      // Keep a tail only: the pattern is short, the CLI's banner is not.
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (pattern.test(seen)) finish();
    };
    const onExit = (code: number | null): void => finish(new Error(`${helper.name} exited with code ${code} before it was ready`));
    const timer = setTimeout(() => finish(new Error(`${helper.name} was not ready within ${timeoutMs / 1000} s`)), timeoutMs);
    stdout.on('data', onData);
    helper.child.once('exit', onExit);
  });
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function runToCompletion(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}
