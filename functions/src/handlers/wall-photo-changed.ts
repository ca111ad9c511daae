import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { livePhotosPublisherFor, type LivePhotosDeps } from './live-photos-publish.js';

/**
 * A photo became ready, left ready (hidden, rejected, deleted, gone) or moved to another set
 * while ready: the festival's next publication of `live/photos` queries the wall again, and
 * the message is acknowledged once that publication has committed (at most the publication
 * interval later), so a lost instance leaves the message to come back. Photos that never were
 * ready (processing, then rejected) change nothing on the wall.
 */
export async function handleWallPhotoChanged(deps: LivePhotosDeps, event: DomainEvent<'photo.changed'>): Promise<'marked' | 'not-on-wall'> {
  const { festivalId, photoId, before, after } = event.data;
  if (before?.status !== 'ready' && after?.status !== 'ready') return 'not-on-wall';
  // Left ready (hidden, rejected, deleted): open walls are told to drop it wherever they show it.
  const withdrawn = before?.status === 'ready' && after?.status !== 'ready' ? photoId : undefined;
  await livePhotosPublisherFor(deps).markWall(festivalId, withdrawn);
  logs.wallPhotoPublished({ festivalId, photoId, before: before?.status ?? null, after: after?.status ?? null, eventId: event.id });
  return 'marked';
}
