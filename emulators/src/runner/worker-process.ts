/**
 * Starting and stopping the functions worker child, handing it events over its IPC channel,
 * and counting its in-flight calls so a reload can let them finish before the old child
 * goes away.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RawEndpoint } from './definitions.js';
import { readChildOutput, TAG_OUTPUT_ENV, type WorkerOutput } from './worker-output.js';
import { batchPerTurn, type EventOutcome, type RunnerMessage, type WorkerMessage } from './worker-protocol.js';

const LOAD_TIMEOUT_MS = 30_000;
/** A reload lets the old child's calls finish for this long. */
const DRAIN_TIMEOUT_MS = 10_000;

export class WorkerLoadError extends Error {
  override name = 'WorkerLoadError';
}

export interface WorkerHandle {
  baseUrl: string;
  endpoints: Record<string, RawEndpoint>;
  /** The Node the functions run on, as the child reports it (`process.version`). */
  nodeVersion: string;
  /**
   * Runs CloudEvent `event` through function `name` over the IPC channel; resolves with its
   * outcome, rejects if the worker cannot be reached or exits before answering (the event's
   * attempt then failed, and is retried as any failure). Count it with `track`.
   */
  callEvent(name: string, event: object): Promise<EventOutcome>;
  /** Runs a call against this worker, counted so `stop` can drain it. */
  track<T>(call: () => Promise<T>): Promise<T>;
  /** Waits for in-flight calls (at most `drainMs`, 10 s by default), then ends the child. */
  stop(drainMs?: number): Promise<void>;
}

export interface WorkerOptions {
  modulePath: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Called when the child exits on its own after loading (a function called process.exit, or it crashed). */
  onCrash: (code: number | null) => void;
  /** With it, what the functions print goes there, attributed to its call; without, to this process's stdout/stderr. */
  output?: WorkerOutput;
  /** The Node binary to run the child on (node-binary.ts); this process's by default. */
  execPath?: string;
}

export async function startWorker({ modulePath, env, cwd, onCrash, output, execPath }: WorkerOptions): Promise<WorkerHandle> {
  const child = fork(workerEntry(), [], {
    cwd,
    env: { ...env, ENCORE_FUNCTIONS_MODULE: modulePath, ...(output ? { [TAG_OUTPUT_ENV]: '1' } : {}) },
    ...(execPath ? { execPath } : {}),
    execArgv: needsTypeScriptLoader(modulePath) ? ['--import', import.meta.resolve('tsx')] : [],
    stdio: ['ignore', output ? 'pipe' : 'inherit', output ? 'pipe' : 'inherit', 'ipc'],
    // A process group of its own: a Ctrl-C in the terminal reaches the runner's process, which
    // stops this child itself (draining calls); the child still ends when the runner's process
    // does, however it ends, as it exits when its IPC channel closes (worker.ts).
    detached: true,
  });
  if (output) readChildOutput(child, output);
  const ready = await waitForReady(child);
  let stopping = false;
  const events = new EventCalls(child);
  child.once('exit', (code) => {
    events.failAll(new Error(`the functions worker exited (code ${code}) during the call`));
    if (!stopping) onCrash(code);
  });
  let inFlight = 0;
  let drained: (() => void) | undefined;
  return {
    baseUrl: `http://127.0.0.1:${ready.port}`,
    endpoints: ready.endpoints,
    nodeVersion: ready.node,
    callEvent: (name, event) => events.call(name, event),
    async track(call) {
      inFlight++;
      try {
        return await call();
      } finally {
        inFlight--;
        if (inFlight === 0) drained?.();
      }
    },
    async stop(drainMs = DRAIN_TIMEOUT_MS) {
      stopping = true;
      if (inFlight > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise((resolve) => setTimeout(resolve, drainMs).unref()),
        ]);
      }
      await endChild(child);
    },
  };
}

/** Event calls in flight over the child's IPC channel, by call number. */
class EventCalls {
  private readonly pending = new Map<number, { resolve: (outcome: EventOutcome) => void; reject: (error: Error) => void }>();
  private nextCall = 1;
  private exited = false;
  private readonly send = batchPerTurn<RunnerMessage['events'][number]>((events) => this.sendBatch(events));

  constructor(private readonly child: ChildProcess) {
    child.on('message', (message: WorkerMessage) => {
      if (message.type !== 'event-outcomes') return;
      for (const { call, ...outcome } of message.outcomes) {
        this.pending.get(call)?.resolve(outcome);
        this.pending.delete(call);
      }
    });
  }

  call(name: string, event: object): Promise<EventOutcome> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new Error('the functions worker is gone'));
      const call = this.nextCall++;
      this.pending.set(call, { resolve, reject });
      this.send({ call, name, event });
    });
  }

  /** The child exited: every call waiting fails, and so does every later one. */
  failAll(error: Error): void {
    this.exited = true;
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }

  private sendBatch(events: RunnerMessage['events']): void {
    const fail = (error: Error): void => {
      for (const { call } of events) {
        this.pending.get(call)?.reject(error);
        this.pending.delete(call);
      }
    };
    if (this.exited || !this.child.connected) return fail(new Error('the functions worker is gone'));
    const message: RunnerMessage = { type: 'events', events };
    this.child.send(message, (error) => {
      if (error) fail(error);
    });
  }
}

/** The compiled worker beside this file; under tsx/vitest (sources), the .ts one through the tsx loader. */
function workerEntry(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return fileURLToPath(new URL(`./worker.${extension}`, import.meta.url));
}

function needsTypeScriptLoader(modulePath: string): boolean {
  return import.meta.url.endsWith('.ts') || /\.[cm]?ts$/.test(modulePath);
}

function waitForReady(child: ChildProcess): Promise<Extract<WorkerMessage, { type: 'ready' }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      fail(new WorkerLoadError(`functions worker did not load within ${LOAD_TIMEOUT_MS / 1000} s`));
      child.kill('SIGKILL');
    }, LOAD_TIMEOUT_MS);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.off('message', onMessage);
      reject(error);
    };
    const onMessage = (message: WorkerMessage): void => {
      if (message.type === 'failed') return fail(new WorkerLoadError(`functions failed to load: ${message.error}`));
      if (message.type !== 'ready') return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null): void => fail(new WorkerLoadError(`functions worker exited (code ${code}) before loading`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function endChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}
