/**
 * Saving and loading the Auth emulator's state in the layout the Firebase CLI itself writes
 * (`firebase emulators:export`) and reads (`--import`), so `npm run start:firebase` can
 * import `.encore-data/auth` too:
 *
 *   {dir}/firebase-export-metadata.json   { version, auth: { version, path: "auth_export" } }
 *   {dir}/auth_export/accounts.json       GET accounts:batchGet (every account: passwords, claims, MFA enrolments...)
 *   {dir}/auth_export/config.json         GET /emulator/v1/projects/{p}/config (sign-in and privacy settings)
 *
 * Each file is written whole to a temporary name and renamed over the old one, so a crash
 * or a `kill -9` mid-write leaves the previous file, never half a file. Tenants are not
 * exported (Encore has none).
 *
 * The import makes the same calls as the CLI's (PATCH the config, `accounts:batchCreate`
 * the accounts) but reads the answer: batchCreate answers 200 even when it refused some
 * accounts (an MFA enrolment on an unverified email, say), listing them in `error`, which
 * the CLI ignores. Those accounts are kept in `{dir}/rejected-{time}.json` and named, so
 * the next export cannot silently drop them.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const AUTH_EXPORT_PATH = 'auth_export';
export const METADATA_FILE = 'firebase-export-metadata.json';

const require = createRequire(import.meta.url);

/** The firebase-tools version, as its own exports record it. */
export function firebaseToolsVersion(): string {
  return (require('firebase-tools/package.json') as { version: string }).version;
}

/** Reads the emulator's accounts and config over its REST API and writes them to `dir`. */
export async function exportAuthState(baseUrl: string, projectId: string, dir: string): Promise<{ accounts: number }> {
  const [accounts, config] = await Promise.all([
    ownerGet(`${baseUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`),
    ownerGet(`${baseUrl}/emulator/v1/projects/${projectId}/config`),
  ]);
  const users = (JSON.parse(accounts) as { users?: unknown[] }).users ?? [];
  const version = firebaseToolsVersion();
  mkdirSync(join(dir, AUTH_EXPORT_PATH), { recursive: true });
  writeAtomically(join(dir, AUTH_EXPORT_PATH, 'accounts.json'), accounts);
  writeAtomically(join(dir, AUTH_EXPORT_PATH, 'config.json'), config);
  writeAtomically(join(dir, METADATA_FILE), JSON.stringify({ version, auth: { version, path: AUTH_EXPORT_PATH } }, null, 2));
  return { accounts: users.length };
}

/** Where the auth files of an export are, when `dir` holds one. */
export function authImportDir(dir: string): string | undefined {
  const metadataPath = join(dir, METADATA_FILE);
  if (!existsSync(metadataPath)) return undefined;
  let metadata: { auth?: { path?: string } };
  try {
    metadata = JSON.parse(readFileSync(metadataPath, 'utf8')) as typeof metadata;
  } catch (error) {
    throw new Error(`${metadataPath} is not valid JSON (${(error as Error).message}): fix or remove it, or start with --fresh`, { cause: error });
  }
  return metadata.auth?.path ? join(dir, metadata.auth.path) : undefined;
}

export interface ImportResult {
  accounts: number;
  /** Accounts the emulator refused, with its reason; kept in `keptIn`. */
  rejected: Array<{ email?: string; localId?: string; message: string }>;
  keptIn?: string;
}

/** Loads `{dir}/auth_export` into the emulator at `baseUrl`. */
export async function importAuthState(baseUrl: string, projectId: string, dir: string, authDir: string): Promise<ImportResult> {
  const configPath = join(authDir, 'config.json');
  if (existsSync(configPath)) await ownerSend('PATCH', `${baseUrl}/emulator/v1/projects/${projectId}/config`, readFileSync(configPath, 'utf8'));
  const accountsPath = join(authDir, 'accounts.json');
  if (!existsSync(accountsPath)) return { accounts: 0, rejected: [] };
  const file = readFileSync(accountsPath, 'utf8');
  const users = (JSON.parse(file) as { users?: Array<{ email?: string; localId?: string }> }).users ?? [];
  if (users.length === 0) return { accounts: 0, rejected: [] };
  const answer = JSON.parse(await ownerSend('POST', `${baseUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`, file)) as {
    error?: Array<{ index: number; message: string }>;
  };
  const rejected = (answer.error ?? []).map(({ index, message }) => ({ ...pick(users[index]), message }));
  if (rejected.length === 0) return { accounts: users.length, rejected };
  const keptIn = join(dir, `rejected-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeAtomically(keptIn, JSON.stringify({ users: (answer.error ?? []).map(({ index }) => users[index]), errors: answer.error }, null, 2));
  return { accounts: users.length - rejected.length, rejected, keptIn };
}

function pick(user: { email?: string; localId?: string } | undefined): { email?: string; localId?: string } {
  return { ...(user?.email ? { email: user.email } : {}), ...(user?.localId ? { localId: user.localId } : {}) };
}

async function ownerSend(method: string, url: string, body: string): Promise<string> {
  const response = await fetch(url, { method, body, headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

async function ownerGet(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Authorization: 'Bearer owner' }, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  // A failed read must never be saved over good accounts: say so instead.
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

function writeAtomically(path: string, content: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}
