import {
  festivalSchema,
  firestorePaths,
  makeDomainEvent,
  performanceSchema,
  photoSchema,
  storagePaths,
  storedNoticeText,
  userPreferencesSchema,
  type DomainEvent,
  type Notice,
  type NoticeParams,
  type Photo,
} from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import { photoCountDelta, type PhotoSide } from '../domain/photo-counts.js';
import { parseIfPresent, readsOf, type DocData } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { onceInTransaction } from './once.js';
import { localeFor } from './push-targets.js';
import { addToStats, refreshStats } from './stats.js';

const side = (photo: Photo | undefined): PhotoSide | null => (photo ? { status: photo.status, performanceId: photo.performanceId } : null);

/**
 * Trigger side of `festivals/{f}/photos/{photoId}` writes: publish `photo.changed` when
 * the photo appears, goes away, or changes status or performance (counter writes such
 * as the published `reactions` of an older photo publish nothing).
 */
export async function publishPhotoChanged(
  deps: Pick<Deps, 'publisher' | 'now'>,
  eventId: string,
  ids: { festivalId: string; photoId: string },
  beforeData: DocData | undefined,
  afterData: DocData | undefined,
): Promise<void> {
  const path = firestorePaths.photo(ids.festivalId, ids.photoId);
  const beforePhoto = parseIfPresent(path, beforeData, photoSchema);
  const afterPhoto = parseIfPresent(path, afterData, photoSchema);
  const before = side(beforePhoto);
  const after = side(afterPhoto);
  if (before?.status === after?.status && before?.performanceId === after?.performanceId) return;
  const { uploaderUid, originalPath } = (afterPhoto ?? beforePhoto)!;
  const event = makeDomainEvent('photo.changed', eventId, { ...ids, uploaderUid, originalPath, before, after }, deps.now());
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, photoId: ids.photoId });
}

export const COUNT_PHOTO = 'countPhoto';

/** The festival's photo figures (per stage and in total), and daily uploads/rejections. Performances keep only what staff write. */
export async function handlePhotoCounts(deps: Pick<Deps, 'docs' | 'now' | 'random'>, event: DomainEvent<'photo.changed'>): Promise<void> {
  const { festivalId, before, after } = event.data;
  const delta = photoCountDelta(before, after);
  const now = deps.now();
  const occurredAt = new Date(event.occurredAt);
  let festivalTimeZone: string | undefined;
  await onceInTransaction(deps.docs, COUNT_PHOTO, event.id, now, async (tx) => {
    const performanceIds = Object.keys(delta.performances);
    const [[festival], performances] = await Promise.all([
      tx.getAll([[firestorePaths.festival(festivalId), festivalSchema]]),
      tx.getAll(readsOf(performanceIds.map((id) => firestorePaths.performance(festivalId, id)), performanceSchema)),
    ]);
    const timeZone = festival?.timeZone ?? null;
    festivalTimeZone = festival?.timeZone;
    const shard = shardIndex(deps.random);
    performanceIds.forEach((performanceId, index) => {
      const performance = performances[index];
      if (!performance) return;
      const by = delta.performances[performanceId]!;
      addToStats(tx, festivalId, shard, { stage: { stageId: performance.stageId, photos: by } });
    });
    if (delta.total !== 0) addToStats(tx, festivalId, shard, { photos: delta.total });
    if (timeZone && before === null && after !== null) addToStats(tx, festivalId, shard, { daily: { timeZone, at: occurredAt, field: 'photosUploaded' } });
    if (timeZone && before?.status !== 'rejected' && after?.status === 'rejected') addToStats(tx, festivalId, shard, { daily: { timeZone, at: occurredAt, field: 'photosRejected' } });
  });
  // A photo just uploaded (still processing) is counted in the shards, not yet refreshed into
  // the dashboard's documents: it leaves `processing` (ready, rejected, deleted, gone) with a
  // status change whose event refreshes them, its upload included, seconds later (or sooner,
  // any other photo's verdict; should this event come after the verdict's, Pub/Sub not ordering
  // them, the next photo's or the nightly refresh). So one refresh a photo, not two (each reads
  // every shard: 22 reads and 4 writes).
  if (after?.status === 'processing') return;
  // The festival was just read: the refresh need not read it again (a duplicate event read nothing, and the refresh does).
  await refreshStats(deps.docs, festivalId, now, festivalTimeZone);
}

