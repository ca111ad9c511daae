import { favoriteSchema, firestorePaths } from '@encore/model';
import { collection, deleteDoc, doc, query, serverTimestamp, setDoc, where } from 'firebase/firestore';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import { useAccount } from '../account/AccountContext';

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
}

const FavoritesContext = createContext<FavoritesState | null>(null);

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const { account, ensureSignedIn } = useAccount();
  const uid = account?.uid ?? null;
  const festivalId = appConfig.festivalId;
  const favoritesQuery = useMemo(
    () => (uid ? query(collection(db(), firestorePaths.favorites(uid)), where('festivalId', '==', festivalId)) : null),
    [uid, festivalId],
  );
  const live = useLiveQuery(favoritesQuery, favoriteSchema);
  const [writeError, setWriteError] = useState<unknown>(null);
  const ids = useMemo(() => new Set(live.data.map((favorite) => favorite.id)), [live.data]);

  const toggle = useCallback(
    async (performanceId: string) => {
      setWriteError(null);
      const signedInUid = await ensureSignedIn();
      const ref = doc(db(), firestorePaths.favorite(signedInUid, performanceId));
      // Not awaited: offline, the write resolves only once it syncs; the listener shows it
      // immediately, marked as pending.
      const write = ids.has(performanceId)
        ? deleteDoc(ref)
        : setDoc(ref, { festivalId, performanceId, createdAt: serverTimestamp() });
      write.catch(setWriteError);
    },
    [ensureSignedIn, festivalId, ids],
  );

  const value = useMemo<FavoritesState>(
    () => ({
      ids,
      pendingIds: live.pendingIds,
      hasPendingWrites: live.hasPendingWrites,
      status: uid ? live.status : 'ready',
      error: writeError ?? live.error,
      toggle,
    }),
    [ids, live.pendingIds, live.hasPendingWrites, live.status, live.error, uid, writeError, toggle],
  );
  return <FavoritesContext.Provider value={value}>{children}</FavoritesContext.Provider>;
}

export function useFavorites(): FavoritesState {
  const state = useContext(FavoritesContext);
  if (!state) throw new Error('useFavorites needs a FavoritesProvider above it');
  return state;
}
