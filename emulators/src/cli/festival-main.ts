/**
 * Shared main of `npm start` and `npm run emulators`: start, print, and on Ctrl-C (or
 * SIGTERM) export and stop everything; a second Ctrl-C exits at once. Function calls and
 * logs show as short lines, and go in full to `.encore-data/logs/functions.jsonl`.
 */
import { join } from 'node:path';
import { DATA_DIR, printFestival, startFestival } from '../stack/index.js';
import { openFunctionsLog } from './functions-log.js';
import { ROOT_DIR } from './root-dir.js';

const FUNCTIONS_LOG = `${DATA_DIR}/logs/functions.jsonl`;

export async function runFestival(web: boolean): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  const functionsLog = openFunctionsLog({
    file: join(ROOT_DIR, FUNCTIONS_LOG),
    shownAs: FUNCTIONS_LOG,
    console: process.stdout,
    // hasColors() is false under NO_COLOR, NODE_DISABLE_COLORS and TERM=dumb, true under FORCE_COLOR.
    colour: process.stdout.isTTY === true && process.stdout.hasColors(),
  });
  let festival;
  try {
    festival = await startFestival({ rootDir: ROOT_DIR, web, fresh, functionsLog });
  } catch (error) {
    console.error(`[encore] failed to start: ${error instanceof Error ? error.message : String(error)}`);
    functionsLog.close();
    process.exit(1);
  }
  printFestival(festival);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.log(`[encore] ${signal} again: exiting without a clean stop`);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n[encore] ${signal}: saving state and stopping...`);
    festival.stop().then(
      () => {
        functionsLog.close();
        console.log('[encore] stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('[encore] stop failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
