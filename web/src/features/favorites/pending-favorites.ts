import type { FavoritePriority } from '@encore/model';

/**
 * Hearts given before the visitor has an account: the heart itself asks for the anonymous
 * sign-in, which takes a round trip (or, offline, waits for the network), and until it gets
 * through there is no uid to write under. They are
 * kept on this device (localStorage, so a reload keeps them) per festival, shown as waiting
 * to sync, and written to Firestore once the sign-in succeeds, with the must-see or maybe
 * tapped on them meanwhile.
 */
export interface PendingFavorite {
  id: string;
  /** Absent: a plain favourite. */
  priority?: FavoritePriority;
}

export interface PendingStore {
  load(festivalId: string): PendingFavorite[];
  save(festivalId: string, pending: readonly PendingFavorite[]): void;
}

const keyOf = (festivalId: string) => `encore.pendingFavorites.${festivalId}`;

const isPriority = (value: unknown): value is FavoritePriority => value === 'must' || value === 'maybe';

/** One stored entry: a bare id (as devices kept them before priorities) or `{ id, priority }`. */
function entryOf(stored: unknown): PendingFavorite[] {
  if (typeof stored === 'string') return [{ id: stored }];
  if (typeof stored !== 'object' || stored === null) return [];
  const { id, priority } = stored as { id?: unknown; priority?: unknown };
  if (typeof id !== 'string') return [];
  return [isPriority(priority) ? { id, priority } : { id }];
}

export function storagePendingStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): PendingStore {
  return {
    load(festivalId) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(keyOf(festivalId)) ?? '[]');
        return Array.isArray(parsed) ? parsed.flatMap(entryOf) : [];
      } catch {
        // A damaged entry (edited by hand, say) is no reason to break the app.
        return [];
      }
    },
    save(festivalId, pending) {
      try {
        if (pending.length === 0) storage.removeItem(keyOf(festivalId));
        // A plain one stays a bare id: the format older app versions read.
        else storage.setItem(keyOf(festivalId), JSON.stringify(pending.map((entry) => (entry.priority ? entry : entry.id))));
      } catch (error) {
        // Storage full or blocked (private mode): the hearts stay in memory for this visit.
        console.warn('Could not keep favourites on this device:', error);
      }
    },
  };
}

export const isPending = (pending: readonly PendingFavorite[], performanceId: string) => pending.some((entry) => entry.id === performanceId);

/** Adds or removes one heart in the list, as a tap on it does. */
export function togglePending(pending: readonly PendingFavorite[], performanceId: string): PendingFavorite[] {
  return isPending(pending, performanceId) ? pending.filter((entry) => entry.id !== performanceId) : [...pending, { id: performanceId }];
}

/**
 * A must-see or maybe tapped while there is no account: a set not waiting yet starts waiting with
 * it (a priority makes a favourite, as it does online); null makes a waiting one plain again.
 */
export function withPendingPriority(pending: readonly PendingFavorite[], performanceId: string, priority: FavoritePriority | null): PendingFavorite[] {
  if (!isPending(pending, performanceId)) return priority ? [...pending, { id: performanceId, priority }] : [...pending];
  return pending.map((entry) => (entry.id !== performanceId ? entry : priority ? { id: entry.id, priority } : { id: entry.id }));
}

/**
 * What is still to be written once there is a uid: the hearts the Firestore view does not
 * show yet. Once the listener shows one (as a pending local write or from the server),
 * Firestore's own persistent queue holds it and the device copy can go.
 */
export function notYetInFirestore(pending: readonly PendingFavorite[], inFirestore: ReadonlySet<string>): PendingFavorite[] {
  return pending.filter((entry) => !inFirestore.has(entry.id));
}
