/**
 * What `npm start` and `npm run emulators` are asked for, from the command line and the
 * environment: `--fresh`, `--empty` (no festival, no demo account: a local project admin;
 * stack/start-mode.ts), `--verbose`, `--lenient-indexes` (log queries firestore.indexes.json
 * does not serve instead of refusing them), `--no-artwork` (seed no artwork or site plan), ENCORE_PORTS (`free` or `+N`, see stack/ports.ts) and
 * ENCORE_DATA_DIR (default `.encore-data/`). Light on purpose: read before the rest of the
 * CLI loads, so the Auth emulator can start first.
 */
import { resolve } from 'node:path';
import { DATA_DIR } from '../stack/data-dir.js';
import { parsePortSetting, portsFromFirebaseJson, PORTS_ENV, resolvePorts, type StackPorts } from '../stack/ports.js';
import { ROOT_DIR } from './root-dir.js';

export const DATA_DIR_ENV = 'ENCORE_DATA_DIR';

export interface Settings {
  /** Set the saved state aside (in `previous/`) and start again: with the demo, or empty with `empty`. */
  fresh: boolean;
  /** Start with no festival and no demo account (remembered by the data folder). */
  empty: boolean;
  verbose: boolean;
  ports: StackPorts;
  dataDir: string;
  /** Refuse queries firestore.indexes.json does not serve, as production does (default). */
  strictIndexes: boolean;
  /** Send the artists' artwork and the site plan through the image pipeline after "ready" (default); `--no-artwork` leaves them out. */
  artwork: boolean;
}

export async function readSettings(argv = process.argv, env = process.env): Promise<Settings> {
  return {
    fresh: argv.includes('--fresh'),
    empty: argv.includes('--empty'),
    verbose: argv.includes('--verbose'),
    ports: await resolvePorts(portsFromFirebaseJson(ROOT_DIR), parsePortSetting(env[PORTS_ENV])),
    dataDir: resolve(ROOT_DIR, env[DATA_DIR_ENV] || DATA_DIR),
    strictIndexes: !argv.includes('--lenient-indexes'),
    artwork: !argv.includes('--no-artwork'),
  };
}
