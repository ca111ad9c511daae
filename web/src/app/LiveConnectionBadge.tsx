import { LIVE_PUBLISH_INTERVAL_SECONDS } from '@encore/model';
import { useEffect, useRef, useState } from 'react';
import type { Programme } from '../festival/programme';
import { useLiveCounts } from '../festival/LiveCountsContext';
import type { ConnectionState } from '../firebase/connection';
import { badgeOf, NO_FRESHNESS, nextBadgeCheck, type BadgeInputs } from '../firebase/live-freshness';
import { ConnectionBadge } from '../ui/ConnectionBadge';
import { useDelayedWords } from '../ui/delayed-words';

/**
 * The live documents' cadence: production's, or the one a test stack publishes at
 * (`VITE_LIVE_PUBLISH_INTERVAL_SECONDS`, 1-30, as the functions' LIVE_PUBLISH_INTERVAL_SECONDS).
 */
function cadenceMs(): number {
  const configured = Number(import.meta.env.VITE_LIVE_PUBLISH_INTERVAL_SECONDS);
  const seconds = Number.isInteger(configured) && configured >= 1 && configured <= 30 ? configured : LIVE_PUBLISH_INTERVAL_SECONDS;
  return seconds * 1000;
}

/** The festival's hours, when the live documents change every cadence: a set plays now. */
export function setsPlaying(programme: Programme | null, now: number): boolean {
  return programme?.performances.some((set) => set.status !== 'cancelled' && set.startsAt.getTime() <= now && now < set.endsAt.getTime()) ?? false;
}

/** Since when a write waits for the backend: set when `pending` turns true, cleared when it turns false. */
function usePendingSince(pending: boolean): number | null {
  const since = useRef<number | null>(null);
  if (pending && since.current === null) since.current = Date.now();
  if (!pending) since.current = null;
  return since.current;
}

/**
 * The header's badge, honest about a stalled stream (live-freshness.ts): "Live" only while the
 * live documents keep arriving at their cadence during the festival's hours, and offline once a
 * write has had no answer for 10 s. It looks again when one of those can next change.
 */
export default function LiveConnectionBadge({ connection, programme, pendingWrites }: { connection: ConnectionState; programme: Programme | null; pendingWrites: boolean }) {
  const { freshness } = useLiveCounts();
  const pendingSince = usePendingSince(pendingWrites);
  const [now, setNow] = useState(() => Date.now());
  const inputs: BadgeInputs = { connection, now, cadenceMs: cadenceMs(), liveExpected: setsPlaying(programme, now), freshness: freshness ?? NO_FRESHNESS, pendingSince };
  const badge = badgeOf(inputs);
  const next = nextBadgeCheck(inputs);
  useEffect(() => {
    // At the next moment the badge may change, and at least every minute (a set starting or ending).
    const wait = Math.min(next === null ? 60_000 : next - Date.now(), 60_000);
    const timer = setTimeout(() => setNow(Date.now()), Math.max(wait, 250));
    return () => clearTimeout(timer);
  }, [next, now]);
  const words = useDelayedWords(badge.state === 'delayed' ? badge.since : undefined, programme?.festival.timeZone);
  return <ConnectionBadge state={badge.state} words={words} pendingWrites={pendingWrites} />;
}

