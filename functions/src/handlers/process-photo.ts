import { favoriteSchema, festivalDayOf, festivalSchema, firestorePaths, message, photoSchema, storagePaths, uploadQuotaSchema, uploadRateSchema, type DomainEvent, type Photo, type Rejection } from '@encore/model';
import { captureInstant, playingAt, suggestPerformance } from '../domain/capture-time.js';
import { PHOTO_RENDITION_VERSION, rejectReasons } from '../domain/image-policy.js';
import { dailyUploadLimit, festivalRatePath, minutesToNextHour, quotaPath, reserveUpload, uploadHour, uploadStanding } from '../domain/quota.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { runImagePipeline } from './image-pipeline.js';
import { countUploadRefusal } from './upload-refusals.js';
import { IN_FILTER_MAX, type DocTransaction } from '../platform/docs.js';
import { chunks } from '../domain/chunks.js';
import { readSetsThatMayPlayAt } from './programme.js';
import { readReputation } from './reputation.js';

type Outcome = { status: 'ready' } | { status: 'rejected'; reason: Rejection } | { status: 'skipped'; why: string };

/**
 * The photo pipeline, for one `photo.uploaded` event: the image pipeline (`image-pipeline.ts`:
 * type sniffed from the bytes, header screened, then the quota reserved (the uploader's day,
 * and the festival's hour from everyone together: only a file that passed the screening uses
 * up the festival's hour, issue 39), EXIF capture time read,
 * decoded once and derived into every width and format with all metadata dropped), and the
 * photo set `ready`. A bad file
 * ends `rejected` with a reason and is never retried (its original is then deleted by
 * `cleanUpPhoto`); only infrastructure errors (network, storage) escape and are retried.
 *
 * Only the original the photo names (`originalPath`) is ever read: an event about any
 * other file under the same id is skipped before the quota or a byte is touched.
 */
export async function handleProcessPhoto(deps: Deps, event: DomainEvent<'photo.uploaded'>): Promise<Outcome> {
  const { festivalId, photoId, path, uploaderUid } = event.data;
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const [photo, festival] = await deps.docs.getAll([
    [photoPath, photoSchema],
    [firestorePaths.festival(festivalId), festivalSchema],
  ]);
  if (!photo) return skipped(photoId, 'photo is gone');
  if (photo.originalPath !== path) return skipped(photoId, `${path} is not the photo's original (${photo.originalPath})`);
  if (photo.status !== 'processing') return skipped(photoId, `photo is ${photo.status}`);

  if (!festival) return reject(deps, event, rejectReasons.noFestival);
  const clock = { timeZone: festival.timeZone, dayStartsAtHour: festival.dayStartsAtHour };

  const uploadedAt = new Date(event.occurredAt);
  const day = festivalDayOf(uploadedAt, clock);
  const hour = uploadHour(uploadedAt);
  const limitOf = personalLimit(deps, uploaderUid, uploadedAt);
  let suggestion: ReturnType<typeof suggestFromProgramme> | undefined;
  const outcome = await runImagePipeline(deps, {
    kind: 'photo',
    path,
    size: event.data.size,
    // The quota is reserved only for bytes that passed the screening (issue 39).
    admit: async () => {
      const quota = await reserveQuota(deps, festivalId, uploaderUid, day, hour, photoId, limitOf);
      if (quota.refused === 'person') return rejectReasons.quota(quota.limit);
      if (quota.refused === 'festival') return rejectReasons.festivalBusy(deps.settings.festivalUploadsPerHour, minutesToNextHour(deps.now()));
      return null;
    },
    // The recipe's version in each name: the URL changes whenever the bytes could, so they may be cached for a year.
    renditionPath: (width, extension) => storagePaths.thumbnail(festivalId, photoId, width, extension, PHOTO_RENDITION_VERSION),
    // EXIF is read before anything is derived: derived files carry no metadata at all.
    inspect: async (bytes) => {
      const capture = await deps.readCapture(bytes);
      const capturedAt = captureInstant(capture.dateTimeOriginal, capture.offsetTimeOriginal, clock.timeZone);
      // The set the photo shows is looked up while the renditions are made.
      if (event.data.performanceId === null) {
        suggestion = suggestFromProgramme(deps, festivalId, uploaderUid, capturedAt);
        suggestion.catch(() => undefined);
      }
      return capturedAt;
    },
  });
  if (outcome.status === 'gone') return skipped(photoId, 'original is gone');
  if (outcome.status === 'rejected') {
    // Junk counts against its sender's day only (so one person cannot send it without end);
    // a file the decoder refused after admission gives the festival's hour its place back.
    if (outcome.at === 'screening') await countAgainstPerson(deps, festivalId, uploaderUid, day, photoId, limitOf);
    if (outcome.at === 'decoding') await releaseFestivalPlace(deps, festivalId, hour, photoId);
    return reject(deps, event, outcome.reason, outcome.detail, festival.timeZone);
  }

  const { image } = outcome;
  const capturedAt = outcome.inspected ?? null;
  const suggested = suggestion ? await suggestion : null;
  await finish(deps, event, (current) => ({
    ...current,
    status: 'ready',
    width: image.width,
    height: image.height,
    thumbnails: image.renditions,
    renditionVersion: PHOTO_RENDITION_VERSION,
    dominantColor: image.dominantColor,
    placeholder: image.placeholder,
    capturedAt,
    suggestedPerformanceId: suggested?.id ?? null,
    updatedAt: deps.now(),
  }));
  logs.photoReady({ festivalId, photoId, renditions: image.renditions.length, suggestedPerformanceId: suggested?.id ?? null });
  return { status: 'ready' };
}

