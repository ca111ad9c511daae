/**
 * The Firebase CLI's Auth emulator as `npm start` runs it (own config, free ports), with the
 * web SDK: a signed-up user's real ID token reaches a callable as request.auth, and the
 * accounts survive a stop (export) and a start (import).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from '../../src/stack/auth-emulator.js';
import { findFreePort } from '../../src/stack/free-port.js';
import { startStack, type Stack } from '../../src/stack/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from '../runner/fixture.js';

const PROJECT = 'demo-stack-auth';
const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'encore-auth-data-'));
const records = new RecordFile();
const apps: FirebaseApp[] = [];
let auth: AuthEmulator | undefined;
let stack: Stack;

async function startAuth(): Promise<AuthEmulator> {
  const ports = { auth: await findFreePort(), hub: await findFreePort(), logging: await findFreePort() };
  return startAuthEmulator({ rootDir: ROOT_DIR, projectId: PROJECT, ports, dataDir });
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
  const { user } = await signInWithEmailAndPassword(getAuth(webApp(auth.host)), 'fan@encore.test', 'secret-123');
  expect(user.email).toBe('fan@encore.test');
});
