import type { ConnectionState } from './connection';
import type { LiveFreshness } from './live-freshness-note';

/**
 * An honest connection badge (issue 39): the Firestore stream can stall with the network up
 * (an overloaded festival cell, a stalled backend), and then no snapshot says anything: the SDK
 * stays "in sync". Without paying for a heartbeat, two facts the app has anyway tell it:
 *
 * - the live documents (`live/sets`) are republished at most every cadence, and while sets
 *   play (thousands of visitors favouriting) they change every cadence. When they were seen
 *   changing at that pace and then nothing arrives for DELAYED_AFTER_CADENCES cadences, the
 *   badge says "Updates delayed since hh:mm". A quiet festival, whose document changes less
 *   often than that, is never called delayed: the app cannot tell quiet from stalled then.
 * - a write the person made (a favourite) that the backend has not acknowledged after
 *   OFFLINE_AFTER_MS is no backend answer for that long: the badge says Offline (the seed's
 *   rule: "offline after 10 seconds without a backend response").
 */
export const DELAYED_AFTER_CADENCES = 3;
export const OFFLINE_AFTER_MS = 10_000;

export type BadgeState = ConnectionState | 'delayed';

export { NO_FRESHNESS, noteLiveChange, type LiveFreshness } from './live-freshness-note';

export interface BadgeInputs {
  /** What the stream's metadata and the browser say (connection.ts). */
  connection: ConnectionState;
  now: number;
  /** The published cadence of the live documents, in milliseconds. */
  cadenceMs: number;
  /** True during the festival's hours (a set plays now), when the live documents change every cadence. */
  liveExpected: boolean;
  freshness: LiveFreshness;
  /** Since when a write of the person's has waited for the backend; null when none waits. */
  pendingSince: number | null;
}

export interface Badge {
  state: BadgeState;
  /** For `delayed`: when the last update arrived. */
  since?: Date;
}

export function badgeOf(inputs: BadgeInputs): Badge {
  const { connection, now, cadenceMs, liveExpected, freshness, pendingSince } = inputs;
  if (connection !== 'online') return { state: connection };
  if (pendingSince !== null && now - pendingSince >= OFFLINE_AFTER_MS) return { state: 'offline' };
  const allowed = DELAYED_AFTER_CADENCES * cadenceMs;
  const keptPace = freshness.lastGapMs !== null && freshness.lastGapMs <= allowed;
  if (liveExpected && keptPace && freshness.lastChangeAt !== null && now - freshness.lastChangeAt > allowed) {
    return { state: 'delayed', since: new Date(freshness.lastChangeAt) };
  }
  return { state: 'online' };
}

/** When the badge may next change on its own (no event needed): the app looks again then. */
export function nextBadgeCheck(inputs: BadgeInputs): number | null {
  const times: number[] = [];
  if (inputs.pendingSince !== null) times.push(inputs.pendingSince + OFFLINE_AFTER_MS);
  if (inputs.liveExpected && inputs.freshness.lastChangeAt !== null) times.push(inputs.freshness.lastChangeAt + DELAYED_AFTER_CADENCES * inputs.cadenceMs + 1);
  const later = times.filter((time) => time > inputs.now);
  return later.length > 0 ? Math.min(...later) : null;
}