/**
 * The set the photo shows, from the programme and, to break ties, the uploader's own schedule.
 * Only what can decide it is read: the sets that may be playing at the capture time, and the
 * uploader's favourites among them only when several are playing, with one query (a
 * favourite's `performanceId` is its set's id): a read per favourite found, or one if none,
 * where reading each set's favourite by path cost a read per set playing, found or not.
 */
async function suggestFromProgramme(deps: Pick<Deps, 'docs'>, festivalId: string, uid: string, capturedAt: Date | null) {
  if (!capturedAt) return null;
  const sets = await readSetsThatMayPlayAt(deps.docs, festivalId, capturedAt);
  const playing = playingAt(capturedAt, sets);
  if (playing.length < 2) return suggestPerformance(capturedAt, playing);
  const favouriteIds = new Set<string>();
  // `in` takes at most IN_FILTER_MAX values: more stages than that playing at once is one query more per slice.
  for (const ids of chunks(playing.map((set) => set.id), IN_FILTER_MAX)) {
    const found = await deps.docs.query({ collection: firestorePaths.favorites(uid), where: [['performanceId', 'in', ids]] }, favoriteSchema);
    for (const { id, data } of found) if (data.festivalId === festivalId && ids.includes(id)) favouriteIds.add(id);
  }
  return suggestPerformance(capturedAt, playing, favouriteIds);
}

/**
 * The uploader's daily quota as their reputation has grown it (domain/quota.ts), from how many
 * photos their day already counts. Everyone has at least the base quota, so Auth and the
 * person's history are read only once they have used it up (then once per photo, however
 * often the transaction asking runs): most uploads cost no reads for this. The day's count
 * comes from the transaction that reserves the photo, which reads that document anyway (read
 * here before it as well, it cost every photo a read more).
 */
function personalLimit(deps: Pick<Deps, 'docs' | 'accounts' | 'settings'>, uid: string, at: Date): (used: number) => Promise<number> {
  const base = deps.settings.dailyUploadQuota;
  let grown: Promise<number> | undefined;
  return (used) => {
    if (used < base) return Promise.resolve(base);
    grown ??= readReputation(deps, uid, at).then(({ reputation, account }) => dailyUploadLimit(uploadStanding(reputation, account?.createdAt ?? null, at), base));
    return grown;
  };
}

/**
 * Counts the photo against its uploader's festival day and against the festival's hour (one
 * transaction: a photo refused by either uses up neither). A retried photo counts once (and
 * needs no limit). Resolves which limit refused it, if one did, and the uploader's limit.
 */
