/**
 * The festival part of `npm start` and `npm run emulators` (after cli/main.ts): start, print,
 * and on Ctrl-C (or SIGTERM), at any moment, save and stop everything (stop-signals.ts).
 * Function calls and logs show as short lines, and go in full to
 * `.encore-data/logs/functions.jsonl`.
 */
import { join } from 'node:path';
import { shownPath } from '../stack/shown-path.js';
import type { AuthEmulator } from '../stack/auth-emulator.js';
import type { StartMode } from '../stack/start-mode.js';
import { festivalBanner, startFestival } from '../stack/index.js';
import { openFunctionsLog } from './functions-log.js';
import { ROOT_DIR } from './root-dir.js';
import type { Settings } from './settings.js';
import { StopRequested, type StopSignals } from './stop-signals.js';

export interface FestivalRun {
  web: boolean;
  stop: StopSignals;
  settings: Settings;
  /** The demo festival, or an empty start with its local admin (start-mode.ts). */
  start: StartMode;
  /** The Auth emulator, already starting. */
  auth: Promise<AuthEmulator>;
  /** When the CLI began the start (`performance.now()`). */
  startedAt: number;
}

export async function runFestival({ web, stop, settings, start, auth, startedAt }: FestivalRun): Promise<void> {
  const started = startedAt;
  const { fresh, verbose, ports, dataDir, strictIndexes, artwork } = settings;
  let functionsLog: ReturnType<typeof openFunctionsLog> | undefined;
  try {
    const logFile = join(dataDir, 'logs', 'functions.jsonl');
    functionsLog = openFunctionsLog({
      file: logFile,
      shownAs: shownPath(ROOT_DIR, logFile),
      console: process.stdout,
      // hasColors() is false under NO_COLOR, NODE_DISABLE_COLORS and TERM=dumb, true under FORCE_COLOR.
      colour: process.stdout.isTTY === true && process.stdout.hasColors(),
      verbose,
    });
    const festival = await startFestival({ rootDir: ROOT_DIR, web, fresh, start, ports, dataDir, strictIndexes, artwork, signal: stop.signal, functionsLog, auth, startedAt });
    console.log(festivalBanner(festival, ROOT_DIR));
    await waitForAbort(stop.signal);
    const stopping = performance.now();
    await festival.stop();
    functionsLog.close();
    console.log(`[encore] stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s; state saved in ${shownPath(ROOT_DIR, dataDir)}/`);
    process.exit(0);
  } catch (error) {
    functionsLog?.close();
    if (error instanceof StopRequested) {
      console.log(`[encore] stopped during start-up after ${((performance.now() - started) / 1000).toFixed(1)} s; what was written is kept`);
      process.exit(0);
    }
    console.error(`[encore] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
