import { favoriteSchema, firestorePaths, type Favorite, type FavoritePriority } from '@encore/model';
import { collection, deleteField, doc, query, serverTimestamp, where } from 'firebase/firestore';
import { db } from '../../firebase/firestore';
import { listenToQuery, type LiveState } from '../../firebase/live';
import { commitToggle, isEstablishedAccount } from '../../firebase/toggle-limit';
import type { WithId } from '../../firebase/to-model';

/**
 * Favourites in Firestore: the listener and the writes, in a chunk FavoritesContext loads
 * only once there is a uid (which itself waits for the first paint), so the Firestore SDK is
 * not on the programme's first download. Each write moves the toggle limit in the same commit.
 */
const favoriteRef = (uid: string, performanceId: string) => doc(db(), firestorePaths.favorite(uid, performanceId));

export function listenToFavorites(uid: string, festivalId: string, onState: (update: (previous: LiveState<WithId<Favorite>[]>) => LiveState<WithId<Favorite>[]>) => void): () => void {
  return listenToQuery(query(collection(db(), firestorePaths.favorites(uid)), where('festivalId', '==', festivalId)), favoriteSchema, onState);
}

/** Resolves once the backend has the favourite (offline: once it syncs); the listener shows it at once. */
export async function addFavorite(uid: string, festivalId: string, performanceId: string, priority?: FavoritePriority): Promise<void> {
  const established = await isEstablishedAccount();
  return commitToggle(uid, (batch) =>
    batch.set(favoriteRef(uid, performanceId), { festivalId, performanceId, createdAt: serverTimestamp(), ...(established ? { established } : {}), ...(priority ? { priority } : {}) }),
  );
}

/** Must-see, maybe, or (null) a plain favourite again: the one field the rules let its owner change, a toggle like a heart. */
export function setFavoritePriority(uid: string, performanceId: string, priority: FavoritePriority | null): Promise<void> {
  return commitToggle(uid, (batch) => batch.update(favoriteRef(uid, performanceId), { priority: priority ?? deleteField() }));
}

/** Leaves the favourite out of the plan friends see (true) or puts it back: a toggle like a priority. */
export function setFavoriteHiddenFromFriends(uid: string, performanceId: string, hidden: boolean): Promise<void> {
  return commitToggle(uid, (batch) => batch.update(favoriteRef(uid, performanceId), { hiddenFromFriends: hidden ? true : deleteField() }));
}

export function removeFavorite(uid: string, performanceId: string): Promise<void> {
  return commitToggle(uid, (batch) => batch.delete(favoriteRef(uid, performanceId)));
}
