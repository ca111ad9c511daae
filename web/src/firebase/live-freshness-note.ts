/**
 * What the live counts' listener notes of each change it receives (festival/LiveCountsContext.tsx),
 * apart from the badge's logic (live-freshness.ts), which arrives after the first content: the
 * first visit's JavaScript carries only this.
 */

/** When the live documents last changed (this device's clock), and the gap before that change. */
export interface LiveFreshness {
  lastChangeAt: number | null;
  lastGapMs: number | null;
}

export const NO_FRESHNESS: LiveFreshness = { lastChangeAt: null, lastGapMs: null };

/** A server snapshot whose content changed, received at `at`. */
export function noteLiveChange(freshness: LiveFreshness, at: number): LiveFreshness {
  return { lastChangeAt: at, lastGapMs: freshness.lastChangeAt === null ? null : at - freshness.lastChangeAt };
}
