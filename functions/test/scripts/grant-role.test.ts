/**
 * `npm run grant` (scripts/grant-role.ts) against the local Auth and Firestore emulators, run
 * as `npm run grant` runs it: the project claim, festival roles written and taken away, a
 * festival that does not exist refused, the emulators never mixed with a real project; and,
 * for a real project, which credentials it picks (the Firebase CLI's login, read with
 * firebase-tools' own modules) and what it says when there are none. Nothing reaches Google.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, startStack, type AuthEmulator, type Stack } from '@encore/emulators/stack';
import { festivalStaffSchema, firestorePaths } from '@encore/model';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PROJECT = 'demo-grant-it';
const FESTIVAL = 'zomer-2027';
let authEmulator: AuthEmulator;
let stack: Stack;
let app: App;
let auth: Auth;
let db: Firestore;
let home: string;

beforeAll(async () => {
  authEmulator = await startAuthEmulator({ projectId: PROJECT });
  stack = await startStack({ projectId: PROJECT, functions: null, ports: 'free', authEmulator: authEmulator.host });
  app = initializeApp({ projectId: PROJECT }, 'grant-role-test');
  auth = getAuth(app);
  db = getFirestore(app);
  await db.doc(firestorePaths.festival(FESTIVAL)).set({ name: 'Zomer', timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park' });
  // An empty home: no Firebase CLI login, no gcloud credentials of whoever runs the tests.
  home = mkdtempSync(join(tmpdir(), 'encore-grant-home-'));
}, 120_000);

afterAll(async () => {
  await deleteApp(app);
  await stack?.stop();
  await authEmulator?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment a person has: an empty home, and only the variables given (the emulators' or none). */
function personEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), CLOUDSDK_CONFIG: join(home, 'gcloud'), METADATA_SERVER_DETECTION: 'none', ...vars };
}

/** `npm run grant -- …args`, as package.json runs it. */
function grant(args: string[], env: NodeJS.ProcessEnv = personEnv(stack.env)): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--conditions=encore-source', '--import', 'tsx', 'scripts/grant-role.ts', ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const staffDoc = async (uid: string) => (await db.doc(firestorePaths.festivalStaffMember(FESTIVAL, uid)).get()).data();

// Each grant is a Node process loading firebase-admin and the Firestore client: seconds each on a busy machine.
describe('npm run grant on the emulators', { timeout: 180_000 }, () => {
  it('makes a project admin, replacing the retired staff claim and keeping other claims; visitor takes it away', async () => {
    const user = await auth.createUser({ email: 'ada@grant.test', password: 'a long password' });
    await auth.setCustomUserClaims(user.uid, { role: 'staff', trustedReporter: true });
    const granted = await grant(['ada@grant.test', 'admin']);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toContain('is now a project admin');
    expect(granted.stdout).toContain('they have none yet');
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ role: 'admin', trustedReporter: true });
    expect(await grant(['ada@grant.test', 'visitor'])).toMatchObject({ code: 0 });
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ trustedReporter: true });
  });

  it('gives a festival role as a staff document, changes it keeping when it was given, and takes it away', async () => {
    const user = await auth.createUser({ email: 'pia@grant.test', password: 'a long password', displayName: 'Pia' });
    await auth.setCustomUserClaims(user.uid, { role: 'staff' });
    const granted = await grant(['pia@grant.test', 'programme', '--festival', FESTIVAL]);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toContain(`is now programme of festival ${FESTIVAL}`);
    expect(granted.stdout).toContain('retired staff claim is removed');
    const first = festivalStaffSchema.parse(await staffDoc(user.uid).then((data) => ({ ...data, addedAt: (data?.addedAt as Timestamp).toDate() })));
    expect(first).toMatchObject({ role: 'programme', email: 'pia@grant.test', name: 'Pia', addedBy: null });
    expect((await auth.getUser(user.uid)).customClaims ?? {}).toEqual({});

    expect(await grant(['pia@grant.test', 'moderator', '--festival', FESTIVAL])).toMatchObject({ code: 0 });
    const changed = await staffDoc(user.uid);
    expect(changed).toMatchObject({ role: 'moderator', addedBy: null });
    expect((changed?.addedAt as Timestamp).toDate()).toEqual(first.addedAt);

    const removed = await grant(['pia@grant.test', '--remove', '--festival', FESTIVAL]);
    expect(removed).toMatchObject({ code: 0 });
    expect(removed.stdout).toContain('has no role in festival');
    expect(await staffDoc(user.uid)).toBeUndefined();
    expect((await grant(['pia@grant.test', 'visitor', '--festival', FESTIVAL])).stdout).toContain('had no role');
  });

  it('refuses a festival that does not exist, writing nothing', async () => {
    const user = await auth.createUser({ email: 'mo@grant.test', password: 'a long password' });
    const refused = await grant(['mo@grant.test', 'moderator', '--festival', 'nope-2027']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('there is no festival nope-2027');
    expect((await db.doc(firestorePaths.festivalStaffMember('nope-2027', user.uid)).get()).exists).toBe(false);
  });

  it('refuses what is no grant: a festival role without a festival, the retired staff role, an unknown account', async () => {
    expect(await grant(['mo@grant.test', 'moderator'])).toMatchObject({ code: 2, stderr: expect.stringContaining('add --festival <id>') as unknown });
    expect(await grant(['mo@grant.test', 'staff'])).toMatchObject({ code: 2, stderr: expect.stringContaining('the staff claim is retired') as unknown });
    expect(await grant(['nobody@grant.test', 'admin'])).toMatchObject({ code: 2, stderr: expect.stringContaining('no account with the email nobody@grant.test') as unknown });
  });

  it('never mixes the emulators with a real project: the Auth emulator without the Firestore emulator is refused', async () => {
    const { FIRESTORE_EMULATOR_HOST: _firestore, ...authOnly } = stack.env;
    const refused = await grant(['mo@grant.test', 'moderator', '--festival', FESTIVAL], personEnv(authOnly));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('FIRESTORE_EMULATOR_HOST is not');
  });
});

describe('npm run grant on a real project: its credentials', { timeout: 180_000 }, () => {
  it('names both ways to get credentials when there are none', async () => {
    const refused = await grant(['ada@grant.test', 'admin', '--project', 'some-project'], personEnv({}));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('npx firebase login');
    expect(refused.stderr).toContain('gcloud auth application-default login');
  });

  it('takes the Firebase CLI’s login as an authorized_user credential with firebase-tools’ OAuth client', async () => {
    const config = join(home, 'login-config');
    mkdirSync(join(config, 'configstore'), { recursive: true });
    writeFileSync(join(config, 'configstore/firebase-tools.json'), JSON.stringify({ user: { email: 'owner@example.com' }, tokens: { refresh_token: '1//refresh-token', access_token: 'a', expires_at: 0 } }));
    const script = `import { findCredentials } from './scripts/grant-credentials.ts'; console.log(JSON.stringify(await findCredentials(process.cwd())));`;
    const found = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, env: personEnv({ XDG_CONFIG_HOME: config }) }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    const api = createRequire(import.meta.url)('firebase-tools/lib/api.js') as { clientId(): string; clientSecret(): string };
    expect(JSON.parse(found)).toEqual({
      kind: 'firebase-login',
      account: 'owner@example.com',
      authorizedUser: { type: 'authorized_user', client_id: api.clientId(), client_secret: api.clientSecret(), refresh_token: '1//refresh-token' },
    });
    expect(api.clientId()).toMatch(/\.apps\.googleusercontent\.com$/);
  });
});
