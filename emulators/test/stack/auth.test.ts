/**
 * firebase-tools' Auth emulator as `npm start` runs it (in a worker thread, a free port),
 * with the web SDK: a signed-up user's real ID token reaches a callable as request.auth,
 * the accounts survive a stop (export) and a start (import), an account the emulator
 * refuses to load is named and kept, and a save that fails is an error. (`npm run grant`:
 * functions/test/scripts/grant-role.test.ts.)
 */
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from '../../src/stack/auth-emulator.js';
import { startStack, type Stack } from '../../src/stack/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from '../runner/fixture.js';

const PROJECT = 'demo-stack-auth';
const dataDir = mkdtempSync(join(tmpdir(), 'encore-auth-data-'));
const records = new RecordFile();
const apps: FirebaseApp[] = [];
let auth: AuthEmulator | undefined;
let stack: Stack;

function startAuth(): Promise<AuthEmulator> {
  return startAuthEmulator({ projectId: PROJECT, dataDir });
}

function webApp(authHost: string): FirebaseApp {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key' }, `auth-test-${apps.length}`);
  apps.push(app);
  connectAuthEmulator(getAuth(app), `http://${authHost}`, { disableWarnings: true });
  return app;
}

beforeAll(async () => {
  auth = await startAuth();
  stack = await startStack({
    projectId: PROJECT,
    functions: FIXTURE_MODULE,
    functionsDir: FIXTURE_DIR,
    ports: 'free',
    authEmulator: auth.host,
    runner: { schedules: false, env: { FIXTURE_RECORD_FILE: records.path }, log: () => {} },
  });
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await stack?.stop();
  await auth?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  records.remove();
});

it('gives a callable the signed-in user as request.auth', async () => {
  const app = webApp(auth!.host);
  const { user } = await createUserWithEmailAndPassword(getAuth(app), 'fan@encore.test', 'secret-123');
  const functions = getFunctions(app);
  connectFunctionsEmulator(functions, stack.runner!.host, stack.runner!.port);
  const result = await httpsCallable(functions, 'whoami')({ hello: 'stage' });
  expect(result.data).toEqual({ uid: user.uid, email: 'fan@encore.test', echo: { hello: 'stage' } });
});

it('exports accounts on stop and imports them on the next start', async () => {
  await auth!.stop();
  auth = undefined;
  expect(existsSync(join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
  expect(readFileSync(join(dataDir, 'auth', 'auth_export', 'accounts.json'), 'utf8')).toContain('fan@encore.test');

  auth = await startAuth();
  expect(auth.imported).toBe(true);
  const { user } = await signInWithEmailAndPassword(getAuth(webApp(auth.host)), 'fan@encore.test', 'secret-123');
  expect(user.email).toBe('fan@encore.test');
});

it('saves what firebase-tools\' own import reads (npm run start:firebase -- --import .encore-data/auth)', async () => {
  // The official suite's import of an export directory: its metadata names the auth folder, AuthEmulator.importData loads it.
  const { AuthEmulator } = createRequire(import.meta.url)('firebase-tools/lib/emulator/auth/index.js') as {
    AuthEmulator: new (args: { projectId: string; host: string; port: number }) => { importData(dir: string, projectId: string, options: object): Promise<void> };
  };
  const metadata = JSON.parse(readFileSync(join(dataDir, 'auth', 'firebase-export-metadata.json'), 'utf8')) as { auth: { path: string } };
  const empty = await startAuthEmulator({ projectId: PROJECT });
  try {
    await new AuthEmulator({ projectId: PROJECT, host: '127.0.0.1', port: empty.port }).importData(join(dataDir, 'auth', metadata.auth.path), PROJECT, { initiatedBy: 'test' });
    const { user } = await signInWithEmailAndPassword(getAuth(webApp(empty.host)), 'fan@encore.test', 'secret-123');
    expect(user.email).toBe('fan@encore.test');
  } finally {
    await empty.stop();
  }
});

it('names and keeps saved accounts it cannot load, and fails a stop whose save failed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'encore-auth-bad-'));
  // An export holding an account the emulator refuses: a second factor on an unverified email.
  mkdirSync(join(dir, 'auth', 'auth_export'), { recursive: true });
  writeFileSync(join(dir, 'auth', 'firebase-export-metadata.json'), JSON.stringify({ version: 'test', auth: { version: 'test', path: 'auth_export' } }));
  const refused = { localId: 'u-refused', email: 'two-factor@encore.test', emailVerified: false, mfaInfo: [{ mfaEnrollmentId: 'm1', phoneInfo: '+31612345678' }] };
  writeFileSync(join(dir, 'auth', 'auth_export', 'accounts.json'), JSON.stringify({ users: [{ localId: 'u-fine', email: 'fine@encore.test' }, refused] }));
  const problems: string[] = [];
  const other = await startAuthEmulator({ projectId: PROJECT, dataDir: dir, onExportError: (error) => problems.push(error.message) });
  try {
    expect(problems).toEqual([expect.stringMatching(/^1 saved account\(s\) could not be loaded .*two-factor@encore\.test \(Second factor account requires email to be verified\.\)/)]);
    const kept = readdirSync(join(dir, 'auth')).find((name) => name.startsWith('rejected-'))!;
    expect(JSON.parse(readFileSync(join(dir, 'auth', kept), 'utf8')).users).toEqual([refused]);
  } finally {
    // Saving now fails: where the accounts go is a file, not a folder.
    rmSync(join(dir, 'auth'), { recursive: true });
    writeFileSync(join(dir, 'auth'), 'not a folder');
    await expect(other.stop()).rejects.toThrow(/saving the accounts to .* failed/);
    rmSync(dir, { recursive: true, force: true });
  }
});
