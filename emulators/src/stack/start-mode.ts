/**
 * What a start of `npm start` / `npm run emulators` holds: the demo festival (`encore-2026`
 * with its test accounts, seeded and completed on every start) or nothing (`--empty`: no
 * festival, no demo account, one local project admin whose password is kept in the data
 * folder, `local-admin.json`).
 *
 * The choice is the data folder's: once started with `--empty`, every later start of it stays
 * empty (the demo is never seeded into an organiser's own data). `--fresh` sets the saved
 * state aside, that file included (fresh-start.ts), so `--fresh` starts again with the demo
 * and `--fresh --empty` starts again empty. `--empty` on a folder holding the demo's state is
 * refused rather than mixing the two.
 */
import { hasSavedState } from './fresh-start.js';
import { makeLocalAdmin, readLocalAdmin, type LocalAdminAccount } from './local-admin.js';

export type StartMode =
  | { kind: 'demo' }
  /** `remembered`: the folder was started with --empty before and this start was not asked for it. */
  | { kind: 'empty'; admin: LocalAdminAccount; remembered: boolean };

export class StartRefused extends Error {}

/**
 * Decides what this start holds, after a --fresh has set the saved state aside: the folder's
 * remembered choice, else `--empty` (which then makes the local admin), else the demo.
 */
export function chooseStartMode({ dataDir, empty, shownDataDir }: { dataDir: string; empty: boolean; shownDataDir: string }): StartMode {
  const admin = readLocalAdmin(dataDir);
  if (admin) return { kind: 'empty', admin, remembered: !empty };
  if (!empty) return { kind: 'demo' };
  if (hasSavedState(dataDir)) {
    throw new StartRefused(`${shownDataDir}/ holds the demo festival's state: \`--fresh --empty\` sets it aside (in ${shownDataDir}/previous/) and starts empty`);
  }
  return { kind: 'empty', admin: makeLocalAdmin(dataDir), remembered: false };
}
