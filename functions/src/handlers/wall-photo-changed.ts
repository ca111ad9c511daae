import type { DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import { markPhotos, type MarkDeps } from './live-marks.js';

/**
 * A photo became ready, left ready (hidden, rejected, deleted, gone) or moved to another set
 * while ready: a mark tells the festival's next publication of `live/photos` to query the wall
 * again, that publication is asked for, and the message is acknowledged (the mark is stored
 * first, so a lost instance loses nothing). Photos that never were ready (processing, then
 * rejected) change nothing on the wall.
 */
export async function handleWallPhotoChanged(deps: MarkDeps, event: DomainEvent<'photo.changed'>): Promise<'marked' | 'not-on-wall'> {
  const { festivalId, photoId, before, after } = event.data;
  if (before?.status !== 'ready' && after?.status !== 'ready') return 'not-on-wall';
  // Left ready (hidden, rejected, deleted): open walls are told to drop it wherever they show it.
  const withdrawn = before?.status === 'ready' && after?.status !== 'ready' ? photoId : undefined;
  await markPhotos(deps, festivalId, { wall: true, ...(withdrawn ? { withdrawn } : {}) });
  logs.wallPhotoPublished({ festivalId, photoId, before: before?.status ?? null, after: after?.status ?? null, eventId: event.id });
  return 'marked';
}
