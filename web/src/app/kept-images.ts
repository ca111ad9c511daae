/**
 * The image files the service worker keeps for offline use (src/sw.ts), by URL: Storage's
 * public media URLs (`…/v0/b/{bucket}/o/{path}?alt=media`, photo-urls.ts) of staff images
 * under `media/` (the site plan, artist pictures) and of photo renditions under `photos/`.
 * In a module of its own so the page (keep-shown-images.ts) and the worker agree on them.
 */
export const MEDIA_FILE_URL = /^https?:\/\/[^/]+\/v0\/b\/[^/]+\/o\/media%2F[^?]+\?alt=media$/;
export const PHOTO_FILE_URL = /^https?:\/\/[^/]+\/v0\/b\/[^/]+\/o\/photos%2F[^?]+\?alt=media$/;

/** The message a page sends its worker with images it showed before the worker controlled it. */
export const KEEP_SHOWN_IMAGES = 'KEEP_SHOWN_IMAGES';

export interface KeepShownImagesMessage {
  type: typeof KEEP_SHOWN_IMAGES;
  urls: string[];
}

/** Whether the worker keeps this file (one of the two kinds above). */
export const isKeptImage = (url: string): boolean => MEDIA_FILE_URL.test(url) || PHOTO_FILE_URL.test(url);

/**
 * The app's own hashed files (`/assets/…` of the page's origin: chunks, styles) the worker
 * keeps once loaded (src/sw.ts), those the precache leaves out (vite/first-offline-use.ts).
 */
export const isAppAsset = (url: string, origin: string): boolean => url.startsWith(`${origin}/assets/`) && !url.includes('?');

/** The app's files a message asks the worker to keep: only strings naming its `/assets/` files. */
export function assetsToKeep(data: unknown, origin: string): string[] {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== KEEP_SHOWN_IMAGES) return [];
  const urls = (data as { urls?: unknown }).urls;
  return Array.isArray(urls) ? [...new Set(urls.filter((url): url is string => typeof url === 'string' && isAppAsset(url, origin)))] : [];
}

/** The URLs a message asks the worker to keep: only strings naming kept images, whatever else it holds. */
export function imagesToKeep(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== KEEP_SHOWN_IMAGES) return [];
  const urls = (data as { urls?: unknown }).urls;
  return Array.isArray(urls) ? [...new Set(urls.filter((url): url is string => typeof url === 'string' && isKeptImage(url)))] : [];
}
