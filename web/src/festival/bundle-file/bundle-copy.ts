import { programmeBundlePath } from '@encore/model';
import { readBundleMetadata } from './bundle-elements';
import { timestampToDate } from './typed-values';
import { BUNDLE_COPIES_CACHE } from './bundle-copies-cache';

/**
 * The newest programme bundle this device has had, kept in Cache Storage (one entry per
 * festival, under the bundle's own path): a visitor's app shows the programme from the bundle
 * file, not from Firestore's cache, so this copy is what an offline visit shows, and what a
 * return visit shows when the network (or a browser or CDN cache on the way) answers with an
 * older bundle than the one this device already followed to.
 *
 * Kept by the app itself rather than by the service worker's runtime cache: the first visit's
 * download happens before the worker is installed, and the copy must be the newest bundle
 * heard of (`?v=` downloads included), not the last response to one URL.
 */
const CACHE_NAME = BUNDLE_COPIES_CACHE;

type Caches = Pick<CacheStorage, 'open'>;

function cacheStorage(): Caches | null {
  return typeof caches === 'undefined' ? null : caches;
}

/**
 * Keeps `bytes` as the festival's bundle copy, unless the copy held is as new (a return visit
 * that shows the same build does not write its 180 KB again). Never throws (storage full,
 * refused: the next visit does without).
 */
export async function keepBundleCopy(festivalId: string, bytes: ArrayBuffer, storage: Caches | null = cacheStorage()): Promise<void> {
  if (!storage) return;
  try {
    const held = await bundleCopy(festivalId, storage);
    if (held && builtAt(held) >= builtAt(bytes)) return;
    const cache = await storage.open(CACHE_NAME);
    await cache.put(programmeBundlePath(festivalId), new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }));
  } catch (error) {
    console.warn('The programme could not be kept on this device for offline use.', error);
  }
}

/** The festival's bundle copy, or null (none kept, no Cache Storage, a copy that is not a bundle). */
export async function bundleCopy(festivalId: string, storage: Caches | null = cacheStorage()): Promise<ArrayBuffer | null> {
  if (!storage) return null;
  try {
    const cache = await storage.open(CACHE_NAME);
    const response = await cache.match(programmeBundlePath(festivalId));
    if (!response) return null;
    const bytes = await response.arrayBuffer();
    builtAt(bytes);
    return bytes;
  } catch {
    return null;
  }
}

/** When a bundle was built (its metadata's `createTime`), in ms; throws for bytes that are not a bundle. */
export function builtAt(bytes: ArrayBuffer): number {
  return timestampToDate(readBundleMetadata(new Uint8Array(bytes)).createTime).getTime();
}

/** The newer of two bundles (by build time); either may be missing. */
export function newerBundle(a: ArrayBuffer | null, b: ArrayBuffer | null): ArrayBuffer | null {
  if (!a || !b) return a ?? b;
  try {
    return builtAt(b) > builtAt(a) ? b : a;
  } catch {
    return a;
  }
}
