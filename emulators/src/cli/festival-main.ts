/**
 * Shared main of `npm start` and `npm run emulators`: start, print, and on Ctrl-C (or
 * SIGTERM), at any moment, save and stop everything (stop-signals.ts). Function calls and
 * logs show as short lines, and go in full to `.encore-data/logs/functions.jsonl`.
 *
 * Environment: ENCORE_PORTS (`free` or `+N`, see stack/ports.ts) moves the whole stack off
 * the fixed ports; ENCORE_DATA_DIR keeps the state somewhere else than `.encore-data/`.
 */
import { join, relative, resolve } from 'node:path';
import { DATA_DIR, festivalBanner, parsePortSetting, portsFromFirebaseJson, resolvePorts, startFestival, PORTS_ENV } from '../stack/index.js';
import { openFunctionsLog } from './functions-log.js';
import { ROOT_DIR } from './root-dir.js';
import { StopRequested, type StopSignals } from './stop-signals.js';

export const DATA_DIR_ENV = 'ENCORE_DATA_DIR';

export async function runFestival({ web, stop }: { web: boolean; stop: StopSignals }): Promise<void> {
  const started = performance.now();
  const fresh = process.argv.includes('--fresh');
  const verbose = process.argv.includes('--verbose');
  let functionsLog: ReturnType<typeof openFunctionsLog> | undefined;
  try {
    const ports = await resolvePorts(portsFromFirebaseJson(ROOT_DIR), parsePortSetting(process.env[PORTS_ENV]));
    const dataDir = resolve(ROOT_DIR, process.env[DATA_DIR_ENV] || DATA_DIR);
    const logFile = join(dataDir, 'logs', 'functions.jsonl');
    functionsLog = openFunctionsLog({
      file: logFile,
      shownAs: relative(ROOT_DIR, logFile),
      console: process.stdout,
      // hasColors() is false under NO_COLOR, NODE_DISABLE_COLORS and TERM=dumb, true under FORCE_COLOR.
      colour: process.stdout.isTTY === true && process.stdout.hasColors(),
      verbose,
    });
    const festival = await startFestival({ rootDir: ROOT_DIR, web, fresh, ports, dataDir, signal: stop.signal, functionsLog });
    console.log(festivalBanner(festival, ROOT_DIR));
    await waitForAbort(stop.signal);
    const stopping = performance.now();
    await festival.stop();
    functionsLog.close();
    console.log(`[encore] stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s; state saved in ${relative(ROOT_DIR, dataDir) || '.'}/`);
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
