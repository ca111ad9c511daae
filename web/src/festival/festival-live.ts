import { artistSchema, festivalSchema, firestorePaths, liveSetsSchema, performanceSchema, stageSchema, type LiveSets } from '@encore/model';
import { doc } from 'firebase/firestore';
import { db } from '../firebase/firestore';
import { listenToDocument, listenToQuery, type DocumentState } from '../firebase/live';
import type { WithId } from '../firebase/to-model';
import { loadProgrammeQueries } from './programme-queries';
import type { LiveProgramme } from './live-programme';

/**
 * The festival's live listeners: the Firestore SDK and the model's schemas, in a chunk the
 * festival context loads once the first paint is on screen (or at once when there is no
 * bundle to paint from). The listeners start from the bundle's documents (the same bytes
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
    // The bundle brought the venue map: its plan image goes on the device too (offline map after one visit).
    void import('../features/venue/keep-map-offline').then(({ keepSitePlanOffline }) => keepSitePlanOffline(db(), festivalId)).catch(() => undefined);
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
