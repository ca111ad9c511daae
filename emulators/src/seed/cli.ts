#!/usr/bin/env node
/** `npm run seed`: loads encore-2026 into the running emulators (see ./index.ts). */
import { seedFestival } from './index.js';

const defaults: Record<string, string> = {
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
  STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199',
};
for (const [name, value] of Object.entries(defaults)) process.env[name] ??= value;

try {
  const report = await seedFestival({ onlyIfEmpty: process.argv.includes('--if-empty') });
  if (report.skipped) {
    console.log(`Seed: ${report.notes.join('; ')}`);
  } else {
    console.log(
      `Seeded ${report.festivalId}: ${report.stages} stages, ${report.artists} artists, ` +
        `${report.performances.created} new and ${report.performances.updated} updated performances, ` +
        `${report.accounts.length} accounts, ${report.photosUploaded} sample photos uploaded.`,
    );
    for (const note of report.notes) console.log(`  note: ${note}`);
  }
  process.exit(0);
} catch (error) {
  console.error(`Seed failed: ${(error as Error).message}`);
  process.exit(1);
}