async function reserveQuota(
  deps: Pick<Deps, 'docs' | 'settings'>,
  festivalId: string,
  uid: string,
  day: string,
  hour: string,
  photoId: string,
  limitOf: (used: number) => Promise<number>,
): Promise<{ refused: 'person' | 'festival' | null; limit: number }> {
  const personPath = quotaPath(festivalId, uid, day);
  const festivalPath = festivalRatePath(festivalId, hour);
  return deps.docs.transaction(async (tx) => {
    const [person, festival] = await tx.getAll([
      [personPath, uploadQuotaSchema],
      [festivalPath, uploadRateSchema],
    ]);
    const counted = person?.photoIds ?? [];
    const limit = counted.includes(photoId) ? deps.settings.dailyUploadQuota : await limitOf(counted.length);
    const mine = reserveUpload(person, photoId, limit);
    if (!mine.allowed) return { refused: 'person', limit };
    const everyone = reserveUpload(festival, photoId, deps.settings.festivalUploadsPerHour);
    if (!everyone.allowed) return { refused: 'festival', limit };
    if (mine.changed) tx.set(personPath, { photoIds: mine.photoIds, day, uid });
    if (everyone.changed) tx.set(festivalPath, { photoIds: everyone.photoIds, hour });
    return { refused: null, limit };
  });
}

/** Counts a refused file against its uploader's festival day only (retry-safe: by photo id). */
async function countAgainstPerson(deps: Pick<Deps, 'docs'>, festivalId: string, uid: string, day: string, photoId: string, limitOf: (used: number) => Promise<number>): Promise<void> {
  const personPath = quotaPath(festivalId, uid, day);
  await deps.docs.transaction(async (tx) => {
    const person = await tx.get(personPath, uploadQuotaSchema);
    if (person?.photoIds.includes(photoId)) return;
    const mine = reserveUpload(person, photoId, await limitOf(person?.photoIds.length ?? 0));
    if (mine.allowed && mine.changed) tx.set(personPath, { photoIds: mine.photoIds, day, uid });
  });
}

/** Takes a photo back out of the festival's hour (retry-safe: by photo id). */
async function releaseFestivalPlace(deps: Pick<Deps, 'docs'>, festivalId: string, hour: string, photoId: string): Promise<void> {
  const festivalPath = festivalRatePath(festivalId, hour);
  await deps.docs.transaction(async (tx) => {
    const rate = await tx.get(festivalPath, uploadRateSchema);
    if (rate?.photoIds.includes(photoId)) tx.set(festivalPath, { photoIds: rate.photoIds.filter((id) => id !== photoId), hour });
  });
}

/**
 * Writes the final photo state, if the photo is still processing this original. That check,
 * in the transaction that moves the photo out of `processing`, is what makes a redelivered or
 * re-sent event (the nightly re-send of a stuck photo, with a new id) change nothing, the
 * refusal's count `alongside` included: no ledger entry is needed (it cost a read and a write
 * per photo).
 */
async function finish(deps: Pick<Deps, 'docs'>, event: DomainEvent<'photo.uploaded'>, update: (current: Photo) => Photo, alongside?: (tx: DocTransaction) => void) {
  const photoPath = firestorePaths.photo(event.data.festivalId, event.data.photoId);
  await deps.docs.transaction(async (tx) => {
    const current = await tx.get(photoPath, photoSchema);
    if (current?.status === 'processing' && current.originalPath === event.data.path) {
      tx.set(photoPath, update(current));
      alongside?.(tx);
    }
  });
}

/**
 * Refuses the photo: the reason as a code and its numbers (`rejection`, which the app words in
 * the reader's language) and in English words (`rejectReason`, for logs and older apps).
 */
async function reject(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'photo.uploaded'>, reason: Rejection, detail?: string, timeZone?: string): Promise<Outcome> {
  const words = message('rejection', 'en', reason);
  // The dashboard's refused uploads per hour and why, once per photo (with its rejection), in its festival's clock.
  const countRefusal = timeZone ? (tx: DocTransaction) => countUploadRefusal(tx, event.data.festivalId, new Date(event.occurredAt), timeZone, reason.code, deps.now()) : undefined;
  await finish(deps, event, (current) => ({ ...current, status: 'rejected', rejectReason: words, rejection: reason, updatedAt: deps.now() }), countRefusal);
  logs.photoRejected({ festivalId: event.data.festivalId, photoId: event.data.photoId, reason: words, code: reason.code, detail });
  return { status: 'rejected', reason };
}

function skipped(photoId: string, why: string): Outcome {
  logs.photoSkipped({ photoId, why });
  return { status: 'skipped', why };
}

