import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { markSets, type MarkDeps } from './live-marks.js';

/**
 * `refreshTrending`: a cancelled set leaves trending at the next live publication, rather
 * than whenever another favourite comes: the set is marked (the publication reads the status
 * of every marked set again) and the publication asked for. A duplicate or retried event marks
 * it again, which publishes the same document (or nothing).
 */
export async function handleRefreshTrending(deps: MarkDeps, event: DomainEvent<'performance.changed'>): Promise<void> {
  const { festivalId, performanceId, change } = event.data;
  if (change !== 'cancelled') return;
  await markSets(deps, festivalId, [performanceId]);
  logs.trendingRefreshed({ festivalId, performanceId, eventId: event.id });
}
