/**
 * Ctrl-C and SIGTERM for `npm start` and `npm run emulators`, installed before anything else
 * the CLI does: a signal that arrives during the build, while Auth starts or while the seed
 * uploads photos must stop the start-up, not be lost. Installing a handler also takes the
 * signal back when it was inherited as ignored (a process started in the background from a
 * script ignores SIGINT until it installs one).
 *
 * The first signal aborts `signal` (everything listening stops and saves its state); a
 * second one exits at once. Whatever way the process exits, the child process groups it
 * started are killed (threads end with the process by themselves).
 *
 * One Ctrl-C often arrives twice: the terminal signals the whole foreground process group
 * (npm and us), and npm forwards what it got to its child (us) too. So a signal within
 * `SAME_KEYPRESS_MS` of the first is taken as that same one; a person's second Ctrl-C
 * comes later.
 */
import { killChildGroups } from '../stack/child-process.js';

export interface StopSignals {
  /** Aborted by the first SIGINT or SIGTERM; its reason names the signal. */
  signal: AbortSignal;
}

export class StopRequested extends Error {
  override name = 'StopRequested';
  constructor(readonly signalName: NodeJS.Signals) {
    super(`stopped by ${signalName}`);
  }
}

export const SAME_KEYPRESS_MS = 300;

export function installStopSignals(say: (line: string) => void = (line) => console.log(line)): StopSignals {
  const controller = new AbortController();
  let firstAt = 0;
  const onSignal = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      if (performance.now() - firstAt < SAME_KEYPRESS_MS) return;
      say(`[encore] ${name} again: exiting now, without saving`);
      process.exit(130);
    }
    firstAt = performance.now();
    say(`\n[encore] ${name}: saving state and stopping... (${name === 'SIGINT' ? 'Ctrl-C' : name} again exits at once)`);
    controller.abort(new StopRequested(name));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', killChildGroups);
  return { signal: controller.signal };
}

/**
 * `load()`, an import of the CLI's own TypeScript, unless a stop came first. Ctrl-C reaches the
 * terminal's whole foreground process group, and with it the esbuild service tsx compiles the
 * CLI with: an import still being compiled then fails ("The service was stopped"), which was an
 * uncaught error and a stack trace on the way out. After a stop that failure is the stop itself:
 * `stopped()` ends what had started, and the process exits as a clean stop does. Without a stop
 * the error is the caller's.
 */
export async function importUnlessStopped<T>(stop: StopSignals, load: () => Promise<T>, stopped: () => Promise<void> = async () => {}): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    await stopped();
    console.log('[encore] stopped during start-up');
    process.exit(0);
  }
}
