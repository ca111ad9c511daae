import { liveMarkSchema, livePhotoMarkSchema } from '@encore/model';
import type { PublicationKind } from '../domain/publication-window.js';
import { askForPublication, type MarkDeps } from './live-marks.js';

/** How many marks of each kind one sweep looks at (their festivals; the rest on the next minute). */
const MARKS_PER_SWEEP = 50;

/**
 * Asks again for the publication of every festival that has marks (`festivals/{f}/liveMarks`,
 * `livePhotoMarks`): changes acknowledged whose publication task did not take them (it failed
 * for good, or was lost with a local runner that crashed; Cloud Tasks itself keeps its tasks).
 * The ask is the slot's own task id, so a publication already asked for is not asked twice.
 * One collection-group read per kind when there is nothing to do. Returns the festivals asked for.
 */
export async function publishLeftoverMarks(deps: MarkDeps): Promise<string[]> {
  const [sets, photos] = await Promise.all([
    deps.docs.query({ collection: 'liveMarks', group: true, limit: MARKS_PER_SWEEP }, liveMarkSchema),
    deps.docs.query({ collection: 'livePhotoMarks', group: true, limit: MARKS_PER_SWEEP }, livePhotoMarkSchema),
  ]);
  const asks = new Map<string, PublicationKind>();
  for (const mark of sets) addFestival(asks, mark.path, 'liveMarks', 'sets');
  for (const mark of photos) addFestival(asks, mark.path, 'livePhotoMarks', 'photos');
  // Trailing only: marks wait in the steady state too, and a leading ask would publish again at once.
  await Promise.all([...asks].map(([key, kind]) => askForPublication(deps, kind, key.slice(kind.length + 1), { mayLead: false })));
  return [...new Set([...asks.keys()].map((key) => key.slice(key.indexOf('/') + 1)))];
}

/** `festivals/{f}/{collection}/{id}` -> an ask for f's publication of `kind`. */
function addFestival(asks: Map<string, PublicationKind>, path: string, collection: string, kind: PublicationKind): void {
  const [root, festivalId, name, id, ...rest] = path.split('/');
  if (root === 'festivals' && festivalId && name === collection && id && rest.length === 0) asks.set(`${kind}/${festivalId}`, kind);
}
