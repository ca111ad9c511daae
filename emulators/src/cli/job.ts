#!/usr/bin/env node
/**
 * `npm run job -- <name>`: runs an onSchedule function now, through the running
 * functions runner (`POST /_/jobs/{name}`), and exits non-zero when it failed.
 * The runner's address comes from ENCORE_FUNCTIONS_URL, else firebase.json's functions port.
 */
import { portsFromFirebaseJson } from '../stack/ports.js';
import { ROOT_DIR } from './root-dir.js';

const name = process.argv[2];
if (!name || name.startsWith('-')) {
  console.error('usage: npm run job -- <scheduled function name>');
  process.exit(2);
}
const base = process.env.ENCORE_FUNCTIONS_URL ?? `http://127.0.0.1:${portsFromFirebaseJson(ROOT_DIR).functions}`;

try {
  const response = await fetch(`${base}/_/jobs/${encodeURIComponent(name)}`, { method: 'POST' });
  const body = (await response.json()) as { ok?: boolean; attempts?: number; error?: string | { message?: string } };
  if (response.ok) {
    console.log(`${name}: ran (${body.attempts} attempt${body.attempts === 1 ? '' : 's'})`);
    process.exit(0);
  }
  const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? `HTTP ${response.status}`);
  console.error(`${name}: ${message}`);
  process.exit(1);
} catch (error) {
  console.error(`Cannot reach the functions runner at ${base} (is npm start running?): ${(error as Error).message}`);
  process.exit(1);
}
