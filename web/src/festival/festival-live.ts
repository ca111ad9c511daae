import { artistSchema, festivalSchema, firestorePaths, liveSetsSchema, performanceSchema, programmeVersionSchema, stageSchema, type LiveSets, type ProgrammeVersion } from '@encore/model';
import { doc } from 'firebase/firestore';
import { db } from '../firebase/firestore';
import { listenToDocument, listenToQuery, type DocumentState } from '../firebase/live';
import type { WithId } from '../firebase/to-model';
import { loadOfflineParts, loadProgrammeQueries } from './programme-queries';
import type { LiveProgramme } from './live-programme';

/** The bundle brought the venue map: its plan image goes on the device too (offline map after one visit). */
function keepSitePlanOffline(festivalId: string): void {
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
 * The festival's live listeners, for staff pages (an edit shows at once) and for a visitor's
 * app that has no bundle to show (offline with none kept, none served): the festival context
 * starts them then. The listeners start from the bundle's documents (the same bytes
 * the first paint read) and then follow the server; every document is checked with its
 * full schema. `onChange` gets each new state of the four; the returned function stops them.
 */
export function listenToFestival(festivalId: string, onChange: (update: (previous: LiveProgramme) => LiveProgramme) => void): () => void {
  let stopped = false;
  const stops: Array<() => void> = [];
  void loadProgrammeQueries(db(), festivalId).then((queries) => {
    if (stopped) return;
    stops.push(
      listenToDocument(queries.festival, festivalSchema, (update) => onChange((live) => ({ ...live, festival: update(live.festival) }))),
      listenToQuery(queries.stages, stageSchema, (update) => onChange((live) => ({ ...live, stages: update(live.stages) }))),
      listenToQuery(queries.artists, artistSchema, (update) => onChange((live) => ({ ...live, artists: update(live.artists) }))),
      listenToQuery(queries.performances, performanceSchema, (update) => onChange((live) => ({ ...live, performances: update(live.performances) }))),
    );
    keepSitePlanOffline(festivalId);
  });
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

/**
 * The festival's live figures (`festivals/{f}/live/sets`): one document, rewritten by the
 * backend at most every 30 seconds (LIVE_PUBLISH_INTERVAL_SECONDS), so this listener costs at most 2 reads a minute however
 * many people favourite.
 */
export function listenToLiveSets(festivalId: string, onChange: (update: (previous: DocumentState<WithId<LiveSets>>) => DocumentState<WithId<LiveSets>>) => void): () => void {
  return listenToDocument(doc(db(), firestorePaths.liveSets(festivalId)), liveSetsSchema, onChange);
}
