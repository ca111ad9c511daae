/**
 * The start of `npm start` and `npm run emulators`, once the stop signals are armed: the
 * Auth emulator starts first of all (its ~5 s of CPU, in its own thread, is the longest part
 * of the start-up), before the rest of the CLI is even loaded; then the festival.
 */
import { startAuthEmulator } from '../stack/auth-emulator.js';
import { setStateAside } from '../stack/fresh-start.js';
import { DEFAULT_PROJECT_ID } from '../stack/project.js';
import { shownPath } from '../stack/shown-path.js';
import { ROOT_DIR } from './root-dir.js';
import { readSettings } from './settings.js';
import type { StopSignals } from './stop-signals.js';

export async function main({ web, stop }: { web: boolean; stop: StopSignals }): Promise<void> {
  const startedAt = performance.now();
  let settings;
  try {
    settings = await readSettings();
  } catch (error) {
    console.error(`[encore] ${(error as Error).message}`);
    process.exit(2);
  }
  if (settings.fresh) {
    const previous = setStateAside(settings.dataDir);
    if (previous) console.log(`[encore] --fresh: starting empty; the saved state is kept in ${shownPath(ROOT_DIR, previous)}/ until the next --fresh`);
  }
  const auth = startAuthEmulator({
    projectId: DEFAULT_PROJECT_ID,
    port: settings.ports.auth,
    dataDir: settings.dataDir,
    fresh: settings.fresh,
    signal: stop.signal,
    // No text is sent locally: the code a person would get by SMS (staff sign-in) shows here.
    onVerificationCode: ({ code, phoneNumber }) => console.log(`[encore] Auth: SMS code ${code} for ${phoneNumber} (also: npm run mfa-code)`),
  });
  // A failure surfaces where the festival awaits it; this keeps Node from reporting it early.
  auth.catch(() => {});
  const { runFestival } = await import('./festival-main.js');
  await runFestival({ web, stop, settings, auth, startedAt });
}
