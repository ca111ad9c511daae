import type { Retrying } from '../../firebase/retry-when-online';

/**
 * When a visitor with no account gets one: not on opening the app (browsing the programme,
 * the line-up, the map costs no account, and so no monthly active user on Identity Platform's
 * bill), but the first time something needs a uid (a heart, a reaction, a friend, an upload,
 * a report, a push subscription). A returning visitor's persisted account is found by the Auth
 * SDK itself; this only decides when an anonymous sign-in may start.
 */
export interface SignInOnDemand {
  /**
   * The Auth SDK is loaded; `startSignIn` begins the anonymous sign-in (retrying through
   * offline periods, and keeping a persisted account rather than making a second one).
   */
  authLoaded(startSignIn: () => Retrying): void;
  /** Something needs a uid: the sign-in starts now, or as soon as Auth is loaded; asked again, it retries now. */
  request(): void;
  /** Whether anything has asked for an account yet. */
  readonly requested: boolean;
  /**
   * Stops the sign-in under way and forgets the loaded Auth (the provider unmounting); a
   * request made so far is kept, for an `authLoaded` that comes after (a remount).
   */
  stop(): void;
}

export function signInOnDemand(): SignInOnDemand {
  let startSignIn: (() => Retrying) | null = null;
  let requested = false;
  let signingIn: Retrying | null = null;

  const signInIfNeeded = () => {
    if (!requested || !startSignIn) return;
    // One sign-in for the page's life: a second request only hurries the one under way.
    if (signingIn) signingIn.retryNow();
    else signingIn = startSignIn();
  };

  return {
    authLoaded(start) {
      startSignIn = start;
      signInIfNeeded();
    },
    request() {
      requested = true;
      signInIfNeeded();
    },
    get requested() {
      return requested;
    },
    stop() {
      signingIn?.stop();
      signingIn = null;
      startSignIn = null;
    },
  };
}
