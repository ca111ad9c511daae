/**
 * This browser's localStorage, or null where reaching it throws (storage disabled, some
 * private modes): callers then go on without remembering, as on a first visit.
 */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
