/**
 * The connection state shown to people, from two sources:
 *
 * - the browser's `online` / `offline` events (`navigator.onLine`), which come within moments
 *   of the network going or coming back (and the Firestore SDK restarts its streams on them);
 * - the Firestore stream itself, which shows through listener metadata: a snapshot the server
 *   delivered (`fromCache: false`, no pending local write) proves the stream is connected; the
 *   SDK turns its snapshots `fromCache` when it declares itself offline.
 *
 * The stream is the stronger evidence: "Online" whenever it delivers, whatever
 * `navigator.onLine` says (some networks and browsers report offline while the WebChannel
 * stream keeps delivering). "Offline" only when neither is connected: the browser says offline
 * and the stream has delivered nothing since. The browser online but the stream not (yet)
 * delivering is "Connecting…": the SDK keeps trying, and it is not known to be offline.
 */
export type ConnectionState = 'unknown' | 'online' | 'offline';

export interface ConnectionTracker {
  /** `navigator.onLine`: false means the browser sees no network. */
  browserOnline: boolean;
  /** The SDK's latest snapshot came from the cache (not yet, or no longer, in sync with the server). */
  fromCache: boolean;
  /** The stream delivered a server snapshot after the browser last said it was offline. */
  deliveredSinceBrowserOffline: boolean;
}

export type ConnectionEvent =
  /** A live listener's snapshot; `fromServer` when the server delivered it (not from the cache, no pending local write). */
  | { type: 'snapshot'; fromCache: boolean; fromServer: boolean }
  | { type: 'browser'; online: boolean };

export function initialConnection(browserOnline: boolean): ConnectionTracker {
  return { browserOnline, fromCache: true, deliveredSinceBrowserOffline: false };
}

export function trackConnection(tracker: ConnectionTracker, event: ConnectionEvent): ConnectionTracker {
  if (event.type === 'snapshot') {
    const delivered = event.fromServer ? true : event.fromCache ? false : tracker.deliveredSinceBrowserOffline;
    if (event.fromCache === tracker.fromCache && delivered === tracker.deliveredSinceBrowserOffline) return tracker;
    return { ...tracker, fromCache: event.fromCache, deliveredSinceBrowserOffline: delivered };
  }
  if (event.online === tracker.browserOnline) return tracker;
  // Going offline: what the stream delivered before proves nothing about now; a delivery after it will.
  return event.online ? { ...tracker, browserOnline: true } : { ...tracker, browserOnline: false, deliveredSinceBrowserOffline: false };
}

export function connectionState(tracker: ConnectionTracker): ConnectionState {
  if (!tracker.browserOnline) return tracker.deliveredSinceBrowserOffline && !tracker.fromCache ? 'online' : 'offline';
  return tracker.fromCache ? 'unknown' : 'online';
}
