import { describe, expect, it } from 'vitest';
import type { Retrying } from '../../firebase/retry-when-online';
import { signInOnDemand } from './sign-in-on-demand';

/** Counts the sign-ins started and what was asked of each. */
function fakeSignIn() {
  const started: Array<{ retries: number; stopped: boolean }> = [];
  const start = (): Retrying => {
    const attempt = { retries: 0, stopped: false };
    started.push(attempt);
    return {
      retryNow: () => {
        attempt.retries += 1;
      },
      stop: () => {
        attempt.stopped = true;
      },
    };
  };
  return { start, started };
}

describe('signInOnDemand', () => {
  it('starts no sign-in when Auth loads and nothing needs an account (browsing)', () => {
    const signIn = fakeSignIn();
    const onDemand = signInOnDemand();
    onDemand.authLoaded(signIn.start);
    expect(signIn.started).toHaveLength(0);
    expect(onDemand.requested).toBe(false);
  });

  it('starts the sign-in at the first request once Auth is loaded', () => {
    const signIn = fakeSignIn();
    const onDemand = signInOnDemand();
    onDemand.authLoaded(signIn.start);
    onDemand.request();
    expect(signIn.started).toHaveLength(1);
  });

  it('starts the sign-in when Auth loads after a request made while it was loading', () => {
    const signIn = fakeSignIn();
    const onDemand = signInOnDemand();
    onDemand.request();
    expect(signIn.started).toHaveLength(0);
    onDemand.authLoaded(signIn.start);
    expect(signIn.started).toHaveLength(1);
  });

  it('starts one sign-in however many requests, each later one hurrying it', () => {
    const signIn = fakeSignIn();
    const onDemand = signInOnDemand();
    onDemand.authLoaded(signIn.start);
    onDemand.request();
    onDemand.request();
    onDemand.request();
    expect(signIn.started).toEqual([{ retries: 2, stopped: false }]);
  });

  it('stops the sign-in under way, starting none until Auth is loaded again', () => {
    const signIn = fakeSignIn();
    const onDemand = signInOnDemand();
    onDemand.authLoaded(signIn.start);
    onDemand.request();
    onDemand.stop();
    expect(signIn.started).toEqual([{ retries: 0, stopped: true }]);
    onDemand.request();
    expect(signIn.started).toHaveLength(1);
  });

  it('keeps a request across a stop, for the Auth loaded after it (a remount)', () => {
    const signIn = fakeSignIn();
    const onDemand = signInOnDemand();
    onDemand.request();
    onDemand.stop();
    onDemand.authLoaded(signIn.start);
    expect(signIn.started).toEqual([{ retries: 0, stopped: false }]);
  });
});
