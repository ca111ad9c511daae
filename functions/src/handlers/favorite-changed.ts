import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { judgeFavorite } from './favorite-verdict.js';
import { markSets, type MarkDeps } from './live-marks.js';
import type { ReputationDeps } from './reputation.js';

export const COUNT_FAVORITE = 'countFavorite';

/**
 * One favourite added or removed: the set is stored as a mark for the festival's next live
 * publication (`festivals/{f}/liveMarks`), that publication is asked for (a task at the end of
 * the current `LIVE_PUBLISH_INTERVAL_SECONDS` window), and the message is acknowledged: no
 * instance holds it until the publication. No ledger: the publication recounts the set from the
 * favourites themselves, so a duplicate or a retry (another mark of the same set) changes
 * nothing (see LivePublisher).
 *
 * A favourite added is first judged for trending (`judgeFavorite`: its giver's reputation,
 * written on it once), so the recount that follows already sees whether it counts (issue 39).
 */
export async function handleFavoriteChanged(deps: MarkDeps & ReputationDeps, event: DomainEvent<'favorite.changed'>): Promise<void> {
  const { uid, festivalId, performanceId, change } = event.data;
  if (change === 'added') await judgeFavorite(deps, uid, performanceId);
  await markSets(deps, festivalId, [performanceId]);
  logs.favoriteCounted({ festivalId, performanceId, change, eventId: event.id });
}
