/**
 * Shared main of `npm start` and `npm run emulators`: start, print, and on Ctrl-C (or
 * SIGTERM) export and stop everything; a second Ctrl-C exits at once.
 */
import { printFestival, startFestival } from '../stack/index.js';
import { ROOT_DIR } from './root-dir.js';

export async function runFestival(web: boolean): Promise<void> {
  const fresh = process.argv.includes('--fresh');
  let festival;
  try {
    festival = await startFestival({ rootDir: ROOT_DIR, web, fresh });
  } catch (error) {
    console.error(`[encore] failed to start: ${error instanceof Error ? error.message : String(error)}`);
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
