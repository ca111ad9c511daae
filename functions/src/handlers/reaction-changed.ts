import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { markPhotos, type MarkDeps } from './live-marks.js';

export const COUNT_REACTION = 'countReaction';

/**
 * A reaction added, removed or changed to another kind: the photo (and the kinds that moved)
 * is stored as a mark for the festival's next publication of `live/photos`
 * (`festivals/{f}/livePhotoMarks`), that publication is asked for, and the message is
 * acknowledged. No ledger and no per-reaction write: the publication recounts from the
 * reactions themselves, so a duplicate or a retry changes nothing (see LivePhotosPublisher).
 */
export async function handleReactionChanged(deps: MarkDeps, event: DomainEvent<'reaction.changed'>): Promise<void> {
  const { festivalId, photoId, change, kinds } = event.data;
  await markPhotos(deps, festivalId, { photoId, kinds });
  logs.reactionCounted({ festivalId, photoId, change, eventId: event.id });
}
