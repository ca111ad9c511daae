import type { Favorite, FavoritePriority } from '@encore/model';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { importAfterDataSdk } from '../../app/load-data-sdk';
import { appConfig } from '../../config/firebase-config';
import { initialLiveState, type LiveState } from '../../firebase/live-state';
import type { WithId } from '../../firebase/to-model';
import { useAccount } from '../account/AccountContext';
import { isPending, notYetInFirestore, storagePendingStore, togglePending, withPendingPriority, type PendingFavorite } from './pending-favorites';
import { prioritiesOf, priorityWrite } from './priority';

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

// The Firestore side (the SDK, the schema) loads once there is a uid: see favorites-firestore.ts.
const loadFirestore = () => importAfterDataSdk(() => import('./favorites-firestore'));

/** The live favourites of `uid` for the festival; loading (and empty) while there is no uid. */
function useLiveFavorites(uid: string | null, festivalId: string): LiveState<WithId<Favorite>[]> {
  const [state, setState] = useState<LiveState<WithId<Favorite>[]>>(() => initialLiveState([]));
  useEffect(() => {
    setState(initialLiveState([]));
    if (!uid) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    loadFirestore().then(
      (module) => {
        if (!cancelled) stop = module.listenToFavorites(uid, festivalId, setState);
      },
      (error: unknown) => {
        if (!cancelled) setState((previous) => ({ ...previous, status: 'error', error }));
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [uid, festivalId]);
  return state;
}

/**
 * Favourites live from Firestore, under the visitor's uid. Firestore queues writes made
 * offline by itself; what it cannot queue is a heart given before there is any uid (the app
 * first opened offline), so those wait on the device (pending-favorites.ts) and are written
 * as soon as the sign-in gets through.
 */
export function FavoritesProvider({ children }: { children: ReactNode }) {
  const { account, ensureSignedIn } = useAccount();
  const uid = account?.uid ?? null;
  const festivalId = appConfig.festivalId;
  const store = useMemo(() => storagePendingStore(window.localStorage), []);
  const live = useLiveFavorites(uid, festivalId);
  const [writeError, setWriteError] = useState<unknown>(null);
  const inFirestore = useMemo(() => new Set(live.data.map((favorite) => favorite.id)), [live.data]);
  const hiddenFromFriends = useSameMembers(useMemo(() => new Set(live.data.filter((favorite) => favorite.hiddenFromFriends === true).map((favorite) => favorite.id)), [live.data]));
  const heartedAt = useSameEntries(useMemo(() => new Map(live.data.map((favorite) => [favorite.id, favorite.createdAt])), [live.data]));

  // Hearts waiting for a uid, kept on the device across reloads.
  const [waiting, setWaiting] = useState<PendingFavorite[]>(() => store.load(festivalId));
  useEffect(() => store.save(festivalId, waiting), [store, festivalId, waiting]);
  // Firestore's priorities, and those tapped on hearts still waiting for an account.
  const priorities = useSameEntries(
    useMemo(() => prioritiesOf([...live.data, ...notYetInFirestore(waiting, inFirestore)]), [live.data, waiting, inFirestore]),
  );

  // Once there is a uid and the listener has shown what Firestore holds, write the waiting
  // hearts it lacks (each once: the rules refuse a second create; only a priority is ever updated).
  const written = useRef(new Set<string>());
  const listenerReady = uid !== null && live.status === 'ready';
  useEffect(() => {
    if (!listenerReady || !uid) return;
    for (const { id: performanceId, priority } of notYetInFirestore(waiting, inFirestore)) {
      const key = `${uid}/${performanceId}`;
      if (written.current.has(key)) continue;
      written.current.add(key);
      loadFirestore().then((module) => module.addFavorite(uid, festivalId, performanceId, priority)).catch((error: unknown) => {
        // Refused by the backend (a set that no longer exists, say): say so, and let it go.
        setWriteError(error);
        setWaiting((current) => current.filter((entry) => entry.id !== performanceId));
      });
    }
  }, [listenerReady, uid, waiting, inFirestore, festivalId]);

  // Those the listener shows are in Firestore's own (persistent) write queue now.
  useEffect(() => {
    if (!listenerReady) return;
    setWaiting((current) => {
      const left = notYetInFirestore(current, inFirestore);
      return left.length === current.length ? current : left;
    });
  }, [listenerReady, inFirestore]);

  // The same sets while their members are (a snapshot that changes only metadata, say).
  const ids = useSameMembers(useMemo(() => new Set([...inFirestore, ...waiting.map((entry) => entry.id)]), [inFirestore, waiting]));
  const pendingIds = useSameMembers(useMemo(() => (waiting.length === 0 ? live.pendingIds : new Set([...live.pendingIds, ...waiting.map((entry) => entry.id)])), [live.pendingIds, waiting]));

  // One toggle for the provider's life, reading the latest state when a heart is tapped: a new
  // function with every snapshot would hand every set on the page a new context value.
  const latest = useRef({ uid, waiting, inFirestore, priorities, ensureSignedIn, festivalId });
  // Before the browser can deliver the next tap (a layout effect runs as the commit ends).
  useLayoutEffect(() => {
    latest.current = { uid, waiting, inFirestore, priorities, ensureSignedIn, festivalId };
  });
  const toggle = useCallback(async (performanceId: string) => {
    const { uid, waiting, inFirestore, ensureSignedIn, festivalId } = latest.current;
    setWriteError(null);
    if (!uid) {
      // No account yet (first open offline, or Auth still loading): keep it on the device,
      // and nudge the sign-in to try again now.
      setWaiting((current) => togglePending(current, performanceId));
      void ensureSignedIn();
      return;
    }
    if (isPending(waiting, performanceId) && !inFirestore.has(performanceId)) {
      setWaiting((current) => current.filter((entry) => entry.id !== performanceId));
      return;
    }
    // Not awaited: offline, the write resolves only once it syncs; the listener shows it
    // immediately, marked as pending.
    // (With a uid, the listener's chunk is loaded already: this import resolves at once.)
    const write = loadFirestore().then((module) =>
      inFirestore.has(performanceId) ? module.removeFavorite(uid, performanceId) : module.addFavorite(uid, festivalId, performanceId),
    );
    write.catch(setWriteError);
  }, []);

  const setPriority = useCallback(async (performanceId: string, priority: FavoritePriority | null) => {
    const { uid, waiting, inFirestore, priorities, ensureSignedIn, festivalId } = latest.current;
    setWriteError(null);
    if (!uid || (isPending(waiting, performanceId) && !inFirestore.has(performanceId))) {
      // No account yet (or its write of this heart not shown yet): the heart waits on the
      // device with its priority, and is written with it once the account is there.
      setWaiting((current) => withPendingPriority(current, performanceId, priority));
      if (!uid) void ensureSignedIn();
      return;
    }
    const write = priorityWrite(inFirestore.has(performanceId), priorities.get(performanceId), priority);
    if (write.kind === 'none') return;
    // Not awaited, as with a heart: the listener shows the change at once.
    const done = loadFirestore().then((module) =>
      write.kind === 'create' ? module.addFavorite(uid, festivalId, performanceId, write.priority) : module.setFavoritePriority(uid, performanceId, write.priority),
    );
    done.catch(setWriteError);
  }, []);

  const setHiddenFromFriends = useCallback(async (performanceId: string, hidden: boolean) => {
    const { uid, inFirestore } = latest.current;
    setWriteError(null);
    // Only a favourite Firestore holds is in the plan friends see, so only one can be hidden.
    if (!uid || !inFirestore.has(performanceId)) return;
    const done = loadFirestore().then((module) => module.setFavoriteHiddenFromFriends(uid, performanceId, hidden));
    done.catch(setWriteError);
  }, []);

  const value = useMemo<FavoritesState>(
    () => ({
      ids,
      pendingIds,
      hasPendingWrites: live.hasPendingWrites || waiting.length > 0,
      status: uid ? live.status : 'ready',
      error: writeError ?? live.error,
      toggle,
      priorities,
      setPriority,
      heartedAt,
      hiddenFromFriends,
      setHiddenFromFriends,
    }),
    [ids, pendingIds, live.hasPendingWrites, waiting.length, live.status, live.error, uid, writeError, toggle, priorities, setPriority, heartedAt, hiddenFromFriends, setHiddenFromFriends],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

/** The previous set while `set` has the same members. */
function useSameMembers(set: ReadonlySet<string>): ReadonlySet<string> {
  const previous = useRef(set);
  const same = previous.current.size === set.size && [...set].every((id) => previous.current.has(id));
  if (!same) previous.current = set;
  return previous.current;
}

/** The previous map while `map` has the same entries. */
function useSameEntries<V>(map: ReadonlyMap<string, V>): ReadonlyMap<string, V> {
  const previous = useRef(map);
  const same = previous.current.size === map.size && [...map].every(([key, value]) => previous.current.get(key) === value);
  if (!same) previous.current = map;
  return previous.current;
}

export function useFavorites(): FavoritesState {
  const state = useContext(FavoritesContext);
  if (!state) throw new Error('useFavorites needs a FavoritesProvider above it');
  return state;
}
