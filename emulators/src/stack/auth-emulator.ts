/**
 * The Auth emulator: firebase-tools' own (plain Node, runs offline), in a worker thread of
 * this process (auth-thread.ts) rather than `firebase emulators:start --only auth`. So it
 * shares nothing with any other stack on the machine (the CLI found its export hub through
 * a file named after the project id in the machine-wide temp folder, which another stack
 * of the same project overwrote), it ends with this process, it starts seconds sooner, and
 * its accounts are saved to `{dataDir}/auth` at most a second after each change: a
 * `kill -9` of the whole stack loses at most the last second.
 *
 * SMS second factors are on (staff sign in with one; the thread checks it at every start)
 * and the codes it makes instead of texting reach `onVerificationCode`.
 */
import { join } from 'node:path';
import { hostPort } from './environment.js';
import { siblingModule, startThread } from './thread.js';
import type { AuthThreadData, AuthThreadMessage } from './auth-thread.js';
import type { CodeForPhone } from './verification-codes.js';

/** Saved this long after a change (plus the export's own few milliseconds): well inside the promised second. */
const EXPORT_DELAY_MS = 200;
const STOP_GRACE_MS = 5_000;

export interface AuthEmulatorOptions {
  projectId: string;
  host?: string;
  /** 0 (the default): a port the OS picks. */
  port?: number;
  /** Import `{dataDir}/auth` at start when it holds an export, and keep saving there. */
  dataDir?: string;
  /** Start empty even when `{dataDir}/auth` holds an export (which the first change then replaces). */
  fresh?: boolean;
  /** Aborting ends a start under way at once (the start rejects with the signal's reason). */
  signal?: AbortSignal;
  /** A save that failed, or saved accounts the emulator refused to load (shown, never swallowed); default: printed on stderr. */
  onExportError?: (error: Error) => void;
  /**
   * Told each SMS code the emulator makes (second-factor enrolment and sign-in), as it is
   * made, with the accounts that number signs in as a second factor (none while it is being
   * enrolled): no text is sent locally. `npm start` prints them; the codes are also listed by
   * `npm run mfa-code` (verification-codes.ts).
   */
  onVerificationCode?: (code: CodeForPhone) => void;
}

export interface AuthEmulator {
  /** `host:port`, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  port: number;
  /** Whether the start imported saved accounts. */
  imported: boolean;
  /** Where the accounts are saved, if anywhere. */
  exportDir?: string;
  /** Saves once more and stops; rejects when that last save failed. */
  stop(): Promise<void>;
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  options.signal?.throwIfAborted();
  const host = options.host ?? '127.0.0.1';
  const exportDir = options.dataDir ? join(options.dataDir, 'auth') : undefined;
  const workerData: AuthThreadData = {
    projectId: options.projectId,
    host,
    port: options.port ?? 0,
    ...(exportDir ? { dir: exportDir } : {}),
    fresh: options.fresh ?? false,
    exportDelayMs: EXPORT_DELAY_MS,
    reportCodes: options.onVerificationCode !== undefined,
  };
  const thread = startThread<Extract<AuthThreadMessage, { type: 'ready' }>>('Auth emulator', siblingModule('auth-thread'), { workerData });
  const onExportError = options.onExportError ?? ((error: Error) => console.error(`[encore] Auth: ${error.message}`));
  thread.worker.on('message', (message: AuthThreadMessage) => {
    if (message.type === 'export-failed') onExportError(new Error(`saving the accounts to ${exportDir} failed: ${message.error}`));
    if (message.type === 'verification-code') options.onVerificationCode?.(message.code);
  });
  const abort = (): void => void thread.terminate();
  options.signal?.addEventListener('abort', abort, { once: true });
  let ready: Extract<AuthThreadMessage, { type: 'ready' }>;
  try {
    ready = await thread.ready;
  } catch (error) {
    await thread.terminate();
    throw options.signal?.aborted ? options.signal.reason : error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
  if (ready.rejected.length > 0) {
    const who = ready.rejected.map((account) => `${account.email ?? account.localId ?? '?'} (${account.message})`).join(', ');
    onExportError(new Error(`${ready.rejected.length} saved account(s) could not be loaded and are kept in ${ready.rejectedKeptIn}: ${who}`));
  }
  return {
    host: hostPort(host, ready.port),
    port: ready.port,
    imported: ready.imported,
    ...(exportDir ? { exportDir } : {}),
    stop: () => thread.stop(STOP_GRACE_MS),
  };
}
