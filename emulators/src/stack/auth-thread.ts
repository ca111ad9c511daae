/**
 * The Auth emulator's thread (started by auth-emulator.ts): firebase-tools' own Auth
 * emulator app (`lib/emulator/auth/server.js` `createApp`, unmodified; no hub, no CLI, no
 * temp folder shared with anything), served on our port, with its state saved to
 * `{dataDir}/auth` at most a second after every change and once more on a clean stop.
 *
 * Changes are seen at the door: every request that is not a read (GET, HEAD, OPTIONS) may
 * have changed an account, a claim, an MFA enrolment or the config, so once it is answered
 * an export is scheduled. Saving too often costs a few milliseconds; saving too rarely
 * would lose accounts.
 *
 * SMS second factors (staff must sign in with one): this emulator has them switched on for
 * its project whatever the config says (state.js, `AgentProjectState.mfaConfig` is always
 * `{ state: 'ENABLED', enabledProviders: ['PHONE_SMS'] }`; the config endpoints cannot
 * change it). Every start checks that is still so, and fails saying why if a firebase-tools
 * release changed it. The codes it makes instead of texting are posted to the main thread
 * as they are made (`verification-code`), for `npm start` to print.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { authImportDir, exportAuthState, importAuthState, type ImportResult } from './auth-export.js';
import { skipAuthSchemaSelfChecks } from './auth-schema-compile.js';
import { accountsByPhone, listVerificationCodes, type CodeForPhone } from './verification-codes.js';

export interface AuthThreadData {
  projectId: string;
  host: string;
  port: number;
  /** Import from and export to here; none: accounts live in memory only. */
  dir?: string;
  fresh: boolean;
  /** How long after a change its export starts (the export itself takes milliseconds). */
  exportDelayMs: number;
  /** Post each SMS code the emulator makes (`verification-code`). */
  reportCodes: boolean;
}

/** Thread -> main thread. */
export type AuthThreadMessage =
  | { type: 'ready'; port: number; imported: boolean; rejected: ImportResult['rejected']; rejectedKeptIn?: string }
  | { type: 'failed'; error: string }
  | { type: 'exported'; accounts: number }
  | { type: 'export-failed'; error: string }
  | { type: 'verification-code'; code: CodeForPhone }
  | { type: 'stopped'; error?: string };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The calls that make an SMS code: second-factor enrolment and sign-in. */
const MAKES_A_CODE = /\/accounts\/mfa(?:Enrollment|SignIn):start$/;

const require = createRequire(import.meta.url);
const port = parentPort!;
const data = workerData as AuthThreadData;
const post = (message: AuthThreadMessage): void => port.postMessage(message);

interface AuthServerModule {
  createApp(projectId: string, singleProjectMode: number): Promise<RequestListener>;
}

/**
 * Exports one at a time, `delayMs` after the first change it has not saved yet; a change
 * during an export schedules another one after it. A failed automatic export goes to
 * `onError` (the next change tries again); the stop's `flush` throws it.
 */
function exporter(save: () => Promise<void>, delayMs: number, onError: (error: Error) => void) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let dirty = false;
  const run = (): void => {
    timer = undefined;
    dirty = false;
    running = save()
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        running = undefined;
        if (dirty) changed();
      });
  };
  const changed = (): void => {
    dirty = true;
    if (timer || running) return;
    timer = setTimeout(run, delayMs);
  };
  return {
    changed,
    /** Saves now (after any export under way), whatever changed: the clean stop's export. */
    async flush(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      await running;
      dirty = false;
      await save();
    },
  };
}

/**
 * Fails unless the emulator takes SMS second factors: a sign-in start without its pending
 * credential is refused for that (MISSING_MFA_PENDING_CREDENTIAL) only once SMS MFA is on;
 * with it off the refusal is OPERATION_NOT_ALLOWED. Nothing is created either way.
 */
