import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { judgeFavorite } from './favorite-verdict.js';
import { livePublisherFor, type LiveDeps } from './live-publish.js';
import type { ReputationDeps } from './reputation.js';

export const COUNT_FAVORITE = 'countFavorite';

/**
 * One favourite added or removed: the set is marked for the festival's next live
 * publication, and the message is acknowledged once that publication has committed (at most
 * `LIVE_PUBLISH_INTERVAL_SECONDS` later), or, when the instance already holds
 * `LIVE_HOLD_LIMIT` such messages (a hot set), once the set is stored as a mark that the next
 * publication consumes. No ledger: the publication recounts the set from the favourites
 * themselves, so a duplicate or a retry changes nothing (see LivePublisher).
 *
 * A favourite added is first judged for trending (`judgeFavorite`: its giver's reputation,
 * written on it once), so the recount that follows already sees whether it counts (issue 39).
 */
export async function handleFavoriteChanged(deps: LiveDeps & ReputationDeps, event: DomainEvent<'favorite.changed'>): Promise<void> {
  const { uid, festivalId, performanceId, change } = event.data;
  if (change === 'added') await judgeFavorite(deps, uid, performanceId);
  await livePublisherFor(deps).mark(festivalId, [performanceId]);
  logs.favoriteCounted({ festivalId, performanceId, change, eventId: event.id });
}
