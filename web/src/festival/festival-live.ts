import { artistSchema, festivalSchema, performanceSchema, stageSchema } from '@encore/model';
import { db } from '../firebase/firestore';
import { listenToDocument, listenToQuery } from '../firebase/live';
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
