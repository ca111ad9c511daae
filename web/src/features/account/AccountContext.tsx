import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SignedInAccount } from '../../firebase/auth';

/**
 * Who is using the app. The Auth SDK is loaded after the first render (it is not needed to
 * show the programme); `ensureSignedIn` signs in anonymously on the first action that needs
 * an account, such as favouriting a set.
 */
export interface AccountState {
  /** undefined while the Auth SDK is still loading; null when signed out. */
  account: SignedInAccount | null | undefined;
  ensureSignedIn(): Promise<string>;
}

const AccountContext = createContext<AccountState | null>(null);

const loadAuth = () => import('../../firebase/auth');

export function AccountProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<SignedInAccount | null | undefined>(undefined);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void loadAuth().then((module) => {
      if (!cancelled) unsubscribe = module.watchAccount(setAccount);
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const ensureSignedIn = useCallback(async () => (await (await loadAuth()).ensureSignedIn()).uid, []);
  const value = useMemo(() => ({ account, ensureSignedIn }), [account, ensureSignedIn]);
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): AccountState {
  const state = useContext(AccountContext);
  if (!state) throw new Error('useAccount needs an AccountProvider above it');
  return state;
}

export function isStaff(account: SignedInAccount | null | undefined): boolean {
  return account?.role === 'staff' || account?.role === 'admin';
}
