/**
 * `npm start -- --fresh`: start again without destroying anything. The saved state (Auth's
 * export, Firestore's, Storage's and Pub/Sub's data folders, the runner's pending events, an
 * export of the old layout, and the `--empty` choice with its local admin, start-mode.ts) is
 * moved into `{dataDir}/previous/` (replacing an older one there), so a fresh start that was
 * a mistake can be undone by moving it back; the logs stay where they are. The start then
 * holds the demo festival, or nothing with `--empty`.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_ADMIN_FILE } from './data-dir.js';
import { FIRESTORE_DATA, FUNCTIONS_EVENTS_DATA, PUBSUB_DATA, STORAGE_DATA } from './stack.js';

/** Everything under the data folder that is state (not logs), old export layout included. */
const STATE_ENTRIES = ['auth', FIRESTORE_DATA, STORAGE_DATA, PUBSUB_DATA, FUNCTIONS_EVENTS_DATA, 'firestore_export', 'storage', LOCAL_ADMIN_FILE] as const;
export const PREVIOUS_DIR = 'previous';

/** Whether the data folder holds state a start would import. */
export function hasSavedState(dataDir: string): boolean {
  return STATE_ENTRIES.some((entry) => existsSync(join(dataDir, entry)));
}

/** Moves the saved state aside; returns where it went, or null when there was none. */
export function setStateAside(dataDir: string): string | null {
  const present = STATE_ENTRIES.filter((entry) => existsSync(join(dataDir, entry)));
  if (present.length === 0) return null;
  const previous = join(dataDir, PREVIOUS_DIR);
  rmSync(previous, { recursive: true, force: true });
  mkdirSync(previous, { recursive: true });
  for (const entry of present) renameSync(join(dataDir, entry), join(previous, entry));
  return previous;
}
