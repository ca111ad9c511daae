/**
 * The connection state as the Firestore SDK sees it. The SDK keeps its online state
 * (unknown, online, offline) private, but it shows through listener metadata: snapshots
 * come `fromCache` until the backend has answered, and turn `fromCache` again when the SDK
 * declares itself offline, which it does after about 10 seconds without the backend.
 */
export type ConnectionState = 'unknown' | 'online' | 'offline';

/** The SDK's own offline timeout (OnlineStateTracker: 10 s). */
export const OFFLINE_AFTER_MS = 10_000;

export interface ConnectionSignals {
  /** The latest snapshot of a live listener came from the cache. */
  fromCache: boolean;
  /** A server snapshot has been seen since the app started. */
  everOnline: boolean;
  /** Milliseconds since the latest change of `fromCache`. */
  sinceChangeMs: number;
  /** `navigator.onLine`: false means certainly offline; true means nothing. */
  browserOnline: boolean;
}

export function connectionState(signals: ConnectionSignals): ConnectionState {
  if (!signals.fromCache) return 'online';
  if (!signals.browserOnline) return 'offline';
  // Back on the cache after the server answered: the SDK gave up on the backend.
  if (signals.everOnline) return 'offline';
  return signals.sinceChangeMs >= OFFLINE_AFTER_MS ? 'offline' : 'unknown';
}