export type CleanupOutcome = 'files-deleted' | 'original-deleted' | 'tokens-revoked' | 'nothing';

/**
 * What happens to a photo's files when its state changes. Every step is idempotent
 * (deleting what is gone, removing tokens that are not there), so no ledger is needed.
 *
 * - Deleted (document gone, or marked `deleted` because its original went away): the
 *   derived files and the original go.
 * - Rejected: the original goes at once (a refused file is kept nowhere, so the daily
 *   quota bounds storage too), with any derived file written before the verdict.
 * - Taken off the wall (`ready` to anything else, e.g. hidden): any download token a
 *   derived file was given (a `getDownloadURL` while it was ready) is removed, so from now
 *   on every read of it goes through the rules, which refuse it.
 */
export async function handlePhotoCleanup(deps: Pick<Deps, 'objects'>, event: DomainEvent<'photo.changed'>): Promise<CleanupOutcome> {
  const { festivalId, photoId, before, after, originalPath } = event.data;
  const folder = storagePaths.thumbnailFolder(festivalId, photoId);
  if (after === null || after.status === 'deleted') {
    await deps.objects.deletePrefix(folder);
    await deps.objects.delete(originalPath);
    logs.photoFilesDeleted({ festivalId, photoId, why: after === null ? 'photo document deleted' : 'original deleted' });
    return 'files-deleted';
  }
  if (after.status === 'rejected' && before?.status !== 'rejected') {
    await deps.objects.deletePrefix(folder);
    await deps.objects.delete(originalPath);
    logs.photoFilesDeleted({ festivalId, photoId, why: 'rejected' });
    return 'original-deleted';
  }
  if (before?.status === 'ready' && after.status !== 'ready') {
    const files = await deps.objects.list(folder);
    await Promise.all(files.map((file) => deps.objects.removeDownloadTokens(file.path)));
    return 'tokens-revoked';
  }
  return 'nothing';
}

export const NOTIFY_UPLOADER = 'notifyUploader';

/** Tells the uploader their photo is up, or why it was refused, in their language. */
export async function handleUploaderNotice(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.changed'>): Promise<void> {
  const { festivalId, photoId, uploaderUid, before, after } = event.data;
  if (before?.status !== 'processing' || (after?.status !== 'ready' && after?.status !== 'rejected')) return;
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const now = deps.now();
  await onceInTransaction(deps.docs, NOTIFY_UPLOADER, event.id, now, async (tx) => {
    const kind = after.status === 'ready' ? 'photo-ready' : 'photo-rejected';
    // The photo is read only for a refusal's reason: a ready photo's notice names nothing from it.
    const [preferences, photo] = await Promise.all([
      tx.get(firestorePaths.userPreferences(uploaderUid), userPreferencesSchema),
      kind === 'photo-rejected' ? tx.get(photoPath, photoSchema) : undefined,
    ]);
    // The reason is the pipeline's sentence (English); the notice keeps it as a parameter.
    const params: NoticeParams = kind === 'photo-rejected' && photo?.rejectReason ? { reason: photo.rejectReason, ...(photo.rejection ? { rejection: photo.rejection } : {}) } : {};
    const notice: Notice = {
      kind,
      festivalId,
      photoId,
      text: storedNoticeText({ kind, params }, localeFor(preferences)),
      params,
      createdAt: now,
      readAt: null,
    };
    tx.set(firestorePaths.notice(uploaderUid, `photo-${photoId}-${after.status}`), notice);
  });
}

export const MARK_DELETED = 'markPhotoDeleted';

/**
 * The original was deleted from Storage: a photo it belonged to is marked `deleted` (its
 * clean-up follows). A rejected photo stays rejected (its original is deleted on purpose,
 * and its uploader should still see why), and a file the photo does not name changes
 * nothing.
 */
export async function handleOriginalDeleted(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.original-deleted'>): Promise<void> {
  const photoPath = firestorePaths.photo(event.data.festivalId, event.data.photoId);
  const now = deps.now();
  await onceInTransaction(deps.docs, MARK_DELETED, event.id, now, async (tx) => {
    const photo = await tx.get(photoPath, photoSchema);
    // A retired original (see maintenance: retention) was deleted on purpose: the photo stays up.
    if (!photo || photo.originalPath !== event.data.path || photo.status === 'deleted' || photo.status === 'rejected' || photo.originalRetiredAt) return;
    tx.set(photoPath, { status: 'deleted', updatedAt: now }, { merge: true });
  });
}
