/**
 * Runs a stack with a data folder in a child process (stack-child.ts) in its own process
 * group, so a test can `kill -9` it mid-burst and start another on the same folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { StackOptions } from '../../src/stack/stack.js';

const CHILD = fileURLToPath(new URL('./stack-child.ts', import.meta.url));

export interface ChildStack {
  pid: number;
  hosts: { firestore: string; storage: string; pubsub: string };
  projectId: string;
  /** Everything the child wrote to stderr so far (start-up reports land here). */
  stderr(): string;
  /** Resident memory of the child now, and its peak since `resetPeakMemory`, in bytes (Linux /proc). */
  memory(): { rss: number; peak: number };
  /** Makes the peak the current RSS (Linux: `echo 5 > /proc/<pid>/clear_refs`). */
  resetPeakMemory(): void;
  /** SIGKILL to the whole process group: the crash. Resolves once the child is gone. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop. */
  stop(): Promise<void>;
}

export async function startChildStack(options: Pick<StackOptions, 'dataDir' | 'projectId' | 'rules' | 'journal'>): Promise<ChildStack> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(options)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: '', STORAGE_EMULATOR_HOST: '', FIREBASE_STORAGE_EMULATOR_HOST: '' },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ firestore: string; storage: string; pubsub: string; projectId: string }>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('{"ready"'));
      if (line) resolve((JSON.parse(line) as { ready: { firestore: string; storage: string; pubsub: string; projectId: string } }).ready);
    });
    child.once('exit', (code) => reject(new Error(`The stack child exited (${code}) before it was ready:\n${stderr}`)));
  });
  const pid = child.pid!;
  const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
  const kibibytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status())![1]) * 1024;
  return {
    pid,
    hosts: { firestore: ready.firestore, storage: ready.storage, pubsub: ready.pubsub },
    projectId: ready.projectId,
    stderr: () => stderr,
    memory: () => ({ rss: kibibytes('VmRSS'), peak: kibibytes('VmHWM') }),
    resetPeakMemory: () => writeClearRefs(pid),
    async kill() {
      signalGroup(child, 'SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

function writeClearRefs(pid: number): void {
  // `5` resets the peak resident set size (VmHWM) to the current one.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/**
 * Runs every writer in a loop until the kill has started (`kill()` returns its promise, or
 * undefined before it), then waits for the kill to finish. A writer's last write fails or
 * never answers once the child is gone: it ends the loop and is not awaited.
 */
export async function writeUntilKilled(writers: ReadonlyArray<() => Promise<unknown>>, kill: () => Promise<void> | undefined): Promise<void> {
  await new Promise<void>((resolve) => {
    for (const write of writers) {
      void (async () => {
        while (kill() === undefined) {
          try {
            await write();
          } catch {
            break;
          }
        }
      })();
    }
    const waitForKill = setInterval(() => {
      if (kill() !== undefined) {
        clearInterval(waitForKill);
        resolve();
      }
    }, 5);
  });
  await kill();
}
