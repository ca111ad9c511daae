import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { refreshStats } from './stats.js';

/**
 * `refreshTrending`: a cancelled set leaves trending at once, rather than at the next
 * favourite anyone gives. Trending never lists a cancelled set (`refreshStats` reads the
 * ranked sets' status); this only recomputes the stats documents when staff cancel one.
 * A recomputation, so a duplicate or retried event simply computes the same documents.
 */
export async function handleRefreshTrending(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'performance.changed'>): Promise<void> {
  const { festivalId, performanceId, change } = event.data;
  if (change !== 'cancelled') return;
  await refreshStats(deps.docs, festivalId, deps.now());
  logs.trendingRefreshed({ festivalId, performanceId, eventId: event.id });
}
