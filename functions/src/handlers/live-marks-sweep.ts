import { liveMarkSchema } from '@encore/model';
import { livePublisherFor, type LiveDeps } from './live-publish.js';

/** How many festivals with marks one sweep looks at (the rest on the next minute). */
const FESTIVALS_PER_SWEEP = 50;

/**
 * Publishes the live figures of every festival that has marks (`festivals/{f}/liveMarks`): sets
 * whose favourites an instance acknowledged before their publication (LivePublisher's
 * `flushMarks`) and that it did not publish (it died, or its publication failed). Any later
 * publication takes them too; this bounds their wait when none comes. One collection-group
 * read when there is nothing to do. Returns the festivals published.
 */
export async function publishLeftoverMarks(deps: LiveDeps): Promise<string[]> {
  const marks = await deps.docs.query({ collection: 'liveMarks', group: true, limit: FESTIVALS_PER_SWEEP }, liveMarkSchema);
  const festivals = [...new Set(marks.map((mark) => festivalOfMark(mark.path)).filter((id): id is string => id !== null))];
  await Promise.all(festivals.map((festivalId) => livePublisherFor(deps).mark(festivalId, [])));
  return festivals;
}

/** `festivals/{f}/liveMarks/{id}` -> f. */
function festivalOfMark(path: string): string | null {
  const match = /^festivals\/([^/]+)\/liveMarks\/[^/]+$/.exec(path);
  return match ? match[1]! : null;
}
