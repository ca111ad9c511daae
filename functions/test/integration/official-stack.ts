/**
 * The integration tests' backend on the official target (`ENCORE_TARGET=official`): Google's
 * Emulator Suite started by
 *
 *   firebase emulators:exec --only auth,firestore,storage,pubsub,functions --project demo-encore "..."
 *
 * which loads the functions firebase.json points at (functions/lib, built first) and exports
 * the emulators' standard variables to the command. Nothing is started here: the hosts come
 * from those variables and the functions emulator's from the hub's `GET /emulators`.
 *
 * - One project for the whole run (the CLI's `--project`, single-project mode), so the files
 *   run one at a time and each starts on an empty backend: Firestore documents, Storage
 *   objects and Auth accounts are cleared through the emulators' own endpoints (firebase-tools
 *   serves them: Storage's in emulator/storage/server.js), then the festival is seeded again. A function
 *   of the previous file still running then (one whose end no test could await) may write
 *   into the next file's data; the files wait for every outcome they assert, so only such
 *   unasserted tails (a stats refresh recomputed from the current shards, a deletion
 *   handler with nothing left to mark) can, and none writes what another file asserts.
 * - App Check: the official functions emulator runs the functions with the debug feature
 *   `skipTokenVerification` (firebase-tools emulator/functionsEmulator.js getEmulatorEnvs),
 *   under which firebase-functions only decodes `X-Firebase-AppCheck` (common/providers/
 *   https.js checkAppCheckToken, unsafeDecodeAppCheckToken) and there is no exchange to
 *   call. So the harness mints the token itself, with production's claims for the app, and
 *   signs it with Encore's local key, which Encore's runner verifies: one token both targets
 *   accept (the self-check runs these tests against our runner).
 * - There is no invocation log: `eventually` asks again on a short, growing interval, since
 *   the official suite reports function calls to nobody but its log stream.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { LocalAppCheck, officialHost, officialProject, onlyEncore } from '@encore/emulators/stack';
import { InvocationLog } from './invocation-log.js';
import type { EncoreStack, EncoreStackOptions } from './local-stack.js';

/** The official Auth emulator's owner credential (firebase-tools emulator/auth: `Bearer owner`). */
const OWNER = { authorization: 'Bearer owner' };

export async function attachOfficialStack(options: EncoreStackOptions, seed: (stack: Pick<EncoreStack, 'db'>) => Promise<void>): Promise<EncoreStack> {
  if (options.env && Object.keys(options.env).length > 0) {
    throw new Error(`${onlyEncore('setting the functions\' environment per test file')}: put it in functions/.env.<project> for the CLI`);
  }
  if (options.dataDir) throw new Error(onlyEncore('starting on a data folder'));
  const projectId = officialProject();
  const address = (service: 'firestore' | 'storage' | 'auth' | 'pubsub' | 'hub') => hostPort(officialHost(service));
  const hosts: EncoreStack['hosts'] = {
    firestore: address('firestore'),
    storage: address('storage'),
    pubsub: address('pubsub'),
    auth: address('auth'),
    functions: await functionsHost(address('hub')),
  };
  await clearBackend(projectId, hosts);

  const bucket = `${projectId}.appspot.com`;
  const admin = initializeApp({ projectId, storageBucket: bucket }, `integration-official-${options.projectId}`);
  const db = getFirestore(admin);
  await seed({ db });
  const appCheck = new LocalAppCheck({ projectId });
  return {
    projectId,
    bucket,
    hosts,
    functionsUrl: `http://${hosts.functions}`,
    async appCheckToken(appId) {
      const token = appCheck.issue(appId);
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
      return { token, expireTimeMillis: exp * 1000 };
    },
    admin,
    db,
    invocations: new UnavailableInvocationLog(),
    eventually: poll,
    async stop() {
      await deleteApp(admin);
    },
  };
}

/** Where the functions emulator listens, from the hub (firebase-tools emulator/hub.js getRunningEmulatorsMapping). */
async function functionsHost(hub: string): Promise<string> {
  const response = await fetch(`http://${hub}/emulators`);
  if (!response.ok) throw new Error(`the Emulator Suite's hub at ${hub} answered ${response.status} to GET /emulators`);
  const running = (await response.json()) as Record<string, { host: string; port: number } | undefined>;
  const functions = running.functions;
  if (!functions) throw new Error(`no functions emulator among ${Object.keys(running).join(', ')}: add functions to \`emulators:exec --only\``);
  return hostPort(functions);
}

/** Empties Firestore, Storage and Auth of the project through the emulators' control endpoints. */
async function clearBackend(projectId: string, hosts: EncoreStack['hosts']): Promise<void> {
  const clear = async (what: string, url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`clearing ${what} (${init.method} ${url}) answered ${response.status}: ${await response.text()}`);
  };
  await Promise.all([
    clear('Firestore', `http://${hosts.firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' }),
    clear('Storage', `http://${hosts.storage}/internal/reset`, { method: 'POST' }),
    clear('Auth', `http://${hosts.auth}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE', headers: OWNER }),
  ]);
}

/** Asks `check` again, 50 ms after the first time, doubling up to a second, until it holds. */
async function poll(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 50; ; wait = Math.min(wait * 2, 1000)) {
    if (await check()) return;
    if (Date.now() + wait > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The official suite keeps no invocation log: a test that reads it must be skipped on this target. */
class UnavailableInvocationLog extends InvocationLog {
  override add(): void {
    throw new Error(onlyEncore("the functions runner's invocation log"));
  }
  override until(): never {
    throw new Error(onlyEncore("the functions runner's invocation log"));
  }
  override whenever(): never {
    throw new Error(onlyEncore("the functions runner's invocation log"));
  }
  override ok(): never {
    throw new Error(onlyEncore("the functions runner's invocation log"));
  }
}

function hostPort({ host, port }: { host: string; port: number }): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
