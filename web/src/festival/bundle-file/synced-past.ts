import { browserStorage } from '../../app/browser-storage';

/**
 * Whether this device already holds data at least as new as a bundle: the build time of the
 * newest bundle whose listeners then heard from the server, kept per festival in localStorage.
 *
 * The bundle file is cached by the browser for a minute (and by the CDN for longer), while
 * the Firestore cache of a return visit holds what the listeners last heard, which may be
 * newer (a set cancelled since). Painting such a bundle first would show the older programme
 * for a moment, then change it: so when the device has synced past the bundle, the first
 * paint is skipped and the listeners show their cache, as before this bundle reader existed.
 */
const key = (festivalId: string) => `encore.programme.syncedPast.${festivalId}`;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** True when the listeners heard from the server after loading a bundle built at `createTime` or later. */
export function hasSyncedPast(festivalId: string, createTime: Date, storage: Storage | null = browserStorage()): boolean {
  const seen = Number(storage?.getItem(key(festivalId)) ?? NaN);
  return Number.isFinite(seen) && createTime.getTime() <= seen;
}

/** Notes that the listeners, started from a bundle built at `createTime`, heard from the server. */
export function rememberSyncedPast(festivalId: string, createTime: Date, storage: Storage | null = browserStorage()): void {
  try {
    if (!hasSyncedPast(festivalId, createTime, storage)) storage?.setItem(key(festivalId), String(createTime.getTime()));
  } catch {
    // Storage full or refused (private mode): the next visit paints from the bundle, as a first one does.
  }
}
