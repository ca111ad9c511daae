import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { LocalStack } from './local-stack';
import { READY } from './stack-ready';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface StackProcess {
  url: string;
  hosts: LocalStack['hosts'];
  /** The stack's process group: `kill -STOP` / `kill -CONT` of it stall and resume the whole backend. */
  pgid: number;
  stall(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** Starts stack-process.ts as a process group leader and waits for its first line. */
export async function startStackProcess(): Promise<StackProcess> {
  // The child is no vitest worker: its stack serves the app as `npm start` would.
  const env = { ...process.env };
  delete env.VITEST;
  delete env.NODE_ENV;
  const child: ChildProcess = spawn(process.execPath, ['--conditions=encore-source', '--import', 'tsx', 'web/test/browser/stack-process.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  const pgid = child.pid!;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => process.kill(-pgid, name);
  const ready = await new Promise<{ url: string; hosts: LocalStack['hosts'] }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the stack process was not ready within 4 minutes')), 240_000);
    child.once('exit', () => clearTimeout(timer));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith(READY)) clearTimeout(timer);
      if (line.startsWith(READY)) resolve(JSON.parse(line.slice(READY.length)) as { url: string; hosts: LocalStack['hosts'] });
      else process.stdout.write(`[stack] ${line}\n`);
    });
    child.once('exit', (code) => reject(new Error(`the stack process ended (${code}) before it was ready`)));
  }).catch((error: unknown) => {
    // Nothing of it outlives a failed start.
    if (child.exitCode === null) signal('SIGKILL');
    throw error;
  });
  return {
    ...ready,
    pgid,
    stall: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    async stop() {
      signal('SIGCONT');
      child.kill('SIGTERM');
      const timeout = setTimeout(() => signal('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
