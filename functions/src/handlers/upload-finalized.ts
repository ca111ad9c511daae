import { documentIdSchema, firestorePaths, makeDomainEvent, parseUploadPath, slugIdSchema, type Photo } from '@encore/model';
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
 * An original landed in `uploads/{uid}/{festivalId}/{photoId}`: create the photo as
 * `processing` at once (so the uploader sees it), then hand the work to the pipeline
 * through `photo.uploaded`. Objects outside `uploads/` (every derived file) are ignored,
 * which is what keeps derived writes from ever re-triggering the pipeline.
 */
export async function handleUploadFinalized(deps: Pick<Deps, 'docs' | 'publisher' | 'now'>, eventId: string, object: FinalizedObject): Promise<void> {
  const upload = parseUploadPath(object.name);
  if (!upload || !slugIdSchema.safeParse(upload.festivalId).success || !documentIdSchema.safeParse(upload.photoId).success) {
    logs.uploadIgnored({ path: object.name });
    return;
  }
  const claimed = object.metadata?.performanceId;
  const performanceId = claimed !== undefined && documentIdSchema.safeParse(claimed).success ? claimed : null;
  const now = deps.now();
  const photoPath = firestorePaths.photo(upload.festivalId, upload.photoId);
  await deps.docs.transaction(async (tx) => {
    if (await tx.get(photoPath)) return;
    const photo: Photo = {
      uploaderUid: upload.uid,
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
      reactionCount: 0,
      reportCount: 0,
      createdAt: now,
      updatedAt: now,
    };
    tx.create(photoPath, photo);
  });
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
