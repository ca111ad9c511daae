/**
 * What this device knows of the server's clock, for live locations (issue 37): a share ends
 * by the server's time, and a phone whose clock is hours off would otherwise think a running
 * share over (or an ended one running), and ask for positions in a window the rules refuse.
 *
 * Every server timestamp the app reads (a share's `sharedAt`, written as `request.time`) was
 * stamped no later than the moment it is read, so `stamp - Date.now()` at that moment is a
 * lower bound of the offset between the server's clock and this device's; the largest bound
 * seen is the estimate (within a network round trip). Until one is seen, the device's clock.
 */
let offsetMs: number | undefined;

/** Learns from a timestamp the server wrote (never one estimated for a pending write). */
export function noteServerTime(stamp: Date, readAt = Date.now()): void {
  const lowerBound = stamp.getTime() - readAt;
  offsetMs = offsetMs === undefined ? lowerBound : Math.max(offsetMs, lowerBound);
}

/** The server's time now, as well as this device knows it. */
export function serverNow(): Date {
  return new Date(Date.now() + (offsetMs ?? 0));
}

/** Forgets what was learnt (tests). */
export function forgetServerTime(): void {
  offsetMs = undefined;
}
