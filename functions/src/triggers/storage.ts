import { onObjectDeleted, onObjectFinalized } from 'firebase-functions/v2/storage';
import { makeDomainEvent, parseUploadPath } from '@encore/model';
import { MAX_EVENT_AGE_MS, streamTriggerOptions, triggerOptions } from '../config.js';
import { handleMediaUploadFinalized, isMediaUpload } from '../handlers/media-upload-finalized.js';
import { handleUploadFinalized } from '../handlers/upload-finalized.js';
import { liveDeps } from '../platform/live.js';
import { guarded } from './guard.js';

/**
 * Every object in the default bucket: staff's images (`staff-uploads/**`) go to the media
 * handler, everything else to the photo handler, which acts on `uploads/**` only.
 */
export const onUploadFinalized = onObjectFinalized(streamTriggerOptions, (event) => {
  const object = {
    bucket: event.data.bucket,
    name: event.data.name,
    size: Number(event.data.size),
    contentType: event.data.contentType,
    generation: String(event.data.generation),
    metadata: event.data.metadata,
  };
  return guarded(
    'onUploadFinalized',
    event,
    MAX_EVENT_AGE_MS.photo,
    () => (isMediaUpload(object.name) ? handleMediaUploadFinalized(liveDeps(), event.id, object) : handleUploadFinalized(liveDeps(), event.id, object)),
    // Too late to process, never too late to revoke: an original must not keep a download token
    // (minted by the upload, or named by the client) until the nightly job (issue 24).
    () => (parseUploadPath(object.name) || isMediaUpload(object.name) ? liveDeps().objects.removeDownloadTokens(object.name, object.generation) : Promise.resolve()),
  );
});

/** An original deleted: the photo is marked deleted by a subscriber. */
export const onUploadDeleted = onObjectDeleted(triggerOptions, (event) =>
  guarded('onUploadDeleted', event, MAX_EVENT_AGE_MS.default, async () => {
    const upload = parseUploadPath(event.data.name);
    if (!upload) return;
    const deps = liveDeps();
    await deps.publisher.publish(makeDomainEvent('photo.original-deleted', event.id, { festivalId: upload.festivalId, photoId: upload.photoId, path: event.data.name }, deps.now()));
  }),
);
