#!/usr/bin/env node
/**
 * `npm run seed [-- --keep-programme]`: loads encore-2026 into the running emulators (see
 * ./index.ts). With --keep-programme an existing programme is left as it is (what
 * `npm start` does on every start); without, it is upserted again.
 */
import { describeSeed, seedFestival } from './index.js';

const defaults: Record<string, string> = {
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
  STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199',
};
for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;

try {
  const report = await seedFestival({ keepProgramme: process.argv.includes('--keep-programme') });
  console.log(`Seed: ${describeSeed(report)}`);
  for (const note of report.notes) console.log(`  note: ${note}`);
  process.exit(0);
} catch (error) {
  console.error(`Seed failed: ${(error as Error).message}`);
  process.exit(1);
}