async function assertSmsSecondFactors(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start?key=encore-start-check`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mfaEnrollmentId: 'encore-start-check' }),
  });
  const answer = await response.text();
  if (!answer.includes('MISSING_MFA_PENDING_CREDENTIAL')) {
    const version = (require('firebase-tools/package.json') as { version: string }).version;
    throw new Error(
      `firebase-tools ${version}'s Auth emulator does not take SMS second factors as Encore expects (staff sign in with one): ` +
        `a check answered ${response.status} ${answer.slice(0, 200)}. See emulators/src/stack/auth-thread.ts.`,
    );
  }
}

/** Posts each code the emulator makes, once, after the request that made it, with the accounts its number signs in. */
function codeReporter(baseUrl: string, projectId: string) {
  const reported = new Set<string>();
  let running = Promise.resolve();
  return (): void => {
    running = running.then(async () => {
      try {
        const made = (await listVerificationCodes(baseUrl, projectId)).filter((code) => !reported.has(code.sessionInfo));
        if (made.length === 0) return;
        // Which accounts each number signs in (none yet while a number is being enrolled).
        const accounts = await accountsByPhone(baseUrl, projectId).catch(() => new Map<string, string[]>());
        for (const code of made) {
          reported.add(code.sessionInfo);
          post({ type: 'verification-code', code: { ...code, accounts: accounts.get(code.phoneNumber) ?? [] } });
        }
      } catch {
        // The code is still listed for `npm run mfa-code`; the console line is a convenience.
      }
    });
  };
}

async function main(): Promise<void> {
  skipAuthSchemaSelfChecks();
  const { createApp } = require('firebase-tools/lib/emulator/auth/server.js') as AuthServerModule;
  // Single-project mode, silently (SingleProjectMode.NO_WARNING): Encore's SDKs always name the project they run as.
  const app = await createApp(data.projectId, 0);
  let onChange = (): void => {};
  let onCodeMade = (): void => {};
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!READS.has(request.method ?? 'GET')) response.once('finish', () => onChange());
    if (request.method === 'POST' && MAKES_A_CODE.test(new URL(request.url ?? '/', 'http://auth').pathname)) {
      response.once('finish', () => response.statusCode === 200 && onCodeMade());
    }
    app(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(data.port, data.host, () => resolve());
  });
  const boundPort = (server.address() as AddressInfo).port;
  const baseUrl = `http://${data.host.includes(':') ? `[${data.host}]` : data.host}:${boundPort}`;

  await assertSmsSecondFactors(baseUrl);
  if (data.reportCodes) onCodeMade = codeReporter(baseUrl, data.projectId);

  const importDir = data.dir && !data.fresh ? authImportDir(data.dir) : undefined;
  const imported = importDir ? await importAuthState(baseUrl, data.projectId, data.dir!, importDir) : undefined;

  const dir = data.dir;
  const exports = dir
    ? exporter(
        async () => {
          const { accounts } = await exportAuthState(baseUrl, data.projectId, dir);
          post({ type: 'exported', accounts });
        },
        data.exportDelayMs,
        (error) => post({ type: 'export-failed', error: error.message }),
      )
    : undefined;
  // Tracking starts after the import: the import's own writes change nothing worth saving.
  if (exports) onChange = exports.changed;

  port.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    void (async () => {
      let error: string | undefined;
      try {
        await exports?.flush();
      } catch (failure) {
        error = `saving the accounts to ${dir} failed: ${(failure as Error).message}`;
      }
      server.close();
      server.closeAllConnections();
      post(error ? { type: 'stopped', error } : { type: 'stopped' });
    })();
  });
  post({
    type: 'ready',
    port: boundPort,
    imported: imported !== undefined,
    rejected: imported?.rejected ?? [],
    ...(imported?.keptIn ? { rejectedKeptIn: imported.keptIn } : {}),
  });
}

main().catch((error: unknown) => post({ type: 'failed', error: error instanceof Error ? error.message : String(error) }));
