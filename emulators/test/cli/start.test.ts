/**
 * `npm run emulators` (the same start-up as `npm start`, without the web dev server) as a
 * person runs it, stopped the ways a person stops it: a Ctrl-C while the seed uploads its
 * photos keeps what was seeded and the next start completes it, even when the CLI was
 * started with SIGINT ignored (a background job of a script); the test accounts are made
 * again on the next start after someone deleted one, and staff sign in with the SMS code
 * the console prints and `npm run mfa-code` shows; a Ctrl-C during the build and the Auth
 * start stops them and leaves no process behind.
 *
 * The starts that reach the seed run with `--no-artwork`: none of these checks looks at the
 * artists' artwork or the site plan, whose ~60 images through the pipeline would otherwise come
 * before the sample photos and take most of the file's CPU (first-run.test.ts and crash.test.ts
 * start with them). The first start checks the flag is honoured.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bannerUrl, ROOT_DIR, runCli, type CliProcess } from './cli-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'encore-cli-'));
const started: CliProcess[] = [];
const SAMPLE_PHOTOS = 12;
const BANNER_END = /Ctrl-C stops everything/;
const ACCOUNTS = [
  ['admin@encore.test', 'encore-admin'],
  ['staff@encore.test', 'encore-staff'],
  ['moderator@encore.test', 'encore-moderator'],
  ['visitor@encore.test', 'encore-visitor'],
  ['uploader@encore.test', 'encore-uploader'],
] as const;

function emulators(args: string[] = [], sigintIgnored = false): CliProcess {
  const cli = { ...runCli({ cli: 'emulators', dataDir, args, sigintIgnored }) };
  started.push(cli);
  return cli;
}

async function signIn(authUrl: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  await response.arrayBuffer();
  return response.status;
}

let pendingCredential = '';

/** Staff's password, then the start of the SMS second factor (as the web SDK calls them): the verification's sessionInfo. */
async function startStaffSecondFactor(authUrl: string): Promise<string> {
  const call = async (path: string, body: object) => {
    const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/${path}?key=demo-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  const first = (await call('v1/accounts:signInWithPassword', { email: 'staff@encore.test', password: 'encore-staff', returnSecureToken: true })) as { mfaPendingCredential: string; mfaInfo: Array<{ mfaEnrollmentId: string }> };
  pendingCredential = first.mfaPendingCredential;
  const started = (await call('v2/accounts/mfaSignIn:start', { mfaPendingCredential: pendingCredential, mfaEnrollmentId: first.mfaInfo[0]!.mfaEnrollmentId })) as { phoneResponseInfo: { sessionInfo: string } };
  return started.phoneResponseInfo.sessionInfo;
}

/** Finishes the sign-in with the code: the new ID token's claims. */
async function finishStaffSecondFactor(authUrl: string, sessionInfo: string, code: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize?key=demo-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mfaPendingCredential: pendingCredential, phoneVerificationInfo: { sessionInfo, code } }),
  });
  const { idToken } = (await response.json()) as { idToken: string };
  return JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

