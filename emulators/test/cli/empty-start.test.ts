/**
 * `npm start -- --empty` as an organiser runs it: no festival and no demo account, one local
 * project admin whose password and second-factor number the banner prints, who signs in with
 * the password and the SMS code (the console's line and `npm run mfa-code`) and holds the
 * `admin` claim. The data folder remembers the choice: a plain restart stays empty and prints
 * the same password; `--fresh` sets the empty state aside in previous/ and starts again with the
 * demo; `--empty` on the demo's folder is refused, and `--fresh --empty` starts again empty.
 *
 * Through the CLI (`emulators/src/cli/*.ts`, as `npm start` and `npm run emulators` run them) on
 * free ports and a data folder of its own; Auth through its REST API as the web SDK calls it,
 * Firestore through its REST API as the project owner.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bannerUrl, ROOT_DIR, runCli, type CliOptions, type CliProcess } from './cli-process.js';

const dataDir = mkdtempSync(join(tmpdir(), 'encore-empty-'));
const started: CliProcess[] = [];
const BANNER_END = /Ctrl-C stops everything/;
const PROJECT = 'demo-encore';
const ADMIN_ROW = /^\s+organiser@encore\.local\s+(\S+)\s+project admin\s+second factor: SMS to \+16505550100$/;
const DEMO_EMAILS = ['admin@encore.test', 'moderator@encore.test', 'staff@encore.test', 'uploader@encore.test', 'visitor@encore.test'];

function cli(args: string[], which: CliOptions['cli'] = 'emulators'): CliProcess {
  const run = runCli({ cli: which, dataDir, args });
  started.push(run);
  return run;
}

async function stop(run: CliProcess): Promise<void> {
  run.child.kill('SIGINT');
  expect(await run.exited).toBe(0);
}

afterAll(() => {
  for (const { child } of started) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The festival documents Firestore holds (their ids), read as the project owner. */
async function festivalIds(firestoreUrl: string): Promise<string[]> {
  const response = await fetch(`${firestoreUrl}/v1/projects/${PROJECT}/databases/(default)/documents/festivals`, { headers: { Authorization: 'Bearer owner' } });
  expect(response.status).toBe(200);
  const { documents } = (await response.json()) as { documents?: Array<{ name: string }> };
  return (documents ?? []).map(({ name }) => name.split('/').pop()!);
}

/** Every account's email, as the project owner lists them. */
async function accountEmails(authUrl: string): Promise<string[]> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=-1`, { headers: { Authorization: 'Bearer owner' } });
  const { users } = (await response.json()) as { users?: Array<{ email?: string }> };
  return (users ?? []).map((user) => user.email ?? '').sort();
}

async function identityToolkit<T>(authUrl: string, path: string, body: object): Promise<{ status: number; body: T }> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/${path}?key=demo-key`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
}

const claimsOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

let firstPassword = '';

