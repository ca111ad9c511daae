/**
 * Two Auth emulators of the same project id on one machine, each saving to its own folder
 * (as two clones of Encore running `npm start` side by side), each as a process of its own:
 * each keeps its own accounts, custom claims, MFA enrolments and config, across a clean stop
 * (which saves the last change) and across a `kill -9` (which loses nothing a second old).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const PROJECT = 'demo-same-project';
const FIXTURE = fileURLToPath(new URL('./fixtures/auth-process.ts', import.meta.url));
const folders = { a: mkdtempSync(join(tmpdir(), 'encore-auth-a-')), b: mkdtempSync(join(tmpdir(), 'encore-auth-b-')) };
const running = new Set<ChildProcess>();

interface Running {
  child: ChildProcess;
  host: string;
  imported: boolean;
}

function startProcess(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--conditions=encore-source', '--import', 'tsx', FIXTURE, dataDir, PROJECT], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, ...(JSON.parse(line) as { host: string; imported: boolean }) }));
    child.once('exit', (code) => reject(new Error(`the Auth process exited (${code}) before it was ready`)));
  });
}

function ended(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function call(host: string, method: string, path: string, body?: object): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${host}${path}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const signUp = async (host: string, email: string): Promise<string> =>
  (await call(host, 'POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key', { email, password: 'secret-123' })).localId as string;

interface Account {
  email: string;
  customAttributes?: string;
  mfaInfo?: Array<{ phoneInfo?: string }>;
}

async function accounts(host: string): Promise<Account[]> {
  const { users = [] } = (await call(host, 'GET', `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=-1`)) as { users?: Account[] };
  return users.sort((x, y) => x.email.localeCompare(y.email));
}

const emails = async (host: string): Promise<string[]> => (await accounts(host)).map((account) => account.email);

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const folder of Object.values(folders)) rmSync(folder, { recursive: true, force: true });
});

describe('two Auth emulators of one project id, in two folders', () => {
  it('each keeps only its own accounts, claims, MFA enrolments and config: one after a clean stop, the other after a kill -9', { timeout: 240_000 }, async () => {
    const [a, b] = await Promise.all([startProcess(folders.a), startProcess(folders.b)]);
    expect([a.imported, b.imported]).toEqual([false, false]);
    const alice = await signUp(a.host, 'alice@a.test');
    const bob = await signUp(b.host, 'bob@b.test');
    for (const [host, localId] of [
      [a.host, alice],
      [b.host, bob],
    ] as const) {
      await call(host, 'POST', `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
        localId,
        // Firebase enrols a second factor only on a verified email.
        emailVerified: true,
        customAttributes: JSON.stringify({ role: 'staff' }),
        mfa: { enrollments: [{ mfaEnrollmentId: `${localId}-phone`, phoneInfo: '+31612345678', displayName: 'phone' }] },
      });
    }
    await call(a.host, 'PATCH', `/emulator/v1/projects/${PROJECT}/config`, { signIn: { allowDuplicateEmails: true } });

    // A: a clean stop right after its last change (the stop saves). B: killed, the change a second old (saved by then).
    await signUp(a.host, 'carol@a.test');
    a.child.kill('SIGTERM');
    await signUp(b.host, 'dave@b.test');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    b.child.kill('SIGKILL');
    expect(await ended(a.child)).toBe(0);
    await ended(b.child);

    const [a2, b2] = await Promise.all([startProcess(folders.a), startProcess(folders.b)]);
    try {
      expect([a2.imported, b2.imported]).toEqual([true, true]);
      expect(await emails(a2.host)).toEqual(['alice@a.test', 'carol@a.test']);
      expect(await emails(b2.host)).toEqual(['bob@b.test', 'dave@b.test']);
      for (const host of [a2.host, b2.host]) {
        expect((await accounts(host))[0]).toMatchObject({ customAttributes: JSON.stringify({ role: 'staff' }), mfaInfo: [{ phoneInfo: '+31612345678' }] });
      }
      expect(await call(a2.host, 'GET', `/emulator/v1/projects/${PROJECT}/config`)).toMatchObject({ signIn: { allowDuplicateEmails: true } });
      expect(await call(b2.host, 'GET', `/emulator/v1/projects/${PROJECT}/config`)).toMatchObject({ signIn: { allowDuplicateEmails: false } });
    } finally {
      for (const { child } of [a2, b2]) child.kill('SIGTERM');
      await Promise.all([ended(a2.child), ended(b2.child)]);
    }
  });
});
