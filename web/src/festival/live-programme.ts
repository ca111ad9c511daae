import type { Festival } from '@encore/model';
import type { ConnectionState } from '../firebase/connection';
import { initialLiveState, type LiveState } from '../firebase/live-state';
import type { WithId } from '../firebase/to-model';
import { makeProgramme, type ArtistDoc, type PerformanceDoc, type Programme, type StageDoc } from './programme';

/** The state of the festival's four live listeners (festival-listeners.ts). */
export interface LiveProgramme {
  festival: LiveState<WithId<Festival> | null> & { exists: boolean };
  stages: LiveState<StageDoc[]>;
  artists: LiveState<ArtistDoc[]>;
  performances: LiveState<PerformanceDoc[]>;
}

export const NOT_LISTENING: LiveProgramme = {
  festival: { ...initialLiveState(null), exists: false },
  stages: initialLiveState([]),
  artists: initialLiveState([]),
  performances: initialLiveState([]),
};

export interface FestivalState {
  programme: Programme | null;
  status: 'loading' | 'ready' | 'missing' | 'error';
  error: unknown;
  /** True while what is shown came from this device's cache (or the bundle file) only. */
  fromCache: boolean;
  connection: ConnectionState;
}

/**
 * What the pages see: the listeners' programme once all four have answered (staff pages, or
 * no bundle); otherwise the programme read from the bundle file (`firstPaint`), on screen
 * before the Firestore SDK has even loaded, and from the cache until the server has said it
 * is the current one (`bundleFresh`); and until either, loading.
 */
export function festivalState(festivalId: string, live: LiveProgramme, firstPaint: Programme | null, connection: ConnectionState, bundleFresh = false): FestivalState {
  const parts = [live.festival, live.stages, live.artists, live.performances];
  const failed = parts.find((part) => part.status === 'error');
  const fromCache = parts.some((part) => part.fromCache);
  if (failed) return { programme: null, status: 'error', error: failed.error, fromCache, connection };
  if (parts.some((part) => part.status === 'loading')) {
    if (firstPaint) return { programme: firstPaint, status: 'ready', error: null, fromCache: !bundleFresh, connection };
    return { programme: null, status: 'loading', error: null, fromCache, connection };
  }
  if (!live.festival.data) return { programme: null, status: 'missing', error: null, fromCache, connection };
  // The festival as the bundle's first paint reads it, without the listener's document id: with
  // it, the programme never equalled the first paint's and every page rendered it all again
  // when the listeners took over.
  const { id: _documentId, ...festival } = live.festival.data;
  const programme = makeProgramme({
    festivalId,
    festival,
    stages: live.stages.data,
    artists: live.artists.data,
    performances: live.performances.data,
  });
  return { programme, status: 'ready', error: null, fromCache, connection };
}
