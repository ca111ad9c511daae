import type { LiveSets } from '@encore/model';
import { NO_FRESHNESS, noteLiveChange } from '../firebase/live-freshness-note';
import type { DocumentState } from '../firebase/live';
import type { WithId } from '../firebase/to-model';
import type { LiveCounts } from './LiveCountsContext';

type LiveSetsState = DocumentState<WithId<LiveSets>>;

/**
 * The live counts after one snapshot of `live/sets`, and when the server last delivered a new
 * publication (not the cache's copy, not a repeat): what the honest badge reads
 * (firebase/live-freshness.ts). In the live chunk (festival-live.ts), off the first download.
 */
export function nextLiveCounts(previous: LiveCounts, update: (state: LiveSetsState) => LiveSetsState): LiveCounts {
  const state = update({ data: null, status: 'loading', error: null, fromCache: true, hasPendingWrites: false, pendingIds: new Set(), invalid: [], exists: false });
  if (state.status === 'error') return { ...previous, status: 'error', error: state.error };
  const publishedAt = state.data?.publishedAt.getTime();
  const changed = state.status === 'ready' && !state.fromCache && publishedAt !== undefined && publishedAt !== previous.publishedAt;
  return {
    favorites: state.data?.favorites ?? {},
    trending: state.data?.trending ?? [],
    status: state.status === 'ready' ? 'ready' : 'loading',
    error: null,
    freshness: changed ? noteLiveChange(previous.freshness ?? NO_FRESHNESS, Date.now()) : previous.freshness,
    publishedAt: changed ? publishedAt : previous.publishedAt,
  };
}
