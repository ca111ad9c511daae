import { firestorePaths, liveSetsSchema, programmeVersionSchema, type LiveSets, type ProgrammeVersion } from '@encore/model';
import { doc } from 'firebase/firestore';
import { db } from '../firebase/firestore';
import { listenToDocument, type DocumentState } from '../firebase/live';
import type { WithId } from '../firebase/to-model';
import { loadOfflineParts } from './programme-queries';

export { nextLiveCounts } from './next-live-counts';

/** The bundle brought the venue map: its plan image goes on the device too (offline map after one visit). */
export function keepSitePlanOffline(festivalId: string): void {
  void import('../features/venue/keep-map-offline').then(({ keepSitePlanOffline: keep }) => keep(db(), festivalId)).catch(() => undefined);
}

/**
 * A visitor's app, which shows the programme from the bundle file (FestivalContext.tsx): the
 * bundle's other parts (the festival, the venue map, the info pages) go into the Firestore
 * cache for the pages that read them there, offline too, and the site plan's image onto the
 * device; then one listener on `festivals/{f}/live/programme` says when a newer bundle is
 * served. `onVersion` gets each state of that listener; the returned function stops it.
 */
export function followProgrammeBundle(
  festivalId: string,
  bundleBytes: ArrayBuffer,
  onVersion: (update: (previous: DocumentState<WithId<ProgrammeVersion>>) => DocumentState<WithId<ProgrammeVersion>>) => void,
): () => void {
  const stop = listenToDocument(doc(db(), firestorePaths.programmeVersion(festivalId)), programmeVersionSchema, onVersion);
  void keepOfflineParts(festivalId, bundleBytes);
  return stop;
}

/** The bundle's festival, venue map and info pages into the Firestore cache (a newer bundle's too), and the site plan's image. */
export async function keepOfflineParts(festivalId: string, bundleBytes: ArrayBuffer): Promise<void> {
  try {
    await loadOfflineParts(db(), festivalId, new Uint8Array(bundleBytes));
  } catch (error) {
    console.warn('The venue map and info pages could not be kept for offline use.', error);
  }
  keepSitePlanOffline(festivalId);
}

/**
 * The festival's live figures (`festivals/{f}/live/sets`): one document, rewritten by the
 * backend at most every 30 seconds (LIVE_PUBLISH_INTERVAL_SECONDS), so this listener costs at most 2 reads a minute however
 * many people favourite.
 */
export function listenToLiveSets(festivalId: string, onChange: (update: (previous: DocumentState<WithId<LiveSets>>) => DocumentState<WithId<LiveSets>>) => void): () => void {
  return listenToDocument(doc(db(), firestorePaths.liveSets(festivalId)), liveSetsSchema, onChange);
}
