import { describe, expect, it } from 'vitest';
import { retryWhenOnline, RETRY_PAUSES_MS, type RetryEnvironment } from './retry-when-online';

/** A browser whose connection and clock the test drives. */
function fakeBrowser(online: boolean) {
  const onlineListeners = new Set<() => void>();
  const timers: Array<{ ms: number; callback: () => void; cancelled: boolean }> = [];
  const environment: RetryEnvironment = {
    isOnline: () => online,
    onOnline(callback) {
      onlineListeners.add(callback);
      return () => onlineListeners.delete(callback);
    },
    after(ms, callback) {
      const timer = { ms, callback, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  return {
    environment,
    goOnline() {
      online = true;
      for (const listener of [...onlineListeners]) listener();
    },
    pendingTimers: () => timers.filter((timer) => !timer.cancelled),
    fireTimers() {
      for (const timer of timers.splice(0)) if (!timer.cancelled) timer.callback();
    },
    listenerCount: () => onlineListeners.size,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A task that fails `failures` times with a network error, then succeeds. */
function flakyTask(failures: number) {
  const task = Object.assign(
    async () => {
      task.calls += 1;
      if (task.calls <= failures) throw Object.assign(new Error('offline'), { code: 'auth/network-request-failed' });
    },
    { calls: 0 },
  );
  return task;
}

describe('retryWhenOnline', () => {
  it('tries again when the browser comes back online, and stops once it succeeds', async () => {
    const browser = fakeBrowser(false);
    const task = flakyTask(1);
    const failures: unknown[] = [];
    retryWhenOnline(task, { environment: browser.environment, onFailure: (error) => failures.push(error) });
    await settle();
    expect(task.calls).toBe(1);
    expect(failures).toHaveLength(1);
    // Offline: no timer, only the online event brings the next attempt.
    expect(browser.pendingTimers()).toHaveLength(0);

    browser.goOnline();
    await settle();
    expect(task.calls).toBe(2);
    expect(browser.listenerCount()).toBe(0);
    browser.goOnline();
    await settle();
    expect(task.calls).toBe(2);
  });

  it('backs off with growing pauses while the browser says it is online', async () => {
    const browser = fakeBrowser(true);
    const task = flakyTask(3);
    retryWhenOnline(task, { environment: browser.environment });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await settle();
      expect(task.calls).toBe(attempt);
      expect(browser.pendingTimers().map((timer) => timer.ms)).toEqual([RETRY_PAUSES_MS[attempt - 1]]);
      browser.fireTimers();
    }
    await settle();
    expect(task.calls).toBe(4);
    expect(browser.pendingTimers()).toHaveLength(0);
  });

  it('retryNow skips the pause; stop ends every wait', async () => {
    const browser = fakeBrowser(true);
    const task = flakyTask(5);
    const retrying = retryWhenOnline(task, { environment: browser.environment });
    await settle();
    retrying.retryNow();
    await settle();
    expect(task.calls).toBe(2);
    retrying.stop();
    expect(browser.pendingTimers()).toHaveLength(0);
    expect(browser.listenerCount()).toBe(0);
    retrying.retryNow();
    await settle();
    expect(task.calls).toBe(2);
  });

  it('tries again at once when the connection returns while an attempt made offline is still failing', async () => {
    const browser = fakeBrowser(false);
    let fail: (error: Error) => void = () => {};
    let calls = 0;
    const task = () => {
      calls += 1;
      return calls === 1 ? new Promise<void>((_, reject) => (fail = reject)) : Promise.resolve();
    };
    retryWhenOnline(task, { environment: browser.environment });
    browser.goOnline(); // while the first attempt is still in flight
    fail(new Error('offline'));
    await settle();
    expect(calls).toBe(2);
    expect(browser.pendingTimers()).toHaveLength(0);
    expect(browser.listenerCount()).toBe(0);
  });

  it('does not lengthen the pause for attempts that failed while offline', async () => {
    const browser = fakeBrowser(false);
    const task = flakyTask(5);
    const retrying = retryWhenOnline(task, { environment: browser.environment });
    for (let tap = 0; tap < 3; tap++) {
      await settle();
      retrying.retryNow(); // a heart tapped again and again while offline
    }
    await settle();
    expect(task.calls).toBe(4);
    expect(browser.pendingTimers()).toHaveLength(0);
    browser.goOnline();
    await settle();
    expect(task.calls).toBe(5);
    // The first failure with a connection waits the first pause, not the fifth.
    expect(browser.pendingTimers().map((timer) => timer.ms)).toEqual([RETRY_PAUSES_MS[0]]);
  });
});
