import { z } from 'zod';
import { displayNameSchema, firestorePaths, makeDomainEvent, parseUploadPath, photoIdSchema, photoSchema, slugIdSchema, documentIdSchema, type Photo } from '@encore/model';
import type { Deps } from './deps.js';
import { logs } from '../logs.js';

export interface FinalizedObject {
  bucket: string;
  name: string;
  size: number;
  contentType: string | undefined;
  generation: string;
  metadata: Record<string, string> | undefined;
}

/**
 * Only the display name is read from the uploader's preferences, leniently: a preferences
 * document this version does not understand signs the photo with no name, never blocks it.
 */
const displayNameOnlySchema = z.object({ displayName: z.unknown().optional() });

/** Only whether a moderation entry exists matters here: any shape, past or present, counts. */
const anyEntrySchema = z.looseObject({});

/**
 * An original landed in `uploads/{uid}/{festivalId}/{photoId}`.
 *
 * 1. Its download tokens go at once: an original is never served by link (it still
 *    carries its GPS, and a link would make the bucket free file hosting). Reads of it
 *    then go through the rules, which refuse them.
 * 2. The photo is created as `processing` (so the uploader sees it), naming this file as
 *    its original and signed with the uploader's chosen display name (`uploaderName`), if any. If the photo id is taken by another original already (the Storage
 *    rules refuse that upload; only two uploads racing for one new id get here), or was the
 *    id of a removed photo that has a moderation entry (its history: the rules refuse that
 *    too), this file belongs to no photo: it is deleted and never processed.
 * 3. The work goes to the pipeline through `photo.uploaded`.
 *
 * Objects outside `uploads/` (every derived file) are ignored, which is what keeps derived
 * writes from ever re-triggering the pipeline.
 */
export async function handleUploadFinalized(deps: Pick<Deps, 'docs' | 'objects' | 'publisher' | 'now'>, eventId: string, object: FinalizedObject): Promise<void> {
  const upload = parseUploadPath(object.name);
  if (!upload || !slugIdSchema.safeParse(upload.festivalId).success || !photoIdSchema.safeParse(upload.photoId).success) {
    logs.uploadIgnored({ path: object.name });
    return;
  }
  if (!(await deps.objects.removeDownloadTokens(object.name, object.generation))) {
    logs.uploadIgnored({ path: object.name, why: `generation ${object.generation} is gone` });
    return;
  }
  const claimed = object.metadata?.performanceId;
  const performanceId = claimed !== undefined && documentIdSchema.safeParse(claimed).success ? claimed : null;
  const now = deps.now();
  const photoPath = firestorePaths.photo(upload.festivalId, upload.photoId);
  const ownerOfId = await deps.docs.transaction(async (tx) => {
    const [existing, preferences, history] = await tx.getAll([
      [photoPath, photoSchema],
      [firestorePaths.userPreferences(upload.uid), displayNameOnlySchema],
      [firestorePaths.moderationEntry(upload.festivalId, upload.photoId), anyEntrySchema],
    ]);
    if (existing) return existing.originalPath;
    // A removed photo's id with reports against it: the new photo would inherit them (issue 39).
    if (history) return 'an earlier photo, removed after reports';
    const uploaderName = displayNameSchema.safeParse(preferences?.displayName);
    const photo: Photo = {
      uploaderUid: upload.uid,
      ...(uploaderName.success ? { uploaderName: uploaderName.data } : {}),
      performanceId,
      suggestedPerformanceId: null,
      status: 'processing',
      rejectReason: null,
      originalPath: object.name,
      width: null,
      height: null,
      thumbnails: [],
      dominantColor: null,
      placeholder: null,
      capturedAt: null,
      reportCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    tx.create(photoPath, photo);
    return object.name;
  });
  if (ownerOfId !== object.name) {
    await deps.objects.delete(object.name);
    logs.uploadStrayDeleted({ path: object.name, photoId: upload.photoId, originalPath: ownerOfId });
    return;
  }
  const event = makeDomainEvent(
    'photo.uploaded',
    eventId,
    {
      bucket: object.bucket,
      path: object.name,
      uploaderUid: upload.uid,
      festivalId: upload.festivalId,
      photoId: upload.photoId,
      claimedContentType: object.contentType ?? null,
      size: object.size,
      generation: object.generation,
      performanceId,
    },
    now,
  );
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, photoId: upload.photoId });
}
