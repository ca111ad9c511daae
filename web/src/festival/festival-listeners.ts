import { artistSchema, festivalSchema, performanceSchema, stageSchema } from '@encore/model';
import { db } from '../firebase/firestore';
import { listenToDocument, listenToQuery } from '../firebase/live';
import { keepSitePlanOffline } from './festival-live';
import type { LiveProgramme } from './live-programme';
import { loadProgrammeQueries } from './programme-queries';

// Apart from festival-live.ts (a visitor's follower of the bundle and the live counts): these
// four schemas are the largest of the programme's, and a visitor's app, which shows the
// programme from the bundle file, never builds them (zod builds a schema when its module is
// evaluated: with them, the follower's chunk took ~60 ms unthrottled to evaluate on a first
// visit, web/README.md, "The first page").

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
