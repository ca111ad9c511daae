import {
  artistSchema,
  BRAND_IMAGES,
  firestorePaths,
  makeDomainEvent,
  message,
  photoSchema,
  storagePaths,
  subjectDocument,
  subjectPath,
  type MediaSubject,
  type Rejection,
} from '@encore/model';
import { STUCK_AFTER_MS, isStuck, redriveEventId, stuckVerdict } from '../domain/stuck-uploads.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readSubject } from './media-subject.js';

/** Documents whose upload the nightly job sent through the pipeline again, or refused for good. */
export interface StuckReport {
  stuckRedriven: string[];
  stuckRejected: string[];
}

type StuckDeps = Pick<Deps, 'docs' | 'objects' | 'publisher' | 'now'>;

/**
 * Visitors' photos still `processing` an hour after they last moved (see
 * ../domain/stuck-uploads.ts): `photo.uploaded` is published again with a new id and the
 * attempt is counted on the photo (`redrives`); after the last attempt, or when the original
 * is gone, the photo is `rejected` with its reason, which the uploader is told about and
 * which leads `cleanUpPhoto` to delete the original, as for any refusal.
 */
export async function redriveStuckPhotos(deps: StuckDeps, festivalId: string, now: Date, report: StuckReport): Promise<void> {
  const stuck = await deps.docs.query(
    {
      collection: firestorePaths.photos(festivalId),
      where: [
        ['status', '==', 'processing'],
        ['createdAt', '<', new Date(now.getTime() - STUCK_AFTER_MS)],
      ],
    },
    photoSchema,
  );
  for (const { id: photoId, path, data: seen } of stuck) {
    if (!isStuck(seen.updatedAt, now)) continue;
    const facts = await deps.objects.describe(seen.originalPath);
    const verdict = stuckVerdict(seen.redrives, facts !== null);
    // Only if nothing moved since it was read (the pipeline may have finished meanwhile).
    const applied = await deps.docs.transaction(async (tx) => {
      const current = await tx.get(path, photoSchema);
      if (current?.status !== 'processing' || current.originalPath !== seen.originalPath || current.redrives !== seen.redrives) return false;
      if (verdict.action === 'redrive') tx.set(path, { ...current, redrives: verdict.attempt, updatedAt: now });
      else tx.set(path, { ...current, status: 'rejected', rejectReason: words(verdict.reason), rejection: verdict.reason, updatedAt: now });
      return true;
    });
    if (!applied) continue;
    if (verdict.action === 'reject') {
      logs.photoRejected({ festivalId, photoId, reason: words(verdict.reason), code: verdict.reason.code, detail: `stuck in processing after ${seen.redrives ?? 0} re-sends` });
      report.stuckRejected.push(path);
      continue;
    }
    // Counted before it is sent: a failure here costs one attempt, and the next run sends again.
    const event = makeDomainEvent(
      'photo.uploaded',
      redriveEventId(seen.originalPath, verdict.attempt),
      {
        bucket: facts!.bucket,
        path: seen.originalPath,
        uploaderUid: seen.uploaderUid,
        festivalId,
        photoId,
        claimedContentType: facts!.contentType,
        size: facts!.size,
        generation: facts!.generation,
        performanceId: seen.performanceId,
      },
      now,
    );
    await deps.publisher.publish(event);
    logs.eventPublished({ type: event.type, eventId: event.id, photoId });
    report.stuckRedriven.push(path);
  }
}

/**
 * Staff's images (an artist's picture, the site plan, the festival's logo and app icon) whose `imageUpload` is still
 * `processing` an hour after it last moved: `media.uploaded` again, attempts counted on
 * `imageUpload.redrives`, then `rejected` with its reason (the image shown before stays).
 */
export async function redriveStuckMedia(deps: StuckDeps, festivalId: string, now: Date, report: StuckReport): Promise<void> {
  const artists = await deps.docs.query({ collection: firestorePaths.artists(festivalId) }, artistSchema);
  const subjects: MediaSubject[] = [
    ...artists.filter((artist) => artist.data.imageUpload?.status === 'processing').map((artist) => ({ kind: 'artist' as const, artistId: artist.id })),
    { kind: 'site-plan' },
    ...BRAND_IMAGES.map((image) => ({ kind: 'brand' as const, image })),
  ];
  for (const subject of subjects) {
    const seen = (await readSubject(deps.docs, festivalId, subject))?.imageUpload;
    if (seen?.status !== 'processing' || !isStuck(seen.updatedAt, now)) continue;
    const upload = { festivalId, subject, uploadId: seen.uploadId };
    const uploadPath = storagePaths.mediaUpload(upload);
    const facts = await deps.objects.describe(uploadPath);
    const verdict = stuckVerdict(seen.redrives, facts !== null);
    const document = subjectDocument(festivalId, subject);
    const applied = await deps.docs.transaction(async (tx) => {
      const current = (await readSubject(tx, festivalId, subject))?.imageUpload;
      if (current?.status !== 'processing' || current.uploadId !== seen.uploadId || current.redrives !== seen.redrives) return false;
      const imageUpload =
        verdict.action === 'redrive'
          ? { ...current, redrives: verdict.attempt, updatedAt: now }
          : { ...current, status: 'rejected' as const, rejectReason: words(verdict.reason), rejection: verdict.reason, updatedAt: now };
      tx.set(document, { imageUpload }, { merge: true });
      return true;
    });
    if (!applied) continue;
    if (verdict.action === 'reject') {
      await deps.objects.delete(uploadPath);
      logs.mediaRejected({ path: uploadPath, reason: words(verdict.reason), code: verdict.reason.code, detail: `stuck in processing after ${seen.redrives ?? 0} re-sends` });
      report.stuckRejected.push(document);
      continue;
    }
    const event = makeDomainEvent(
      'media.uploaded',
      redriveEventId(uploadPath, verdict.attempt),
      {
        bucket: facts!.bucket,
        path: uploadPath,
        festivalId,
        subject: subjectPath(subject),
        uploadId: seen.uploadId,
        claimedContentType: facts!.contentType,
        size: facts!.size,
        generation: facts!.generation,
      },
      now,
    );
    await deps.publisher.publish(event);
    logs.eventPublished({ type: event.type, eventId: event.id, uploadId: seen.uploadId });
    report.stuckRedriven.push(document);
  }
}

function words(reason: Rejection): string {
  return message('rejection', 'en', reason);
}
