/**
 * Hearts given before the visitor has an account: the very first open happened offline, so
 * the anonymous sign-in has not got through yet and there is no uid to write under. They are
 * kept on this device (localStorage, so a reload keeps them) per festival, shown as waiting
 * to sync, and written to Firestore once the sign-in succeeds.
 */
export interface PendingStore {
  load(festivalId: string): string[];
  save(festivalId: string, performanceIds: readonly string[]): void;
}

const keyOf = (festivalId: string) => `encore.pendingFavorites.${festivalId}`;

export function storagePendingStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): PendingStore {
  return {
    load(festivalId) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(keyOf(festivalId)) ?? '[]');
        return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
      } catch {
        // A damaged entry (edited by hand, say) is no reason to break the app.
        return [];
      }
    },
    save(festivalId, performanceIds) {
      try {
        if (performanceIds.length === 0) storage.removeItem(keyOf(festivalId));
        else storage.setItem(keyOf(festivalId), JSON.stringify(performanceIds));
      } catch (error) {
        // Storage full or blocked (private mode): the hearts stay in memory for this visit.
        console.warn('Could not keep favourites on this device:', error);
      }
    },
  };
}

/** Adds or removes one heart in the list, as a tap on it does. */
export function togglePending(pending: readonly string[], performanceId: string): string[] {
  return pending.includes(performanceId) ? pending.filter((id) => id !== performanceId) : [...pending, performanceId];
}

/**
 * What is still to be written once there is a uid: the hearts the Firestore view does not
 * show yet. Once the listener shows one (as a pending local write or from the server),
 * Firestore's own persistent queue holds it and the device copy can go.
 */
export function notYetInFirestore(pending: readonly string[], inFirestore: ReadonlySet<string>): string[] {
  return pending.filter((id) => !inFirestore.has(id));
}
