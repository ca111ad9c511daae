import { favoriteSchema, festivalDayOf, festivalSchema, firestorePaths, photoSchema, storagePaths, uploadQuotaSchema, type DomainEvent, type Photo, type Thumbnail } from '@encore/model';
import { captureInstant, suggestPerformance } from '../domain/capture-time.js';
import {
  CONTENT_TYPE,
  EXTENSION,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_CACHE_CONTROL,
  rejectReasons,
  screenDimensions,
  screenUpload,
  sniffImageType,
  thumbnailWidths,
  uprightSize,
} from '../domain/image-policy.js';
import { quotaPath, reserveUpload } from '../domain/quota.js';
import { UnreadableImageError } from '../platform/images.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { onceInTransaction } from './once.js';
import { readPerformances } from './programme.js';

export const PROCESS_PHOTO = 'processPhoto';

type Outcome = { status: 'ready' } | { status: 'rejected'; reason: string } | { status: 'skipped'; why: string };

/**
 * The photo pipeline, for one `photo.uploaded` event: quota, type sniffed from the bytes,
 * header screened, EXIF capture time read, then decoded once and derived into every
 * width and format with all metadata dropped, and the photo set `ready`. A bad file
 * ends `rejected` with a reason and is never retried (its original is then deleted by
 * `cleanUpPhoto`); only infrastructure errors (network, storage) escape and are retried.
 *
 * Only the original the photo names (`originalPath`) is ever read: an event about any
 * other file under the same id is skipped before the quota or a byte is touched.
 */
export async function handleProcessPhoto(deps: Deps, event: DomainEvent<'photo.uploaded'>): Promise<Outcome> {
  const { festivalId, photoId, path, uploaderUid } = event.data;
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const photo = await deps.docs.get(photoPath, photoSchema);
  if (!photo) return skipped(photoId, 'photo is gone');
  if (photo.originalPath !== path) return skipped(photoId, `${path} is not the photo's original (${photo.originalPath})`);
  if (photo.status !== 'processing') return skipped(photoId, `photo is ${photo.status}`);

  const festival = await deps.docs.get(firestorePaths.festival(festivalId), festivalSchema);
  if (!festival) return reject(deps, event, rejectReasons.noFestival);
  const clock = { timeZone: festival.timeZone, dayStartsAtHour: festival.dayStartsAtHour };

  const day = festivalDayOf(new Date(event.occurredAt), clock);
  const quota = await reserveQuota(deps, festivalId, uploaderUid, day, photoId);
  if (!quota) return reject(deps, event, rejectReasons.quota(deps.settings.dailyUploadQuota));

  // The size from the event is enough to refuse an oversized file without downloading it.
  if (event.data.size > MAX_UPLOAD_BYTES) return reject(deps, event, rejectReasons.tooLarge(event.data.size));
  const bytes = await deps.objects.read(path);
  if (!bytes) return skipped(photoId, 'original is gone');
  const screened = screenUpload(bytes.length, sniffImageType(bytes.subarray(0, 4096)));
  if (!screened.ok) return reject(deps, event, screened.reason);

  try {
    const header = await deps.images.readHeader(bytes);
    const tooBig = screenDimensions(header.width, header.height);
    if (tooBig) return reject(deps, event, tooBig);
    const upright = uprightSize(header.width, header.height, header.orientation);
    // EXIF is read before anything is derived: derived files carry no metadata at all.
    const capture = await deps.readCapture(bytes);
    const capturedAt = captureInstant(capture.dateTimeOriginal, capture.offsetTimeOriginal, clock.timeZone);
    const derived = await deps.images.derive(bytes, thumbnailWidths(upright.width));
    const thumbnails: Thumbnail[] = await Promise.all(
      derived.renditions.map(async (rendition) => {
        const thumbnailPath = storagePaths.thumbnail(festivalId, photoId, rendition.width, EXTENSION[rendition.format]);
        await deps.objects.write(thumbnailPath, rendition.bytes, { contentType: CONTENT_TYPE[rendition.format], cacheControl: THUMBNAIL_CACHE_CONTROL });
        return { width: rendition.width, height: rendition.height, format: rendition.format, path: thumbnailPath, bytes: rendition.bytes.length };
      }),
    );
    const suggested = event.data.performanceId === null ? await suggestFromProgramme(deps, festivalId, uploaderUid, capturedAt) : null;
    await finish(deps, event, (current) => ({
      ...current,
      status: 'ready',
      width: derived.width,
      height: derived.height,
      thumbnails: thumbnails.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)),
      dominantColor: derived.dominantColor,
      placeholder: derived.placeholder,
      capturedAt,
      suggestedPerformanceId: suggested?.id ?? null,
      updatedAt: deps.now(),
    }));
    logs.photoReady({ festivalId, photoId, renditions: thumbnails.length, suggestedPerformanceId: suggested?.id ?? null });
    return { status: 'ready' };
  } catch (error) {
    if (error instanceof UnreadableImageError) return reject(deps, event, rejectReasons.corrupt, error.message);
    throw error;
  }
}

/** The set the photo shows, from the programme and, to break ties, the uploader's own schedule. */
async function suggestFromProgramme(deps: Pick<Deps, 'docs'>, festivalId: string, uid: string, capturedAt: Date | null) {
  if (!capturedAt) return null;
  const [sets, favourites] = await Promise.all([
    readPerformances(deps.docs, festivalId),
    deps.docs.query({ collection: firestorePaths.favorites(uid), where: [['festivalId', '==', festivalId]] }, favoriteSchema),
  ]);
  return suggestPerformance(capturedAt, sets, new Set(favourites.map((favourite) => favourite.id)));
}

async function reserveQuota(deps: Pick<Deps, 'docs' | 'settings'>, festivalId: string, uid: string, day: string, photoId: string): Promise<boolean> {
  const path = quotaPath(festivalId, uid, day);
  return deps.docs.transaction(async (tx) => {
    const decision = reserveUpload(await tx.get(path, uploadQuotaSchema), photoId, deps.settings.dailyUploadQuota);
    if (decision.allowed && decision.changed) tx.set(path, { photoIds: decision.photoIds, day, uid });
    return decision.allowed;
  });
}

/** Writes the final photo state with the ledger entry, if the photo is still processing. */
async function finish(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.uploaded'>, update: (current: Photo) => Photo) {
  const photoPath = firestorePaths.photo(event.data.festivalId, event.data.photoId);
  await onceInTransaction(deps.docs, PROCESS_PHOTO, event.id, deps.now(), async (tx) => {
    const current = await tx.get(photoPath, photoSchema);
    if (current?.status === 'processing' && current.originalPath === event.data.path) tx.set(photoPath, update(current));
  });
}

async function reject(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.uploaded'>, reason: string, detail?: string): Promise<Outcome> {
  await finish(deps, event, (current) => ({ ...current, status: 'rejected', rejectReason: reason, updatedAt: deps.now() }));
  logs.photoRejected({ festivalId: event.data.festivalId, photoId: event.data.photoId, reason, detail });
  return { status: 'rejected', reason };
}

function skipped(photoId: string, why: string): Outcome {
  logs.photoSkipped({ photoId, why });
  return { status: 'skipped', why };
}

