import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SignedInAccount } from '../../firebase/auth';
import { afterFirstContent } from '../../app/first-content';
import { importAfterDataSdk } from '../../app/load-data-sdk';
import { retryWhenOnline, type Retrying } from '../../firebase/retry-when-online';
import { signInOnDemand } from './sign-in-on-demand';

/**
 * Who is using the app. The Auth SDK (35 KB) is loaded once the first content has been
 * painted (app/first-content.ts: the programme's sets do not wait for it, nor share the
 * network with it), or at once when something needs the uid first (`ensureSignedIn`, a
 * heart tapped before then), and finds a returning visitor's account on the device. A
 * visitor with none stays without one (`account` null) while they only browse: the first
 * act that needs a uid (`ensureSignedIn`) signs them in anonymously, then or when the
 * connection returns (sign-in-on-demand.ts).
 */
export interface AccountState {
  /** undefined while the Auth SDK is still loading; null with no account (a visitor who has only browsed). */
  account: SignedInAccount | null | undefined;
  /**
   * The uid, for an act that needs one: resolves at once for a signed-in visitor; otherwise
   * starts the anonymous sign-in and resolves as soon as it gets through (which, offline,
   * waits for the network). Never rejects.
   */
  ensureSignedIn(): Promise<string>;
}

const AccountContext = createContext<AccountState | null>(null);

// After the Firestore SDK and zod (app/load-data-sdk.ts): the account's schemas need zod, and
// imported beside it the Auth SDK, zod and those schemas were evaluated in one task, with
// Auth's start after them (~70 ms unthrottled on a first visit, the longest task after the sets).
const loadAuth = () => importAfterDataSdk(() => import('../../firebase/auth'));

export function AccountProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<SignedInAccount | null | undefined>(undefined);
  // Made at the first render, not in the effect: a page's effects (a child's asking for a uid
  // on mount) run before this provider's, and their request must not be lost.
  const [signIn] = useState(signInOnDemand);
  const waiting = useRef<Array<(uid: string) => void>>([]);
  const uid = useRef<string | null>(null);

  /** Starts loading the Auth SDK now, if it is not already on its way. */
  const startAuth = useRef<() => void>(() => {});

  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    let loading: Retrying | null = null;
    const start = () => {
      if (cancelled || loading) return;
      // The Auth chunk itself may fail to load (offline before it was ever cached): that is
      // retried too, when the connection returns.
      loading = retryWhenOnline(async () => {
        // Auth's start (reading the persisted user from IndexedDB) comes a task after its
        // module's evaluation (importAfterDataSdk).
        const module = await loadAuth();
        if (cancelled) return;
        // A transition: who is signed in reaches every page, and React renders that in slices.
        const unwatch = module.watchAccount((next) => startTransition(() => setAccount(next)));
        signIn.authLoaded(module.signInAnonymouslyWhenOnline);
        cleanup = () => {
          unwatch();
          signIn.stop();
        };
      });
    };
    startAuth.current = start;
    void afterFirstContent().then(start);
    return () => {
      cancelled = true;
      loading?.stop();
      cleanup();
    };
  }, [signIn]);

  useEffect(() => {
    uid.current = account?.uid ?? null;
    if (account) for (const resolve of waiting.current.splice(0)) resolve(account.uid);
  }, [account]);

  const ensureSignedIn = useCallback(() => {
    if (uid.current) return Promise.resolve(uid.current);
    startAuth.current();
    signIn.request();
    return new Promise<string>((resolve) => waiting.current.push(resolve));
  }, [signIn]);

  const value = useMemo(() => ({ account, ensureSignedIn }), [account, ensureSignedIn]);
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): AccountState {
  const state = useContext(AccountContext);
  if (!state) throw new Error('useAccount needs an AccountProvider above it');
  return state;
}


