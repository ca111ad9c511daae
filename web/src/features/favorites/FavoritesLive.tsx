import type { Favorite, FavoritePriority } from '@encore/model';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { importAfterDataSdk } from '../../app/load-data-sdk';
import { appConfig } from '../../config/firebase-config';
import { initialLiveState, type LiveState } from '../../firebase/live-state';
import type { WithId } from '../../firebase/to-model';
import { useAccount } from '../account/AccountContext';
import type { FavoritesState } from './FavoritesContext';
import { isPending, notYetInFirestore, togglePending, withPendingPriority, type PendingFavorite } from './pending-favorites';
import { prioritiesOf, priorityWrite } from './priority';

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

/** What FavoritesContext hands the live side: the hearts waiting on the device, which it keeps. */
export interface FavoritesLiveProps {
  waiting: PendingFavorite[];
  setWaiting: Dispatch<SetStateAction<PendingFavorite[]>>;
  /** Called (in a layout effect, so before the browser paints) with every new state. */
  onState(state: FavoritesState): void;
}

/**
 * Favourites live from Firestore, under the visitor's uid, and every write: the part of the
 * favourites that FavoritesContext loads once the first page is on screen (or at the first tap
 * before then), and that draws nothing: it hands its state up, and the context passes it on.
 * A visitor who has only browsed has no uid yet: their first heart asks for the account
 * (AccountContext's `ensureSignedIn`). Firestore queues writes made offline by itself; what it
 * cannot queue is a heart given before there is any uid (the first heart, offline, or before
 * the sign-in answers), so those wait on the device (pending-favorites.ts, kept by
 * FavoritesContext) and are written here as soon as the sign-in gets through.
 */
export function FavoritesLive({ waiting, setWaiting, onState }: FavoritesLiveProps) {
  const { account, ensureSignedIn } = useAccount();
  const uid = account?.uid ?? null;
  const festivalId = appConfig.festivalId;
  const live = useLiveFavorites(uid, festivalId);
  const [writeError, setWriteError] = useState<unknown>(null);
  const inFirestore = useMemo(() => new Set(live.data.map((favorite) => favorite.id)), [live.data]);
  const hiddenFromFriends = useSameMembers(useMemo(() => new Set(live.data.filter((favorite) => favorite.hiddenFromFriends === true).map((favorite) => favorite.id)), [live.data]));
  const heartedAt = useSameEntries(useMemo(() => new Map(live.data.map((favorite) => [favorite.id, favorite.createdAt])), [live.data]));

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
  }, [listenerReady, uid, waiting, setWaiting, inFirestore, festivalId]);

  // Those the listener shows are in Firestore's own (persistent) write queue now.
  useEffect(() => {
    if (!listenerReady) return;
    setWaiting((current) => {
      const left = notYetInFirestore(current, inFirestore);
      return left.length === current.length ? current : left;
    });
  }, [listenerReady, inFirestore, setWaiting]);

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
  }, [setWaiting]);

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
  }, [setWaiting]);

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
  useLayoutEffect(() => onState(value), [onState, value]);
  return null;
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
