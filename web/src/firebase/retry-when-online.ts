/**
 * Runs a task until it succeeds, through offline periods: after a failure it tries again when
 * the browser comes back online, or after a growing pause when the browser believes it is
 * online already (a network with no way out, a server hiccup). Never throws: a task's
 * failures are reported to `onFailure` and tried again.
 */
export interface RetryEnvironment {
  isOnline(): boolean;
  /** Calls back on the browser's `online` event; returns the unsubscribe. */
  onOnline(callback: () => void): () => void;
  /** Calls back once after `ms`; returns the cancel. */
  after(ms: number, callback: () => void): () => void;
}

export const browserEnvironment: RetryEnvironment = {
  isOnline: () => navigator.onLine,
  onOnline(callback) {
    window.addEventListener('online', callback);
    return () => window.removeEventListener('online', callback);
  },
  after(ms, callback) {
    const timer = window.setTimeout(callback, ms);
    return () => window.clearTimeout(timer);
  },
};

/** Pauses between attempts while the browser reports a connection; the last one repeats. */
export const RETRY_PAUSES_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

export interface Retrying {
  /** Tries again now if the task is waiting for its next attempt (someone needs it done). */
  retryNow(): void;
  stop(): void;
}

export function retryWhenOnline(
  task: () => Promise<unknown>,
  { onFailure = () => {}, environment = browserEnvironment }: { onFailure?: (error: unknown) => void; environment?: RetryEnvironment } = {},
): Retrying {
  let stopped = false;
  let running = false;
  let done = false;
  /** A reason to try again (the connection came back, someone asked) arrived while an attempt ran. */
  let again = false;
  /** Failures while the browser said it was online: only those grow the pause (offline ones are expected). */
  let onlineFailures = 0;
  let cancelTimer: () => void = () => {};
  // Listened to for the whole wait, not only between attempts: the connection often returns while
  // an attempt made offline is still failing, and that `online` event must not be missed.
  const unsubscribe = environment.onOnline(() => attempt());

  const finish = () => {
    cancelTimer();
    unsubscribe();
  };

  function attempt() {
    if (stopped || done) return;
    if (running) {
      again = true;
      return;
    }
    cancelTimer();
    cancelTimer = () => {};
    running = true;
    again = false;
    task().then(
      () => {
        running = false;
        done = true;
        finish();
      },
      (error: unknown) => {
        running = false;
        if (stopped) return;
        onFailure(error);
        if (again && environment.isOnline()) {
          attempt();
          return;
        }
        if (!environment.isOnline()) return; // the `online` event brings the next attempt
        cancelTimer = environment.after(RETRY_PAUSES_MS[Math.min(onlineFailures, RETRY_PAUSES_MS.length - 1)]!, attempt);
        onlineFailures += 1;
      },
    );
  }

  attempt();
  return {
    retryNow: attempt,
    stop() {
      stopped = true;
      finish();
    },
  };
}
