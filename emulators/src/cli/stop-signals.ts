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
