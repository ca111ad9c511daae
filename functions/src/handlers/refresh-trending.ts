import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { livePublisherFor, type LiveDeps } from './live-publish.js';

/**
 * `refreshTrending`: a cancelled set leaves trending at the next live publication, rather
 * than whenever another favourite comes. A recomputation, so a duplicate or retried event
 * simply publishes the same document (or nothing).
 */
export async function handleRefreshTrending(deps: LiveDeps, event: DomainEvent<'performance.changed'>): Promise<void> {
  const { festivalId, performanceId, change } = event.data;
  if (change !== 'cancelled') return;
  await livePublisherFor(deps).mark(festivalId, [performanceId], { offProgramme: [performanceId] });
  logs.trendingRefreshed({ festivalId, performanceId, eventId: event.id });
}
