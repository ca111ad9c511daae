/**
 * The connection state shown to people, from two sources:
 *
 * - the browser's `online` / `offline` events, which come within moments of the network
 *   going or coming back (and the Firestore SDK restarts its streams on the same events);
 * - the Firestore SDK's own view, which shows through listener metadata: snapshots come
 *   `fromCache` until the backend has answered, and turn `fromCache` again when the SDK
 *   declares itself offline (about 10 s without the backend, or at once when its stream
 *   fails). That catches what the browser cannot see: a network with no way out, or a
 *   backend that is down.
 *
 * The browser's "offline" is trusted at once; its "online" means "try again": the badge says
 * "Connecting…" until the SDK hears from the backend.
 */
export type ConnectionState = 'unknown' | 'online' | 'offline';

/** The SDK's own offline timeout (OnlineStateTracker: 10 s). */
export const OFFLINE_AFTER_MS = 10_000;

export interface ConnectionTracker {
  /** `navigator.onLine`: false means certainly offline; true means "maybe". */
  browserOnline: boolean;
  /** The latest snapshot of a live listener came from the cache. */
  fromCache: boolean;
  /** The backend answered since `waitingSince`. */
  answered: boolean;
  /** The listener fell back to the cache after the backend had answered: the SDK gave up. */
  sdkGaveUp: boolean;
  /** When the app started waiting for the backend: it opened, or the browser came back online. */
  waitingSince: number;
}

export type ConnectionEvent =
  | { type: 'snapshot'; fromCache: boolean }
  | { type: 'browser'; online: boolean; at: number };

export function initialConnection(browserOnline: boolean, at: number): ConnectionTracker {
  return { browserOnline, fromCache: true, answered: false, sdkGaveUp: false, waitingSince: at };
}

export function trackConnection(tracker: ConnectionTracker, event: ConnectionEvent): ConnectionTracker {
  if (event.type === 'snapshot') {
    if (event.fromCache === tracker.fromCache) return tracker;
    if (!event.fromCache) return { ...tracker, fromCache: false, answered: true, sdkGaveUp: false };
    return { ...tracker, fromCache: true, sdkGaveUp: tracker.answered };
  }
  if (event.online === tracker.browserOnline) return tracker;
  if (!event.online) return { ...tracker, browserOnline: false };
  // Back online: whatever the SDK concluded before, it is trying again now.
  return { ...tracker, browserOnline: true, answered: false, sdkGaveUp: false, waitingSince: event.at };
}

export function connectionState(tracker: ConnectionTracker, now: number): ConnectionState {
  if (!tracker.browserOnline) return 'offline';
  if (!tracker.fromCache) return 'online';
  if (tracker.sdkGaveUp) return 'offline';
  return now - tracker.waitingSince >= OFFLINE_AFTER_MS ? 'offline' : 'unknown';
}

/** When `connectionState` will change by itself (the wait for the backend timing out), or null. */
export function waitDeadline(tracker: ConnectionTracker, now: number): number | null {
  return connectionState(tracker, now) === 'unknown' ? tracker.waitingSince + OFFLINE_AFTER_MS : null;
}
