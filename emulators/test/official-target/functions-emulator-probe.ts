/**
 * What the functions' official target assumes of Google's functions emulator, checked
 * against the real one where this needs no Java: run under
 *
 *   npm run build -w functions
 *   npx firebase emulators:exec --only auth,functions --project demo-encore "npm run test:official:probe"
 *
 * (the Auth and functions emulators, the hub, are Node; Firestore, Storage and Pub/Sub need
 * Java 21, so the triggers are not loaded here). It checks that the hub's `GET /emulators`
 * names the functions emulator with its host and port, that callables answer at
 * `/{project}/europe-west1/{name}`, and that a callable with `enforceAppCheck` refuses a
 * call without an App Check token (401 UNAUTHENTICATED) and accepts the token the
 * harness mints (functions/test/integration/official-stack.ts), as firebase-functions does
 * under the emulator's `skipTokenVerification`. `reporterStanding` is called: it reads
 * only the caller's ID token. Exits non-zero, saying what differed, otherwise prints OK.
 */
import { LocalAppCheck } from '../../src/runner/app-check.js';
import { officialHost, officialProject } from '../../src/stack/test-target.js';

const project = officialProject();
const hub = officialHost('hub');
const auth = officialHost('auth');
const failures: string[] = [];
const check = (what: string, ok: boolean, seen: unknown) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : `: saw ${JSON.stringify(seen)}`}`);
  if (!ok) failures.push(what);
};

const running = (await (await fetch(`http://${hub.host}:${hub.port}/emulators`)).json()) as Record<string, { host?: string; port?: number }>;
const functions = running.functions;
check('the hub names the functions emulator with its host and port', typeof functions?.host === 'string' && typeof functions.port === 'number', running);

const signUp = (await (
  await fetch(`http://${auth.host}:${auth.port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `probe-${Date.now()}@encore.test`, password: 'probe-123456', returnSecureToken: true }),
  })
).json()) as { idToken: string };

const callReporterStanding = async (appCheck?: string) => {
  const response = await fetch(`http://${functions!.host}:${functions!.port}/${project}/europe-west1/reporterStanding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${signUp.idToken}`, ...(appCheck ? { 'x-firebase-appcheck': appCheck } : {}) },
    body: JSON.stringify({ data: null }),
  });
  return { status: response.status, body: (await response.json()) as { result?: { canReport?: boolean }; error?: { status?: string } } };
};

const without = await callReporterStanding();
check('a callable refuses a call without App Check: 401 UNAUTHENTICATED', without.status === 401 && without.body.error?.status === 'UNAUTHENTICATED', without);
const minted = await callReporterStanding(new LocalAppCheck({ projectId: project }).issue('demo-app'));
check("a callable accepts the harness's minted App Check token and runs", minted.status === 200 && typeof minted.body.result?.canReport === 'boolean', minted);

if (failures.length > 0) {
  console.error(`${failures.length} assumption(s) of the official target do not hold: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('OK: the functions emulator behaves as the official target assumes');