describe('npm start -- --empty', () => {
  it('starts with no festival and no demo account; the printed project admin signs in with its password and the SMS code, and holds the admin claim', { timeout: 300_000 }, async () => {
    const run = cli(['--empty'], 'start');
    await run.line(BANNER_END);
    const webUrl = new URL(bannerUrl(run.lines, 'Web app'));
    expect(run.lines).toContain(`  Create a festival on the organiser's page: http://127.0.0.1:${webUrl.port}/organiser`);
    expect(run.lines.some((line) => /Test accounts|To see sets live|encore\.test/.test(line))).toBe(false);
    const row = run.lines.find((line) => ADMIN_ROW.test(line));
    expect(row, run.lines.join('\n')).toBeDefined();
    const password = ADMIN_ROW.exec(row!)![1]!;
    expect(password).toMatch(/^[\w-]{24}$/);
    firstPassword = password;

    const authUrl = bannerUrl(run.lines, 'Auth');
    expect(await festivalIds(bannerUrl(run.lines, 'Firestore'))).toEqual([]);
    expect(await accountEmails(authUrl)).toEqual(['organiser@encore.local']);

    // The password, then the SMS code, as the web SDK signs in.
    const first = await identityToolkit<{ idToken?: string; mfaPendingCredential: string; mfaInfo: Array<{ mfaEnrollmentId: string; phoneInfo: string }> }>(authUrl, 'v1/accounts:signInWithPassword', {
      email: 'organiser@encore.local',
      password,
      returnSecureToken: true,
    });
    expect(first.status).toBe(200);
    expect(first.body.idToken).toBeUndefined();
    expect(first.body.mfaInfo.map((factor) => factor.phoneInfo)).toEqual(['+*******0100']);
    const startedFactor = await identityToolkit<{ phoneResponseInfo: { sessionInfo: string } }>(authUrl, 'v2/accounts/mfaSignIn:start', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      mfaEnrollmentId: first.body.mfaInfo[0]!.mfaEnrollmentId,
    });
    expect(startedFactor.status).toBe(200);
    const printed = await run.line(/^\[encore\] Auth: SMS code \d{6} for \+16505550100 \(organiser@encore\.local\)/);
    const code = /SMS code (\d{6})/.exec(printed)![1]!;
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'mfa-code'], { cwd: ROOT_DIR, env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: new URL(authUrl).host } });
    expect(stdout).toContain(`${code}  for +16505550100 (organiser@encore.local)`);
    const finished = await identityToolkit<{ idToken: string }>(authUrl, 'v2/accounts/mfaSignIn:finalize', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      phoneVerificationInfo: { sessionInfo: startedFactor.body.phoneResponseInfo.sessionInfo, code },
    });
    expect(finished.status).toBe(200);
    expect(claimsOf(finished.body.idToken)).toMatchObject({ role: 'admin', email: 'organiser@encore.local', email_verified: true, firebase: { sign_in_second_factor: 'phone' } });

    // The password is the data folder's, readable by its owner only.
    expect(JSON.parse(readFileSync(join(dataDir, 'local-admin.json'), 'utf8'))).toMatchObject({ email: 'organiser@encore.local', password, phoneNumber: '+16505550100' });
    expect(statSync(join(dataDir, 'local-admin.json')).mode & 0o077).toBe(0);
    await stop(run);
  });

  it('a plain start of that data folder stays empty, says so, and prints the same password', { timeout: 300_000 }, async () => {
    const run = cli([]);
    await run.line(BANNER_END);
    expect(run.lines).toContainEqual(expect.stringMatching(/was started with --empty and stays so \(the demo is never seeded into it\)/));
    expect(run.lines.some((line) => /\[encore\] seed:/.test(line))).toBe(false);
    const row = run.lines.find((line) => ADMIN_ROW.test(line));
    expect(ADMIN_ROW.exec(row ?? '')?.[1]).toBe(firstPassword);
    expect(await festivalIds(bannerUrl(run.lines, 'Firestore'))).toEqual([]);
    const authUrl = bannerUrl(run.lines, 'Auth');
    expect(await accountEmails(authUrl)).toEqual(['organiser@encore.local']);
    const signIn = await identityToolkit<{ mfaPendingCredential?: string }>(authUrl, 'v1/accounts:signInWithPassword', { email: 'organiser@encore.local', password: firstPassword, returnSecureToken: true });
    expect(signIn.status).toBe(200);
    expect(signIn.body.mfaPendingCredential).toBeTruthy();
    await stop(run);
  });

  it('--fresh sets the empty state aside in previous/ and starts again with the demo festival', { timeout: 300_000 }, async () => {
    const run = cli(['--fresh', '--no-artwork']);
    await run.line(BANNER_END);
    expect(run.lines).toContainEqual(expect.stringMatching(/^\[encore\] --fresh: starting again with the demo festival; the saved state is kept in .*previous\/ until the next --fresh$/));
    expect(run.lines).toContainEqual(expect.stringMatching(/^\[encore\] seed: encore-2026: \d+ stages/));
    expect(run.lines).toContainEqual(expect.stringMatching(/^\s+staff@encore\.test\s+encore-staff\s+admin of encore-2026\s+second factor: SMS to \+16505550101$/));
    expect(await festivalIds(bannerUrl(run.lines, 'Firestore'))).toEqual(['encore-2026']);
    expect(await accountEmails(bannerUrl(run.lines, 'Auth'))).toEqual(DEMO_EMAILS);

    expect(existsSync(join(dataDir, 'local-admin.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(dataDir, 'previous', 'local-admin.json'), 'utf8'))).toMatchObject({ password: firstPassword });
    expect(readFileSync(join(dataDir, 'previous', 'auth', 'auth_export', 'accounts.json'), 'utf8')).toContain('organiser@encore.local');
    expect(existsSync(join(dataDir, 'previous', 'firestore-data'))).toBe(true);
    await stop(run);
  });

  it('--empty on the demo festival’s data folder is refused; --fresh --empty starts again empty, with a new password', { timeout: 300_000 }, async () => {
    const refused = cli(['--empty']);
    expect(await refused.exited).toBe(2);
    expect(refused.lines).toContainEqual(expect.stringMatching(/^\[encore\] --empty: .* holds the demo festival's state: `--fresh --empty` sets it aside/));
    expect(refused.lines.some((line) => line.includes('Encore is running'))).toBe(false);

    const run = cli(['--fresh', '--empty']);
    await run.line(BANNER_END);
    expect(run.lines).toContainEqual(expect.stringMatching(/^\[encore\] --fresh: starting empty \(no festival, no demo account\); the saved state is kept in/));
    expect(run.lines).toContainEqual('  No festival yet and no demo account (--empty); later starts of this data folder stay so.');
    const password = ADMIN_ROW.exec(run.lines.find((line) => ADMIN_ROW.test(line)) ?? '')?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    expect(password).not.toBe(firstPassword);
    expect(await festivalIds(bannerUrl(run.lines, 'Firestore'))).toEqual([]);
    expect(await accountEmails(bannerUrl(run.lines, 'Auth'))).toEqual(['organiser@encore.local']);
    // The demo's state is the one set aside now.
    expect(existsSync(join(dataDir, 'previous', 'local-admin.json'))).toBe(false);
    expect(readFileSync(join(dataDir, 'previous', 'auth', 'auth_export', 'accounts.json'), 'utf8')).toContain('staff@encore.test');
    await stop(run);
  });
});
