import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { livePhotosPublisherFor, type LivePhotosDeps } from './live-photos-publish.js';

export const COUNT_REACTION = 'countReaction';

/**
 * A reaction added, removed or changed to another kind: the photo (and the kinds that moved)
 * is marked for the festival's next publication of `live/photos`, and the message is
 * acknowledged once that publication has committed (at most `LIVE_PUBLISH_INTERVAL_SECONDS`
 * later). No ledger and no per-reaction write: the publication recounts from the reactions
 * themselves, so a duplicate or a retry changes nothing (see LivePhotosPublisher).
 */
export async function handleReactionChanged(deps: LivePhotosDeps, event: DomainEvent<'reaction.changed'>): Promise<void> {
  const { festivalId, photoId, change, kinds } = event.data;
  await livePhotosPublisherFor(deps).mark(festivalId, photoId, kinds);
  logs.reactionCounted({ festivalId, photoId, change, eventId: event.id });
}
