#!/usr/bin/env node
/**
 * `npm run mfa-code`: the SMS codes the local Auth emulator made instead of texting them
 * (staff sign in with a second factor; the demo's accounts with a right, and the local admin
 * of an `--empty` start, have test numbers), the newest of each number, with the accounts that
 * number signs in. `npm start` prints each
 * code as it is made too; this is for when that console is out of sight.
 *
 * The emulator is FIREBASE_AUTH_EMULATOR_HOST, else firebase.json's Auth port (moved by
 * ENCORE_PORTS=+N as npm start moves it); the project GCLOUD_PROJECT, else demo-encore.
 */
import { describeCode, latestCodes } from '../stack/verification-codes.js';
import { DEFAULT_PROJECT_ID } from '../stack/project.js';
import { parsePortSetting, portsFromFirebaseJson, PORTS_ENV, resolvePorts } from '../stack/ports.js';
import { resolve } from 'node:path';
import { readLocalAdmin } from '../stack/local-admin.js';
import { DATA_DIR } from '../stack/data-dir.js';
import { ROOT_DIR } from './root-dir.js';
import { DATA_DIR_ENV } from './settings.js';

async function authHost(): Promise<string> {
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const setting = parsePortSetting(process.env[PORTS_ENV]);
  if (setting.kind === 'free') {
    throw new Error(`${PORTS_ENV}=free puts Auth on a port only npm start's banner knows: run FIREBASE_AUTH_EMULATOR_HOST=<the Auth host:port it shows> npm run mfa-code`);
  }
  return `127.0.0.1:${(await resolvePorts(portsFromFirebaseJson(ROOT_DIR), setting)).auth}`;
}

/** The account to try: the local admin of an `--empty` data folder, else the demo's staff. */
function whoToSignInAs(): string {
  try {
    const admin = readLocalAdmin(resolve(ROOT_DIR, process.env[DATA_DIR_ENV] || DATA_DIR));
    if (admin) return `Sign in as ${admin.email} (the password npm start prints)`;
  } catch {
    // An unreadable file says nothing about which stack is running: fall back to the demo's.
  }
  return 'Sign in as staff@encore.test (password encore-staff)';
}

try {
  const host = await authHost();
  const projectId = process.env.GCLOUD_PROJECT ?? DEFAULT_PROJECT_ID;
  let codes;
  try {
    codes = await latestCodes(host, projectId);
  } catch (error) {
    throw new Error(`cannot reach the Auth emulator at ${host} (is npm start running?): ${(error as Error).message}`, { cause: error });
  }
  if (codes.length === 0) {
    console.log(`No SMS codes yet: a code is made when the app asks for one. ${whoToSignInAs()}, then run this again.`);
  } else {
    console.log(`SMS codes from the Auth emulator at ${host} (project ${projectId}), the newest of each number, newest last:`);
    for (const code of codes) console.log(`  ${describeCode(code)}`);
  }
  process.exit(0);
} catch (error) {
  console.error(`mfa-code: ${(error as Error).message}`);
  process.exit(1);
}
