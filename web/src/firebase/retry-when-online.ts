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
  let failures = 0;
  let cancelWait: () => void = () => {};

  const attempt = () => {
    cancelWait();
    cancelWait = () => {};
    if (stopped || running || done) return;
    running = true;
    task().then(
      () => {
        running = false;
        done = true;
      },
      (error: unknown) => {
        running = false;
        if (stopped) return;
        onFailure(error);
        const unsubscribe = environment.onOnline(attempt);
        const cancelTimer = environment.isOnline()
          ? environment.after(RETRY_PAUSES_MS[Math.min(failures, RETRY_PAUSES_MS.length - 1)]!, attempt)
          : () => {};
        failures += 1;
        cancelWait = () => {
          unsubscribe();
          cancelTimer();
        };
      },
    );
  };

  attempt();
  return {
    retryNow: attempt,
    stop() {
      stopped = true;
      cancelWait();
    },
  };
}
