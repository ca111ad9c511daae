/**
 * The start of `npm start` and `npm run emulators`, once the stop signals are armed: the
 * Auth emulator starts first of all (its ~5 s of CPU, in its own thread, is the longest part
 * of the start-up), before the rest of the CLI is even loaded; then the festival.
 */
import { startAuthEmulator } from '../stack/auth-emulator.js';
import { setStateAside } from '../stack/fresh-start.js';
import { chooseStartMode, StartRefused, type StartMode } from '../stack/start-mode.js';
import { DEFAULT_PROJECT_ID } from '../stack/project.js';
import { shownPath } from '../stack/shown-path.js';
import { ROOT_DIR } from './root-dir.js';
import { readSettings } from './settings.js';
import { importUnlessStopped, type StopSignals } from './stop-signals.js';

export async function main({ web, stop }: { web: boolean; stop: StopSignals }): Promise<void> {
  const startedAt = performance.now();
  let settings;
  try {
    settings = await readSettings();
  } catch (error) {
    console.error(`[encore] ${(error as Error).message}`);
    process.exit(2);
  }
  const shownDataDir = shownPath(ROOT_DIR, settings.dataDir);
  if (settings.fresh) {
    const previous = setStateAside(settings.dataDir);
    const what = settings.empty ? 'empty (no festival, no demo account)' : 'again with the demo festival';
    console.log(`[encore] --fresh: starting ${what}; ${previous ? `the saved state is kept in ${shownPath(ROOT_DIR, previous)}/ until the next --fresh` : 'there was no saved state'}`);
  }
  let start: StartMode;
  try {
    start = chooseStartMode({ dataDir: settings.dataDir, empty: settings.empty, shownDataDir });
  } catch (error) {
    console.error(`[encore] ${error instanceof StartRefused ? '--empty: ' : ''}${(error as Error).message}`);
    process.exit(2);
  }
  if (start.kind === 'empty' && start.remembered) console.log(`[encore] ${shownDataDir}/ was started with --empty: starting it empty again (no demo festival)`);
  const auth = startAuthEmulator({
    projectId: DEFAULT_PROJECT_ID,
    port: settings.ports.auth,
    dataDir: settings.dataDir,
    fresh: settings.fresh,
    signal: stop.signal,
    // No text is sent locally: the code a person would get by SMS (staff sign-in) shows here.
    onVerificationCode: ({ code, phoneNumber, accounts }) =>
      console.log(`[encore] Auth: SMS code ${code} for ${phoneNumber}${accounts.length > 0 ? ` (${accounts.join(', ')})` : ''} (also: npm run mfa-code)`),
  });
  // A failure surfaces where the festival awaits it; this keeps Node from reporting it early.
  auth.catch(() => {});
  // A Ctrl-C while it loads: Auth, if it got as far as starting, stops and saves its accounts.
  const { runFestival } = await importUnlessStopped(stop, () => import('./festival-main.js'), async () => {
    const started = await auth.catch(() => undefined);
    await started?.stop();
  });
  await runFestival({ web, stop, settings, start, auth, startedAt });
}
