/**
 * The local project admin of a data folder started with `--empty` (start-mode.ts): made once,
 * with a random password, and kept in `{dataDir}/local-admin.json` so every later start prints
 * the same one. Light on purpose: `npm run mfa-code` reads it too.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_ADMIN_FILE } from './data-dir.js';

export interface LocalAdminAccount {
  email: string;
  password: string;
  displayName: string;
  /** Its SMS second factor: a number of the 555-0100..0199 range kept for fiction (the demo's are 0101 to 0103). */
  phoneNumber: string;
}

export const LOCAL_ADMIN_EMAIL = 'organiser@encore.local';
export const LOCAL_ADMIN_PHONE = '+16505550100';

/** The local admin of an empty data folder, or null when the folder is not one. */
export function readLocalAdmin(dataDir: string): LocalAdminAccount | null {
  const path = join(dataDir, LOCAL_ADMIN_FILE);
  if (!existsSync(path)) return null;
  let saved: Partial<LocalAdminAccount>;
  try {
    saved = JSON.parse(readFileSync(path, 'utf8')) as Partial<LocalAdminAccount>;
  } catch (error) {
    throw new Error(`${path} is not valid JSON (${(error as Error).message}): fix it, or start again with --fresh --empty`, { cause: error });
  }
  if (typeof saved.email !== 'string' || typeof saved.password !== 'string' || typeof saved.phoneNumber !== 'string') {
    throw new Error(`${path} lacks the local admin's email, password or phoneNumber: fix it, or start again with --fresh --empty`);
  }
  return { email: saved.email, password: saved.password, phoneNumber: saved.phoneNumber, displayName: saved.displayName ?? 'Local organiser' };
}

/** A new local admin with a random password, saved in the data folder (readable by its owner only). */
export function makeLocalAdmin(dataDir: string): LocalAdminAccount {
  const admin: LocalAdminAccount = {
    email: LOCAL_ADMIN_EMAIL,
    // 18 random bytes: 24 URL-safe characters.
    password: randomBytes(18).toString('base64url'),
    displayName: 'Local organiser',
    phoneNumber: LOCAL_ADMIN_PHONE,
  };
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCAL_ADMIN_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(admin, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  return admin;
}

