import { firestorePaths, photoSchema, reactionSchema, storagePaths, type DomainEvent } from '@encore/model';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

/** Reactions deleted per batch (Firestore's batch limit is 500). */
const REACTION_PAGE = 400;

export type PhotoRemoval = 'removed' | 'not-requested' | 'already-removed';

/**
 * The uploader deleted their photo (the rules let them mark it `deleted` with
 * `deleteRequestedAt`; it left the wall with that write). Remove everything of it:
 * renditions and original, then its reactions, then the document last.
 *
 * Retry-safe without a ledger: every step deletes what is still there, and the document goes
 * last, so a redelivery after a crash redoes only what is left, and one after success finds
 * no document and stops. Counting is not done here: each reaction deletion and the photo's
 * `ready -> deleted` change go through their usual triggers (`reaction.changed`,
 * `photo.changed`), so whatever counters follow those follow this too, each once.
 * A photo marked `deleted` because its original vanished (no `deleteRequestedAt`) is kept as
 * a record, as before.
 */
export async function handlePhotoDeleted(deps: Pick<Deps, 'docs' | 'objects'>, event: DomainEvent<'photo.changed'>): Promise<PhotoRemoval> {
  const { festivalId, photoId, after, originalPath } = event.data;
  if (after?.status !== 'deleted') return 'not-requested';
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const photo = await deps.docs.get(photoPath, photoSchema);
  if (!photo) return 'already-removed';
  if (photo.status !== 'deleted' || !photo.deleteRequestedAt) return 'not-requested';

  await deps.objects.deletePrefix(storagePaths.thumbnailFolder(festivalId, photoId));
  await deps.objects.delete(originalPath);

  const reactions = firestorePaths.reactions(festivalId, photoId);
  for (;;) {
    // The rules let nobody react to a photo that is not ready, so this empties for good.
    const page = await deps.docs.query({ collection: reactions, limit: REACTION_PAGE }, reactionSchema);
    if (page.length === 0) break;
    await deps.docs.batch((batch) => page.forEach((reaction) => batch.delete(reaction.path)));
  }

  // Only a photo still marked deleted by its uploader goes (never one restored or re-used since).
  const removed = await deps.docs.transaction(async (tx) => {
    const current = await tx.get(photoPath, photoSchema);
    if (!current || current.status !== 'deleted' || !current.deleteRequestedAt) return false;
    tx.delete(photoPath);
    return true;
  });
  if (removed) logs.photoRemoved({ festivalId, photoId });
  return removed ? 'removed' : 'already-removed';
}
