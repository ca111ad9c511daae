import type { FavoritePriority } from '@encore/model';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { afterFirstContent } from '../../app/first-content';
import { importWithRetry } from '../../app/lazy-page';
import { appConfig } from '../../config/firebase-config';
import { useAccount } from '../account/AccountContext';
import type { FavoritesLiveProps } from './FavoritesLive';
import { storagePendingStore, togglePending, withPendingPriority, type PendingFavorite } from './pending-favorites';
import { prioritiesOf } from './priority';

/** One's favourites for this festival, live, with the ones still waiting to sync. */
export interface FavoritesState {
  ids: ReadonlySet<string>;
  /** Favourites changed on this device that the backend has not confirmed yet. */
  pendingIds: ReadonlySet<string>;
  /** Any favourite change (an un-favourite too) still waiting to sync. */
  hasPendingWrites: boolean;
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  toggle(performanceId: string): Promise<void>;
  /** Must-see or maybe per favourite; a plain favourite is not in it. */
  priorities: ReadonlyMap<string, FavoritePriority>;
  /** When each favourite Firestore holds was given; a heart still waiting on the device has none yet. */
  heartedAt: ReadonlyMap<string, Date>;
  /**
   * Must-see, maybe, or (null) plain: on a set that is not a favourite yet, it becomes one
   * with that priority. Before there is an account, the set waits on the device with it.
   */
  setPriority(performanceId: string, priority: FavoritePriority | null): Promise<void>;
  /** Favourites left out of the plan one's friends see (issue 25). */
  hiddenFromFriends: ReadonlySet<string>;
  /** Leaves a favourite out of the plan friends see, or puts it back (a toggle like a priority). */
  setHiddenFromFriends(performanceId: string, hidden: boolean): Promise<void>;
}

const FavoritesContext = createContext<FavoritesState | null>(null);

/**
 * The live side (FavoritesLive.tsx: the Firestore listener and every write; 0.5 KB gzipped
 * off the first page, `npm run bench -- bundle-size`) loads apart, once the first page is on
 * screen or at the first tap before then: the first page's download carries only what shows
 * the hearts waiting on the device and keeps a tap.
 * Loaded once; a failed load (offline before the service worker has it) is tried again at
 * the next tap, or when the connection returns.
 */
let loadingLive: Promise<ComponentType<FavoritesLiveProps>> | null = null;
function loadLive(): Promise<ComponentType<FavoritesLiveProps>> {
  loadingLive ??= importWithRetry(() => import('./FavoritesLive')).then(
    (module) => module.FavoritesLive,
    (error: unknown) => {
      loadingLive = null;
      throw error;
    },
  );
  return loadingLive;
}

const NONE: ReadonlySet<string> = new Set();
const NO_DATES: ReadonlyMap<string, Date> = new Map();

/**
 * One's favourites: the hearts waiting on this device (given before there was an account,
 * kept in localStorage across reloads) from the first render, then, once its code is in,
 * what FavoritesLive reports (Firestore's favourites with those). A tap before then is kept
 * with the waiting ones, exactly as a tap before the account is known always was (filled at
 * once, saved on the device, offline too), and FavoritesLive writes it once there is a uid.
 */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const { account, ensureSignedIn } = useAccount();
  const festivalId = appConfig.festivalId;
  const store = useMemo(() => storagePendingStore(window.localStorage), []);
  const [waiting, setWaiting] = useState<PendingFavorite[]>(() => store.load(festivalId));
  useEffect(() => store.save(festivalId, waiting), [store, festivalId, waiting]);
  // Hearts kept from an earlier visit that had no account yet (given offline, then reloaded):
  // they still need one, so this visit asks for it too (the sign-in waits for the network).
  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (account === null && hasWaiting) void ensureSignedIn();
  }, [account, hasWaiting, ensureSignedIn]);

  const [Live, setLive] = useState<ComponentType<FavoritesLiveProps> | null>(null);
  const startLive = useCallback(() => {
    loadLive().then(
      (component) => setLive(() => component),
      // Offline before the service worker has the chunk: the hearts stay on the device meanwhile.
      (error: unknown) => console.warn('Favourites will sync once their code loads:', error),
    );
  }, []);
  useEffect(() => {
    let cancelled = false;
    void afterFirstContent().then(() => {
      if (!cancelled) startLive();
    });
    return () => {
      cancelled = true;
    };
  }, [startLive]);
  useEffect(() => {
    if (Live) return;
    window.addEventListener('online', startLive);
    return () => window.removeEventListener('online', startLive);
  }, [Live, startLive]);
  const [live, setLiveState] = useState<FavoritesState | null>(null);

  // Until FavoritesLive reports: the no-account paths of its toggle and setPriority.
  const toggle = useCallback(
    async (performanceId: string) => {
      setWaiting((current) => togglePending(current, performanceId));
      void ensureSignedIn();
      startLive();
    },
    [ensureSignedIn, startLive],
  );
  const setPriority = useCallback(
    async (performanceId: string, priority: FavoritePriority | null) => {
      setWaiting((current) => withPendingPriority(current, performanceId, priority));
      void ensureSignedIn();
      startLive();
    },
    [ensureSignedIn, startLive],
  );
  const onDevice = useMemo<FavoritesState>(() => {
    const ids = new Set(waiting.map((entry) => entry.id));
    return {
      ids,
      pendingIds: ids,
      hasPendingWrites: waiting.length > 0,
      // With an account, its favourites are not known yet.
      status: account ? 'loading' : 'ready',
      error: null,
      toggle,
      priorities: prioritiesOf(waiting),
      setPriority,
      heartedAt: NO_DATES,
      hiddenFromFriends: NONE,
      // Only a favourite Firestore holds can be hidden from friends, and none is shown yet.
      setHiddenFromFriends: async () => {},
    };
  }, [waiting, account, toggle, setPriority]);

  return (
    <FavoritesContext.Provider value={live ?? onDevice}>
      {Live && <Live waiting={waiting} setWaiting={setWaiting} onState={setLiveState} />}
      {children}
    </FavoritesContext.Provider>
  );
}

export function useFavorites(): FavoritesState {
  const state = useContext(FavoritesContext);
  if (!state) throw new Error('useFavorites needs a FavoritesProvider above it');
  return state;
}
