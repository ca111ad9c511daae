/**
 * Parts of `npm start` that run in worker threads of the CLI process (the Auth emulator,
 * the web dev server) rather than in child processes: a thread ends with the process, so
 * nothing can outlive the CLI, not even after a `kill -9`; `terminate()` stops it at once,
 * whatever it is doing (the Auth emulator spends ~2 s of CPU compiling its API schema at
 * start); and its CPU work does not stall the emulators' event loop on the main thread.
 *
 * Each thread speaks a tiny protocol: it posts `{ type: 'ready', ... }` once up, or
 * `{ type: 'failed', error }`; the main thread posts `{ type: 'stop' }` and the thread
 * answers `{ type: 'stopped', error? }`. Anything else is the thread's own business.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface ThreadMessage {
  type: string;
  error?: string;
  [field: string]: unknown;
}

export interface Thread<Ready extends ThreadMessage> {
  worker: Worker;
  /** The thread's `ready` message. */
  ready: Promise<Ready>;
  /** Asks the thread to stop cleanly; resolves on its `stopped` answer, rejects on its error (or after `graceMs`). Ends the thread either way. */
  stop(graceMs: number): Promise<void>;
  /** Ends the thread now, without a word. */
  terminate(): Promise<void>;
}

/** `name`.ts or `name`.js beside this file, whichever this file is (sources under tsx/vitest, or the build). */
export function siblingModule(name: string): URL {
  return new URL(`./${name}.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url);
}

/**
 * Starts `entry` (a module URL beside the caller) as a worker thread. Under tsx or vitest the
 * entry is TypeScript, which a worker cannot load by itself: it first registers tsx's loader.
 */
export function startThread<Ready extends ThreadMessage>(name: string, entry: URL, options: { workerData?: unknown; env?: NodeJS.ProcessEnv } = {}): Thread<Ready> {
  const worker = entry.pathname.endsWith('.ts')
    ? new Worker(new URL('./thread-entry.mjs', import.meta.url), {
        argv: [import.meta.resolve('tsx/esm/api'), entry.href],
        workerData: options.workerData,
        env: options.env ?? process.env,
      })
    : new Worker(fileURLToPath(entry), { workerData: options.workerData, env: options.env ?? process.env });
  let exited = false;
  const exit = new Promise<void>((resolve) => worker.once('exit', () => ((exited = true), resolve())));
  const ready = new Promise<Ready>((resolve, reject) => {
    const onMessage = (message: ThreadMessage): void => {
      if (message.type === 'ready') resolve(message as Ready);
      else if (message.type === 'failed') reject(new Error(`${name}: ${message.error ?? 'failed to start'}`));
      else return;
      worker.off('message', onMessage);
    };
    worker.on('message', onMessage);
    worker.once('error', (error) => reject(new Error(`${name}: ${error.message}`, { cause: error })));
    void exit.then(() => reject(new Error(`${name} ended before it was ready`)));
  });
  // A failure to start surfaces where `ready` is awaited; this keeps Node from reporting it early.
  ready.catch(() => {});

  const terminate = async (): Promise<void> => {
    if (!exited) await worker.terminate();
  };
  return {
    worker,
    ready,
    terminate,
    async stop(graceMs) {
      if (exited) return;
      const answer = new Promise<ThreadMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not stop within ${graceMs / 1000} s`)), graceMs);
        const onMessage = (message: ThreadMessage): void => {
          if (message.type !== 'stopped') return;
          clearTimeout(timer);
          worker.off('message', onMessage);
          resolve(message);
        };
        worker.on('message', onMessage);
        void exit.then(() => {
          clearTimeout(timer);
          reject(new Error(`${name} ended before it had stopped cleanly`));
        });
      });
      worker.postMessage({ type: 'stop' });
      try {
        const { error } = await answer;
        if (error) throw new Error(`${name}: ${error}`);
      } finally {
        await terminate();
      }
    },
  };
}