afterAll(() => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run emulators, stopped the ways a person stops it', () => {
  it('a Ctrl-C during the seed, with SIGINT inherited as ignored, stops and keeps what was seeded; the next start completes it', { timeout: 300_000 }, async () => {
    const first = emulators(['--fresh', '--no-artwork'], true);
    await first.line(new RegExp(`seed: uploading ${SAMPLE_PHOTOS} of ${SAMPLE_PHOTOS} sample photos`));
    expect(first.lines.filter((line) => /seed: uploading \d+ images/.test(line))).toEqual([]);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.lines).toContainEqual(expect.stringMatching(/SIGINT: saving state and stopping/));
    expect(first.lines).toContainEqual(expect.stringMatching(/^\[encore\] stopped in/));

    const second = emulators(['--no-artwork']);
    await second.line(BANNER_END);
    expect(second.lines).toContainEqual('[encore] seed: encore-2026 programme kept as it was; 5 test accounts upserted');
    const photos = await second.line(/seed: \d+ sample photos? uploaded/);
    // Those uploaded before the Ctrl-C were kept (at least the one under way when it came), the rest uploaded now.
    const [, uploaded, already] = /(\d+) sample photos? uploaded \((\d+) already there\)/.exec(photos) ?? [];
    expect(Number(already)).toBeGreaterThan(0);
    expect(Number(uploaded) + Number(already)).toBe(SAMPLE_PHOTOS);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('makes the test accounts again on the next start after someone deleted one; staff sign in with the SMS code the console and npm run mfa-code show', { timeout: 300_000 }, async () => {
    const first = emulators(['--no-artwork']);
    await first.line(BANNER_END);
    const authUrl = bannerUrl(first.lines, 'Auth');
    const lookup = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'uploader@encore.test', password: 'encore-uploader', returnSecureToken: true }),
    });
    const { idToken } = (await lookup.json()) as { idToken: string };
    const deleted = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    expect(deleted.status).toBe(200);
    expect(await signIn(authUrl, 'uploader@encore.test', 'encore-uploader')).toBe(400);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);

    const second = emulators(['--no-artwork']);
    await second.line(BANNER_END);
    const restartedAuth = bannerUrl(second.lines, 'Auth');
    for (const [email, password] of ACCOUNTS) expect(await signIn(restartedAuth, email, password), email).toBe(200);

    // Staff come enrolled with a second factor; the banner says so and where the code is.
    expect(second.lines).toContainEqual(expect.stringMatching(/staff@encore\.test\s+encore-staff\s+admin of encore-2026\s+second factor: SMS to \+16505550101$/));
    expect(second.lines).toContainEqual(expect.stringMatching(/moderator@encore\.test\s+encore-moderator\s+moderator of encore-2026\s+second factor: SMS to \+16505550103$/));
    expect(second.lines).toContainEqual(expect.stringMatching(/admin@encore\.test\s+encore-admin\s+project admin\s+second factor: SMS to \+16505550102$/));
    expect(second.lines.join('\n')).toContain('`npm run mfa-code` prints the latest');
    const sessionInfo = await startStaffSecondFactor(restartedAuth);
    const printed = await second.line(/^\[encore\] Auth: SMS code \d{6} for \+16505550101 \(staff@encore\.test\)/);
    const code = /SMS code (\d{6})/.exec(printed)![1]!;
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'mfa-code'], {
      cwd: ROOT_DIR,
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: new URL(restartedAuth).host },
    });
    expect(stdout).toContain(`${code}  for +16505550101 (staff@encore.test)`);
    // No role claim: staff@'s rights are its admin role in encore-2026 (the seed's test checks that document).
    const claims = await finishStaffSecondFactor(restartedAuth, sessionInfo, code);
    expect(claims).toMatchObject({ email: 'staff@encore.test', firebase: { sign_in_second_factor: 'phone' } });
    expect(claims).not.toHaveProperty('role');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});

/** This process's descendants now, from /proc (Linux): pid -> command. */
function descendants(root: number): Map<number, string> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      parents.set(Number(entry), Number(fields[1]));
      commands.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // Gone while we looked.
    }
  }
  const found = new Map<number, string>();
  const visit = (pid: number): void => {
    for (const [child, parent] of parents) {
      if (parent !== pid || found.has(child)) continue;
      found.set(child, commands.get(child)!);
      visit(child);
    }
  };
  visit(root);
  return found;
}

const alive = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('a Ctrl-C during start-up', () => {
  it('stops the build and the Auth start under way and leaves no process behind', { timeout: 120_000 }, async () => {
    const cli = emulators();
    await cli.line(/\[encore\] starting/);
    // The functions build runs now, and Auth compiles its API beside it.
    let children = descendants(cli.child.pid!);
    while (![...children.values()].some((command) => command === 'npm')) {
      await new Promise((resolve) => setImmediate(resolve));
      children = descendants(cli.child.pid!);
    }
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.lines).toContainEqual(expect.stringMatching(/^\[encore\] stopped during start-up after [\d.]+ s; what was written is kept$/));
    expect(cli.lines.some((line) => line.includes('Encore is running'))).toBe(false);
    expect([...children].filter(([pid]) => alive(pid))).toEqual([]);
  });
});
