/**
 * How a toggle moves the person's toggle limit (`users/{uid}/limits/toggles`), decided from
 * what the app knows of the window: pure, so the choice and its retry are unit-tested.
 *
 * The rules accept `open` (count 1, a new window at the server's time) only once the last
 * window is over or there is none, and `continue` (count + 1 in the same window) while the
 * count stays within the limit, in a running window or one that is over. What the app knows
 * can be stale or out of step: the device's cache after another device or a resent batch
 * moved the window, or a window the server stamped, which the device's clock (ahead of or
 * behind the server's) cannot time. So a refused move is tried once more as the other one.
 */
export interface ToggleWindow {
  /** When the window opened, in ms. */
  windowStartsAt: number;
  count: number;
  /**
   * Whose clock `windowStartsAt` is on: the device's, for a window this page opened (timed by
   * the same clock that reads it), or the server's, for one read back from Firestore.
   */
  clock: 'device' | 'server';
}

export type ToggleMove = 'open' | 'continue' | 'full';

/** The move for a toggle at `now` (the device's ms) given the last window known, if any. */
export function toggleMove(window: ToggleWindow | null, now: number, perWindow: number, windowMs: number): ToggleMove {
  if (!window) return 'open';
  if (window.clock === 'server') {
    // Whether it is over, only the server's clock says: a continue is accepted either way
    // while there is room; a full one may be over, and if not the rules refuse the open.
    return window.count < perWindow ? 'continue' : 'open';
  }
  if (now - window.windowStartsAt >= windowMs) return 'open';
  return window.count >= perWindow ? 'full' : 'continue';
}

/**
 * After the rules refused `made`, given the window the server holds now (`fresh`, null when
 * there is none): the other move, when it could be the right one; null when it cannot (the
 * refusal was not about the window: the favourite or reaction itself was refused).
 */
export function retryMove(made: 'open' | 'continue', fresh: ToggleWindow | null, perWindow: number): 'open' | 'continue' | null {
  if (made === 'continue') return 'open';
  // An open was refused: wrong only if a window with room is running; then continue it.
  return fresh !== null && fresh.count < perWindow ? 'continue' : null;
}
