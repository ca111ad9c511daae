import { makeDomainEvent, parseMediaUploadPath, photoIdSchema, slugIdSchema, subjectDocument, subjectPath, type MediaUpload } from '@encore/model';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { canCreate, newSubjectDocument, readSubject } from './media-subject.js';
import type { FinalizedObject } from './upload-finalized.js';

/** Whether a finalized object is a staff upload this handler takes (and not a visitor's photo). */
export const isMediaUpload = (path: string) => path.startsWith('staff-uploads/');

/**
 * Staff uploaded an image for an artist, the site plan or the festival's look
 * (`staff-uploads/{festivalId}/artists/{artistId}/{uploadId}`, `…/venue/map/{uploadId}` or
 * `…/brand/{logo|icon}/{uploadId}`; the first upload of a plan, logo or icon creates its document).
 *
 * 1. Its download tokens go at once: an original is never served (it may carry GPS).
 * 2. The document it belongs to records the upload as `processing` (`imageUpload`): a newer
 *    upload replaces an older one's record, so the older one's processing is skipped. The
 *    image shown (`image`) stays until the new one is ready.
 * 3. The work goes to `processMedia` through `media.uploaded`.
 *
 * An upload for an artist that does not exist (deleted since) is deleted, never processed.
 */
export async function handleMediaUploadFinalized(deps: Pick<Deps, 'docs' | 'objects' | 'publisher' | 'now'>, eventId: string, object: FinalizedObject): Promise<void> {
  const upload = parseMediaUploadPath(object.name);
  const validIds =
    upload !== null &&
    slugIdSchema.safeParse(upload.festivalId).success &&
    photoIdSchema.safeParse(upload.uploadId).success &&
    (upload.subject.kind !== 'artist' || slugIdSchema.safeParse(upload.subject.artistId).success);
  if (!upload || !validIds) {
    logs.uploadIgnored({ path: object.name });
    return;
  }
  if (!(await deps.objects.removeDownloadTokens(object.name, object.generation))) {
    logs.uploadIgnored({ path: object.name, why: `generation ${object.generation} is gone` });
    return;
  }
  const { festivalId, subject, uploadId } = upload;
  const path = subjectDocument(festivalId, subject);
  const now = deps.now();
  const recorded = await deps.docs.transaction(async (tx) => {
    const current = await readSubject(tx, festivalId, subject);
    if (!current && !canCreate(subject)) return 'no-subject' as const;
    // The same upload announced twice: leave its record as the pipeline left it.
    if (current?.imageUpload?.uploadId === uploadId) return current.imageUpload.status === 'processing' ? ('recorded' as const) : ('done' as const);
    const imageUpload: MediaUpload = { uploadId, status: 'processing', rejectReason: null, updatedAt: now };
    if (current) tx.set(path, { imageUpload }, { merge: true });
    else tx.set(path, { ...newSubjectDocument(subject, now), imageUpload });
    return 'recorded' as const;
  });
  if (recorded === 'no-subject') {
    await deps.objects.delete(object.name);
    logs.mediaOrphanDeleted({ path: object.name, document: path });
    return;
  }
  if (recorded === 'done') return;
  const event = makeDomainEvent(
    'media.uploaded',
    eventId,
    {
      bucket: object.bucket,
      path: object.name,
      festivalId,
      subject: subjectPath(subject),
      uploadId,
      claimedContentType: object.contentType ?? null,
      size: object.size,
      generation: object.generation,
    },
    now,
  );
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, uploadId });
}
