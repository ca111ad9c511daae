import { firestorePaths, photoStatusSchema, makeDomainEvent, storagePaths, type DomainEvent, type Notice } from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import { photoCountDelta, type PhotoSide } from '../domain/photo-counts.js';
import { increment, type DocData } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { onceInTransaction } from './once.js';
import { addToStats, refreshStats } from './stats.js';

function side(data: DocData | undefined): PhotoSide | null {
  const status = photoStatusSchema.safeParse(data?.status);
  if (!data || !status.success) return null;
  return { status: status.data, performanceId: typeof data.performanceId === 'string' ? data.performanceId : null };
}

/**
 * Trigger side of `festivals/{f}/photos/{photoId}` writes: publish `photo.changed` when
 * the photo appears, goes away, or changes status or performance (counter writes such
 * as `reactionCount` publish nothing).
 */
export async function publishPhotoChanged(
  deps: Pick<Deps, 'publisher' | 'now'>,
  eventId: string,
  ids: { festivalId: string; photoId: string },
  beforeData: DocData | undefined,
  afterData: DocData | undefined,
): Promise<void> {
  const before = side(beforeData);
  const after = side(afterData);
  if (before?.status === after?.status && before?.performanceId === after?.performanceId) return;
  const data = (afterData ?? beforeData)!;
  const event = makeDomainEvent(
    'photo.changed',
    eventId,
    { ...ids, uploaderUid: String(data.uploaderUid), originalPath: String(data.originalPath), before, after },
    deps.now(),
  );
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, photoId: ids.photoId });
}

export const COUNT_PHOTO = 'countPhoto';

/** `photoCount` per performance (ready photos), the festival's photo figures, and daily uploads/rejections. */
export async function handlePhotoCounts(deps: Pick<Deps, 'docs' | 'now' | 'random'>, event: DomainEvent<'photo.changed'>): Promise<void> {
  const { festivalId, before, after } = event.data;
  const delta = photoCountDelta(before, after);
  const now = deps.now();
  const occurredAt = new Date(event.occurredAt);
  await onceInTransaction(deps.docs, COUNT_PHOTO, event.id, now, async (tx) => {
    const performanceIds = Object.keys(delta.performances);
    const [festival, ...performances] = await tx.getAll([firestorePaths.festival(festivalId), ...performanceIds.map((id) => firestorePaths.performance(festivalId, id))]);
    const timeZone = typeof festival?.timeZone === 'string' ? festival.timeZone : null;
    const shard = shardIndex(deps.random);
    performanceIds.forEach((performanceId, index) => {
      const performance = performances[index];
      if (!performance) return;
      const by = delta.performances[performanceId]!;
      tx.set(firestorePaths.performance(festivalId, performanceId), { photoCount: increment(by) }, { merge: true });
      addToStats(tx, festivalId, shard, { stage: { stageId: String(performance.stageId), photos: by } });
    });
    if (delta.total !== 0) addToStats(tx, festivalId, shard, { photos: delta.total });
    if (timeZone && before === null && after !== null) addToStats(tx, festivalId, shard, { daily: { timeZone, at: occurredAt, field: 'photosUploaded' } });
    if (timeZone && before?.status !== 'rejected' && after?.status === 'rejected') addToStats(tx, festivalId, shard, { daily: { timeZone, at: occurredAt, field: 'photosRejected' } });
  });
  await refreshStats(deps.docs, festivalId, now);
}

/**
 * A photo deleted (document gone, or marked `deleted` because its original went away):
 * its derived files and original go too. Deleting is idempotent, so no ledger is needed.
 */
export async function handlePhotoCleanup(deps: Pick<Deps, 'objects'>, event: DomainEvent<'photo.changed'>): Promise<boolean> {
  const { festivalId, photoId, after, originalPath } = event.data;
  if (after !== null && after.status !== 'deleted') return false;
  await deps.objects.deletePrefix(storagePaths.thumbnailFolder(festivalId, photoId));
  await deps.objects.delete(originalPath);
  logs.photoFilesDeleted({ festivalId, photoId });
  return true;
}

export const NOTIFY_UPLOADER = 'notifyUploader';

/** Tells the uploader their photo is up, or why it was refused. */
export async function handleUploaderNotice(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.changed'>): Promise<void> {
  const { festivalId, photoId, uploaderUid, before, after } = event.data;
  if (before?.status !== 'processing' || (after?.status !== 'ready' && after?.status !== 'rejected')) return;
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const now = deps.now();
  await onceInTransaction(deps.docs, NOTIFY_UPLOADER, event.id, now, async (tx) => {
    const photo = await tx.get(photoPath);
    const notice: Notice = {
      kind: after.status === 'ready' ? 'photo-ready' : 'photo-rejected',
      festivalId,
      photoId,
      text: after.status === 'ready' ? 'Your photo is up.' : `Your photo was not accepted: ${String(photo?.rejectReason ?? 'it could not be processed.')}`.slice(0, 500),
      createdAt: now,
      readAt: null,
    };
    tx.set(firestorePaths.notice(uploaderUid, `photo-${photoId}-${after.status}`), notice);
  });
}

export const MARK_DELETED = 'markPhotoDeleted';

/** The original was deleted from Storage: the photo is marked `deleted` (its clean-up follows). */
export async function handleOriginalDeleted(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.original-deleted'>): Promise<void> {
  const photoPath = firestorePaths.photo(event.data.festivalId, event.data.photoId);
  const now = deps.now();
  await onceInTransaction(deps.docs, MARK_DELETED, event.id, now, async (tx) => {
    const photo = await tx.get(photoPath);
    if (photo && photo.status !== 'deleted' && photo.originalPath === event.data.path) tx.set(photoPath, { status: 'deleted', updatedAt: now }, { merge: true });
  });
}
