import { createContext, startTransition, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { afterFirstContent } from '../app/first-content';
import { importWithRetry } from '../app/lazy-page';
import { yieldToMain } from '../app/yield-to-main';
import { appConfig } from '../config/firebase-config';
import { useConnection } from '../firebase/use-connection';
import { ClockProvider } from '../time/ClockContext';
import { programmeBundleBytes } from './bundle-file/fetch-bundle';
import { readProgrammeBundle } from './bundle-file/programme-of-bundle';
import { hasSyncedPast, rememberSyncedPast } from './bundle-file/synced-past';
import { festivalState, NOT_LISTENING, type FestivalState, type LiveProgramme } from './live-programme';
import type { Programme } from './programme';
import { sameData } from './same-data';

export type { FestivalState } from './live-programme';

const FestivalContext = createContext<FestivalState | null>(null);

// Retried once, as route chunks are: a flaky network often fails one request. In two steps
// with a breath between, so that the browser runs the Firestore SDK's module (the largest) in
// a task of its own, and the listeners' code with the schemas in another.
const loadLive = () =>
  importWithRetry(async () => {
    await import('../firebase/firestore');
    await yieldToMain();
    return import('./festival-live');
  });

/**
 * Live programme of the configured festival, shared by every page (one set of listeners).
 *
 * First paint: the programme is read from the festival's data bundle file (downloaded from
 * main.tsx, preloaded by index.html) by a small parser, without the Firestore SDK, and shown
 * at once. Then, after that frame, the Firestore chunk loads (festival-live.ts): it loads the
 * same bytes into its cache and listens to the bundle's named queries, so a first visit gets
 * the programme without billed reads and the server sends only what changed since the bundle
 * was built, live counts included; its data replaces the first paint's, in the same order.
 * No bundle (offline, none served), or one older than what this device's cache already holds
 * (a return visit within the bundle's browser cache, bundle-file/synced-past.ts): the
 * listeners start at once, and Firestore's persistent cache shows the programme.
 */
export function FestivalProvider({ children }: { children: ReactNode }) {
  const festivalId = appConfig.festivalId;
  const [firstPaint, setFirstPaint] = useState<Programme | null>(null);
  const [live, setLive] = useState<LiveProgramme>(NOT_LISTENING);
  /** When the bundle the listeners start from was built (null: no bundle). */
  const bundleBuilt = useRef<Date | null>(null);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    setFirstPaint(null);
    setLive(NOT_LISTENING);
    void firstPaintProgramme(festivalId)
      .then((bundle) => {
        if (cancelled) return;
        bundleBuilt.current = bundle?.createTime ?? null;
        const programme = bundle?.programme ?? null;
        // Transitions, here and for the listeners' updates: React renders the programme in
        // slices of a few milliseconds, so a tap is never kept waiting behind a whole page.
        startTransition(() => setFirstPaint(programme));
        // With a programme painted from the bundle, the SDK loads after that frame; without one, at once.
        return programme ? afterFirstContent() : undefined;
      })
      .then(loadLive)
      .then((module) => {
        if (!cancelled) stop = module.listenToFestival(festivalId, (update) => startTransition(() => setLive(update)));
      })
      .catch((error: unknown) => {
        // The chunk itself did not load (offline before it was ever cached): say so on the page.
        if (!cancelled) setLive((previous) => ({ ...previous, performances: { ...previous.performances, status: 'error', error } }));
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [festivalId]);
  // Once the listeners hear from the server, this device holds what the bundle holds, or newer.
  const synced = live.performances.status === 'ready' && !live.performances.fromCache;
  useEffect(() => {
    if (synced && bundleBuilt.current) rememberSyncedPast(festivalId, bundleBuilt.current);
  }, [synced, festivalId]);
  const connection = useConnection(live.performances);
  const value = useUnchangedWhenEqual(useMemo(() => festivalState(festivalId, live, firstPaint, connection), [festivalId, live, firstPaint, connection]));

  return (
    <FestivalContext.Provider value={value}>
      <ClockProvider timeZone={value.programme?.festival.timeZone ?? 'Europe/Amsterdam'}>{children}</ClockProvider>
    </FestivalContext.Provider>
  );
}

/**
 * The previous state while the new one says the same, and the previous programme while it is
 * equal: when the listeners take over from the first paint, and with every snapshot that
 * changes only metadata, the pages keep what they rendered instead of rendering the whole
 * programme again.
 */
function useUnchangedWhenEqual(state: FestivalState): FestivalState {
  const previous = useRef(state);
  if (previous.current === state || sameData(previous.current, state)) return previous.current;
  // Only the connection or the cache flag changed: the same programme object, so the views
  // that take only the programme (memo'd) skip rendering it again.
  const programme = previous.current.programme && state.programme && sameData(previous.current.programme, state.programme) ? previous.current.programme : state.programme;
  previous.current = { ...state, programme };
  return previous.current;
}

/**
 * The programme read from the bundle file, and when the bundle was built; null without a
 * bundle. The programme is null when the bundle holds no festival, or when this device's
 * Firestore cache already holds newer data (bundle-file/synced-past.ts): the listeners then
 * show that cache, rather than the older bundle for a moment.
 */
async function firstPaintProgramme(festivalId: string): Promise<{ programme: Programme | null; createTime: Date } | null> {
  const bytes = await programmeBundleBytes(festivalId);
  if (!bytes) return null;
  try {
    const { programme, createTime } = readProgrammeBundle(new Uint8Array(bytes), festivalId);
    return { programme: hasSyncedPast(festivalId, createTime) ? null : programme, createTime };
  } catch (error) {
    // Not a bundle (a proxy's error page, say): the listeners, which then start at once, show the programme.
    console.warn('The programme bundle could not be read for the first paint.', error);
    return null;
  }
}

export function useFestival(): FestivalState {
  const state = useContext(FestivalContext);
  if (!state) throw new Error('useFestival needs a FestivalProvider above it');
  return state;
}
