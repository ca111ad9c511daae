/**
 * The web app's dev server for `npm start`: Vite in a worker thread of this process (see
 * thread.ts for why a thread), on `port`, with the web app pointed at the emulators through
 * `env` (VITE_*_EMULATOR_PORT). Only when the repo has a web workspace with a `dev` script.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siblingModule, startThread } from './thread.js';
import type { WebThreadData, WebThreadMessage } from './web-thread.js';

const STOP_GRACE_MS = 3_000;

export interface WebDevServer {
  url: string;
  stop(): Promise<void>;
}

export interface WebDevServerOptions {
  rootDir: string;
  port: number;
  env: Record<string, string>;
  /** Aborting ends a start under way at once. */
  signal?: AbortSignal;
}

export async function startWebDevServer(options: WebDevServerOptions): Promise<WebDevServer | null> {
  options.signal?.throwIfAborted();
  const webDir = join(options.rootDir, 'web');
  if (!hasScript(join(webDir, 'package.json'), 'dev')) return null;
  // The emulators and functions talk to 127.0.0.1; the app is served from the same host so the browser treats every local origin alike.
  const workerData: WebThreadData = { webDir, host: '127.0.0.1', port: options.port };
  const thread = startThread<Extract<WebThreadMessage, { type: 'ready' }>>('web dev server', siblingModule('web-thread'), {
    workerData,
    env: { ...process.env, ...options.env },
  });
  const abort = (): void => void thread.terminate();
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const { url } = await thread.ready;
    return { url, stop: () => thread.stop(STOP_GRACE_MS) };
  } catch (error) {
    await thread.terminate();
    throw options.signal?.aborted ? options.signal.reason : error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}

export function hasScript(packageJsonPath: string, script: string): boolean {
  if (!existsSync(packageJsonPath)) return false;
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { scripts?: Record<string, string> };
  return typeof manifest.scripts?.[script] === 'string';
}
