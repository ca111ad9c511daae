import { lazy, type ComponentType } from 'react';

/**
 * A route's code chunk could not be loaded: offline before the page was ever precached, or a
 * chunk of an older version that a deploy removed. The error boundaries turn it into a reload
 * prompt rather than a render error.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`This page's code could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** How long to wait before the one retry: long enough for a blip of the network to pass. */
export const RETRY_DELAY_MS = 800;

/**
 * Loads a module, retrying once after a short pause (a flaky connection often fails one
 * request), then gives up with a ChunkLoadError. Browsers no longer remember a failed
 * dynamic import, so the retry really fetches again.
 */
export async function importWithRetry<T>(load: () => Promise<T>, delayMs = RETRY_DELAY_MS): Promise<T> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      return await load();
    } catch (error) {
      throw new ChunkLoadError(error);
    }
  }
}

/** React.lazy for a route page, with importWithRetry. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint React.lazy has
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => importWithRetry(load));
}
