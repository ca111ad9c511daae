import type { LiveTrendingItem } from '@encore/model';
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { afterFirstContent } from '../app/first-content';
import { appConfig } from '../config/firebase-config';
import type { LiveFreshness } from '../firebase/live-freshness-note';
import { loadFestivalLive } from './load-festival-live';

export interface LiveCounts {
  /** Per set, how many people have it in their schedule (as last published: at most ~30 s behind). */
  favorites: Readonly<Record<string, number>>;
  /** The sets established accounts favourited most in the last hour, most first. */
  trending: readonly LiveTrendingItem[];
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** When the document last changed as the server delivered it (the honest badge: live-freshness.ts); absent before the first. */
  freshness?: LiveFreshness;
  /** `publishedAt` of the last delivered version, to tell a change from a repeated snapshot. */
  publishedAt?: number;
}

const NONE: LiveCounts = { favorites: {}, trending: [], status: 'loading', error: null };
const LiveCountsContext = createContext<LiveCounts>(NONE);

/**
 * The festival's live figures for every page: one listener on `festivals/{f}/live/sets`, the
 * published aggregate (functions/README.md, "Live counts as published aggregates"). Counts live
 * apart from the programme, so a favourite never re-renders it or churns its listeners.
 */
export function LiveCountsProvider({ children }: { children: ReactNode }) {
  const festivalId = appConfig.festivalId;
  const [counts, setCounts] = useState<LiveCounts>(NONE);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void afterFirstContent()
      .then(loadFestivalLive)
      .then((module) => {
        if (cancelled) return;
        stop = module.listenToLiveSets(festivalId, (update) =>
          startTransition(() =>
            setCounts((previous) => module.nextLiveCounts(previous, update)),
          ),
        );
      })
      .catch((error: unknown) => {
        if (!cancelled) setCounts((previous) => ({ ...previous, status: 'error', error }));
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [festivalId]);
  return <LiveCountsContext.Provider value={counts}>{children}</LiveCountsContext.Provider>;
}

export function useLiveCounts(): LiveCounts {
  return useContext(LiveCountsContext);
}

/** A set's favourites as published (0 before the first publication or while loading). */
export function useFavoriteCount(performanceId: string): number {
  return useLiveCounts().favorites[performanceId] ?? 0;
}
