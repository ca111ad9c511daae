import {
  dailyShardSchema,
  festivalSchema,
  firestorePaths,
  isArchived,
  ledgerEntrySchema,
  parseMediaUploadPath,
  parseUploadPath,
  performanceSchema,
  photoSchema,
  statShardSchema,
  storagePaths,
  type DailyStats,
  type Festival,
  type MediaUploadPath,
  type Photo,
} from '@encore/model';
import { SHARD_COUNT, rollupPath, shardPaths, statShards, sumField, sumMaps } from '../domain/counters.js';
import { DAILY_FIELDS, localDayBounds, previousLocalDay } from '../domain/daily.js';
import { STUCK_AFTER_MS } from '../domain/stuck-uploads.js';
import { LEDGER_COLLECTION, ledgerEntry, ledgerPath } from '../domain/ledger.js';
import { PROJECT_SCOPE, PROJECT_TIME_ZONE, latestNight, nightKey } from '../domain/nightly-clock.js';
import { readsOf, type DocData, type DocTransaction, type FoundDoc } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readSubject } from './media-subject.js';
import { repairLiveSets, stripPerformanceCounts } from './live-repair.js';
import { handleSweepExpiredLocations } from './location-sweep.js';
import { handleDropOldHelpPositions } from './help-positions.js';
import { repairLivePhotos, stripPhotoReactionCounts } from './live-photos-repair.js';
import { rebuildFestivalBundle } from './programme-bundle.js';
import { refreshStats } from './stats.js';
import { redriveStuckMedia, redriveStuckPhotos, type StuckReport } from './stuck-uploads.js';

/** One counter that did not match its source documents, and what it was set to. */
export interface Repair {
  path: string;
  field: string;
  was: number;
  now: number;
}

export interface MaintenanceReport extends StuckReport {
  /** The nights whose work this run did (`{festivalId}~{date}`, and `(project)~{date}` for the project-wide part). */
  nights: string[];
  /** Archived festivals, left as they are. */
  archivedSkipped: string[];
  repairs: Repair[];
  orphanFilesDeleted: string[];
  ledgerEntriesPurged: number;
  dailyRollups: string[];
  /** Photos whose original was retired tonight (`{festivalId}/{photoId}`): deleted below, renditions kept. */
  originalsRetired: string[];
  /** Festivals whose performances still carried counts: how many sets lost them (the bundle was rebuilt). */
  countsMigrated: Array<{ festivalId: string; performances: number }>;
  /** Festivals whose photos still carried `reactionCount`: how many photos lost it (their counts are published per kind). */
  reactionCountsMigrated: Array<{ festivalId: string; photos: number }>;
  /** Friends' live locations past their expiry, deleted (the TTL policy in production may not have yet). */
  locationsExpired: number;
  /** Help requests whose position was dropped a day after they were sent (issue 36). */
  helpPositionsDropped: number;
}

/** The ledger's subscriber name for the nights done (domain/nightly-clock.ts). */
export const NIGHTLY_SUBSCRIBER = 'nightly-maintenance';

type MaintenanceDeps = Pick<Deps, 'docs' | 'objects' | 'publisher' | 'bundler' | 'now' | 'settings'>;

/**
 * The nightly job, run every hour: each festival's night's work on its own clock (its own
 * zone's latest 04:00, domain/nightly-clock.ts), and the project-wide work on UTC's, once per
 * night each: the ledger (`eventLedger/nightly-maintenance~{festivalId}~{date}`) records a night
 * once its work is done, so the night's later runs, a retry and a second instance do nothing
 * again. Archived festivals are skipped (their photos, counts and stats stay as they are).
 * Every step recomputes from source documents and writes the truth, so it is safe to run twice
 * and to interrupt: a night cut short is not recorded, and the next run does it again. Each
 * counter is repaired in a transaction that counts and writes together, so favourites
 * arriving during the run are never lost.
 */
export async function handleNightlyMaintenance(deps: MaintenanceDeps): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { nights: [], archivedSkipped: [], repairs: [], orphanFilesDeleted: [], stuckRedriven: [], stuckRejected: [], ledgerEntriesPurged: 0, dailyRollups: [], originalsRetired: [], countsMigrated: [], reactionCountsMigrated: [], locationsExpired: 0, helpPositionsDropped: 0 };
  const now = deps.now();
  const festivals = await deps.docs.query({ collection: 'festivals' }, festivalSchema);
  for (const festival of festivals) {
    if (isArchived(festival.data)) {
      report.archivedSkipped.push(festival.id);
      continue;
    }
    const night = nightKey(festival.id, latestNight(now, festival.data.timeZone));
    if (await nightDone(deps, night)) continue;
    await maintainFestival(deps, festival, now, report);
    await recordNight(deps, night, now);
    report.nights.push(night);
  }
  const projectNight = nightKey(PROJECT_SCOPE, latestNight(now, PROJECT_TIME_ZONE));
  if (!(await nightDone(deps, projectNight))) {
    await deleteOrphanedOriginals(deps, now, report);
    report.ledgerEntriesPurged = await purgeLedger(deps, now);
    report.locationsExpired = await handleSweepExpiredLocations(deps);
    report.helpPositionsDropped = await handleDropOldHelpPositions(deps);
    await recordNight(deps, projectNight, now);
    report.nights.push(projectNight);
  }
  logs.maintenanceDone({ ...report, repairs: report.repairs.length, detail: report.repairs });
  return report;
}

async function nightDone(deps: Pick<Deps, 'docs'>, night: string): Promise<boolean> {
  return (await deps.docs.get(ledgerPath(NIGHTLY_SUBSCRIBER, night), ledgerEntrySchema)) !== undefined;
}

async function recordNight(deps: Pick<Deps, 'docs'>, night: string, now: Date): Promise<void> {
  await deps.docs.batch((batch) => batch.set(ledgerPath(NIGHTLY_SUBSCRIBER, night), ledgerEntry(NIGHTLY_SUBSCRIBER, night, now)));
}

/** One festival's night: migrations, stuck uploads, recounts, stats, orphaned files, retired originals, yesterday's roll-up. */
async function maintainFestival(deps: MaintenanceDeps, festival: FoundDoc<Festival>, now: Date, report: MaintenanceReport): Promise<void> {
  // The migration to published aggregates: counts leave the performances, the bundle is rebuilt without them.
  const migrated = await stripPerformanceCounts(deps, festival.id);
  if (migrated > 0) {
    await rebuildFestivalBundle(deps, festival.id);
    report.countsMigrated.push({ festivalId: festival.id, performances: migrated });
  }
  // Photos lose the total every reaction used to rewrite; the recount below publishes their counts per kind.
  const photosMigrated = await stripPhotoReactionCounts(deps, festival.id);
  if (photosMigrated > 0) report.reactionCountsMigrated.push({ festivalId: festival.id, photos: photosMigrated });
  // Uploads whose work was lost go through the pipeline again, or end refused with a reason.
  await redriveStuckPhotos(deps, festival.id, now, report);
  await redriveStuckMedia(deps, festival.id, now, report);
  await recountFestival(deps, festival.id, report);
  await refreshStats(deps.docs, festival.id, now);
  await deleteOrphanedThumbnails(deps, festival.id, report);
  await deleteOrphanedMedia(deps, festival.id, now, report);
  await retireOriginals(deps, festival.id, festival.data.originalRetentionDays ?? deps.settings.originalRetentionDays, now, report);
  await rollUpYesterday(deps, festival.id, festival.data.timeZone, now, report);
}

async function recountFestival(deps: Pick<Deps, 'docs' | 'now'>, festivalId: string, report: MaintenanceReport) {
  const performances = await deps.docs.query({ collection: firestorePaths.performances(festivalId) }, performanceSchema);
  // Favourites: the live document, recounted whole from the favourites.
  for (const repair of await repairLiveSets(deps, festivalId, performances)) {
    report.repairs.push({ path: `${firestorePaths.liveSets(festivalId)}#favorites.${repair.performanceId}`, field: 'favorites', was: repair.was, now: repair.now });
  }
  // Photos per stage, for the staff dashboard's shards.
  const stageTruth: Record<string, { favorites: number; photos: number }> = {};
  for (const { id, data } of performances) {
    const photos = await deps.docs.count({ collection: firestorePaths.photos(festivalId), where: [['performanceId', '==', id], ['status', '==', 'ready']] });
    const stage = (stageTruth[data.stageId] ??= { favorites: 0, photos: 0 });
    stage.photos += photos;
  }
  const favoritesTotal = 0;

  // Reactions: the published counts (live/photos and the older photos' own), recounted whole.
  const photos = await deps.docs.query({ collection: firestorePaths.photos(festivalId) }, photoSchema);
  const reactions = await repairLivePhotos(deps, festivalId, photos);
  for (const repair of reactions.repairs) {
    report.repairs.push({ path: `${firestorePaths.livePhotos(festivalId)}#reactions.${repair.photoId}`, field: 'reactions', was: repair.was, now: repair.now });
  }
  const reactionsTotal = reactions.total;

  const readyPhotos = await deps.docs.count({ collection: firestorePaths.photos(festivalId), where: [['status', '==', 'ready']] });
  const reports = await deps.docs.count({ collection: firestorePaths.reports(festivalId) });
  const truth = { favorites: favoritesTotal, photos: readyPhotos, reactions: reactionsTotal, reports };
  await deps.docs.transaction(async (tx) => {
    const paths = shardPaths(statShards(festivalId));
    const shards = await tx.getAll(readsOf(paths, statShardSchema));
    const stages = sumMaps(shards, 'stages');
    const drift = (Object.keys(truth) as Array<keyof typeof truth>).filter((field) => sumField(shards, field) !== truth[field]);
    const stageDrift = [...new Set([...Object.keys(stages), ...Object.keys(stageTruth)])].filter(
      (stageId) => (stages[stageId]?.favorites ?? 0) !== (stageTruth[stageId]?.favorites ?? 0) || (stages[stageId]?.photos ?? 0) !== (stageTruth[stageId]?.photos ?? 0),
    );
    if (drift.length === 0 && stageDrift.length === 0) return;
    for (const field of drift) report.repairs.push({ path: statShards(festivalId), field, was: sumField(shards, field), now: truth[field] });
    for (const stageId of stageDrift) report.repairs.push({ path: statShards(festivalId), field: `stages.${stageId}.favorites`, was: stages[stageId]?.favorites ?? 0, now: stageTruth[stageId]?.favorites ?? 0 });
    repairShards(tx, statShards(festivalId), shards, (index) => (index === 0 ? { ...truth, stages: stageTruth } : { favorites: 0, photos: 0, reactions: 0, reports: 0, stages: {} }));
  });
}

/**
 * Rewrites every shard of a counter with the truth. Each shard's `ops` still grows by one
 * and the roll-up guard moves to the new total, so a roll-up that read the shards before
 * the repair can never write its stale figure over the repaired one (see `isCurrentRollup`).
 */
function repairShards(tx: DocTransaction, collection: string, shards: ReadonlyArray<{ ops?: number | undefined } | undefined>, figures: (index: number) => DocData) {
  shardPaths(collection).forEach((path, index) => tx.set(path, { ...figures(index), ops: (shards[index]?.ops ?? 0) + 1 }));
  tx.set(rollupPath(collection), { ops: sumField(shards, 'ops') + SHARD_COUNT });
}

/** Derived files whose photo is gone, refused or deleted. */
async function deleteOrphanedThumbnails(deps: Pick<Deps, 'docs' | 'objects'>, festivalId: string, report: MaintenanceReport) {
  const files = await deps.objects.list(`photos/${festivalId}/`);
  const photoIds = [...new Set(files.map((file) => file.path.split('/')[2]).filter((id): id is string => Boolean(id)))];
  for (const photoId of photoIds) {
    const photo = await deps.docs.get(firestorePaths.photo(festivalId, photoId), photoSchema);
    if (photo && photo.status !== 'rejected' && photo.status !== 'deleted') continue;
    const folder = storagePaths.thumbnailFolder(festivalId, photoId);
    await deps.objects.deletePrefix(folder);
    report.orphanFilesDeleted.push(folder);
  }
}

/**
 * Staff's images nothing points at any more, an hour after they were written: renditions of
 * an artist that was deleted, or of an upload that is neither the image shown nor the one being
 * processed (replaced images are deleted at once; this catches any that were not), and
 * originals the pipeline is not working on.
 */
async function deleteOrphanedMedia(deps: Pick<Deps, 'docs' | 'objects'>, festivalId: string, now: Date, report: MaintenanceReport) {
  const old = (file: { updated: Date }) => now.getTime() - file.updated.getTime() >= STUCK_AFTER_MS;
  // Rendition folders `media/{f}/{subject}/{uploadId}/`, each named like the upload it came from.
  const folders = new Set((await deps.objects.list(`media/${festivalId}/`)).filter(old).map((file) => file.path.slice(0, file.path.lastIndexOf('/') + 1)));
  for (const folder of folders) {
    const upload = parseMediaUploadPath(`staff-uploads/${folder.slice('media/'.length, -1)}`);
    if (upload && (await mediaNeeded(deps, upload, 'renditions'))) continue;
    await deps.objects.deletePrefix(folder);
    report.orphanFilesDeleted.push(folder);
  }
  for (const file of (await deps.objects.list(`staff-uploads/${festivalId}/`)).filter(old)) {
    const upload = parseMediaUploadPath(file.path);
    if (upload && (await mediaNeeded(deps, upload, 'original'))) continue;
    await deps.objects.delete(file.path);
    report.orphanFilesDeleted.push(file.path);
  }
}

/** Renditions are needed while shown or being made; an original only while it is being processed. */
async function mediaNeeded(deps: Pick<Deps, 'docs'>, upload: MediaUploadPath, what: 'renditions' | 'original'): Promise<boolean> {
  const subject = await readSubject(deps.docs, upload.festivalId, upload.subject);
  const processing = subject?.imageUpload?.uploadId === upload.uploadId && subject.imageUpload.status === 'processing';
  return processing || (what === 'renditions' && subject?.image?.uploadId === upload.uploadId);
}

/** Whether an original still belongs to a photo that needs it (one being processed or shown, and not retired). */
export function originalIsNeeded(path: string, photo: Photo | undefined): boolean {
  return (
    photo !== undefined &&
    photo.originalPath === path &&
    !photo.originalRetiredAt &&
    (photo.status === 'processing' || photo.status === 'ready' || photo.status === 'hidden')
  );
}

/**
 * Originals are kept only as long as the festival says (issue 24): a ready or hidden photo
 * with its renditions made, uploaded more than `retentionDays` ago, gets `originalRetiredAt`
 * (so its original's deletion leaves the photo as it is: see handleOriginalDeleted), and
 * `deleteOrphanedOriginals` below then deletes the original like any other that nothing needs.
 * Marked first and deleted after, so an interrupted run leaves nothing for the trigger to
 * take for an uploader's deletion; the next run deletes what this one did not.
 */
async function retireOriginals(deps: Pick<Deps, 'docs'>, festivalId: string, retentionDays: number, now: Date, report: MaintenanceReport) {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const old = await deps.docs.query({ collection: firestorePaths.photos(festivalId), where: [['createdAt', '<', cutoff]] }, photoSchema);
  for (const { id, data } of old) {
    if (!retirable(data, cutoff)) continue;
    const path = firestorePaths.photo(festivalId, id);
    const retired = await deps.docs.transaction(async (tx) => {
      const photo = await tx.get(path, photoSchema);
      if (!photo || !retirable(photo, cutoff)) return false;
      tx.set(path, { originalRetiredAt: now }, { merge: true });
      return true;
    });
    if (retired) report.originalsRetired.push(`${festivalId}/${id}`);
  }
}

function retirable(photo: Photo, cutoff: Date): boolean {
  return !photo.originalRetiredAt && (photo.status === 'ready' || photo.status === 'hidden') && photo.thumbnails.length > 0 && photo.createdAt < cutoff;
}

/**
 * Originals that belong to no photo an hour after upload (the upload trigger creates the
 * photo at once): no photo at all, a photo that names another file, or one that was
 * rejected or deleted (their originals are deleted at once; this catches any that were not),
 * and retired ones (past the festival's retention, see retireOriginals).
 */
async function deleteOrphanedOriginals(deps: Pick<Deps, 'docs' | 'objects'>, now: Date, report: MaintenanceReport) {
  const files = await deps.objects.list('uploads/');
  for (const file of files) {
    if (now.getTime() - file.updated.getTime() < STUCK_AFTER_MS) continue;
    const upload = parseUploadPath(file.path);
    const photo = upload ? await deps.docs.get(firestorePaths.photo(upload.festivalId, upload.photoId), photoSchema) : undefined;
    if (originalIsNeeded(file.path, photo)) continue;
    await deps.objects.delete(file.path);
    report.orphanFilesDeleted.push(file.path);
  }
}

async function purgeLedger(deps: Pick<Deps, 'docs'>, now: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const expired = await deps.docs.query({ collection: LEDGER_COLLECTION, where: [['expiresAt', '<', now]], limit: 400 }, ledgerEntrySchema);
    if (expired.length === 0) return purged;
    await deps.docs.batch((batch) => expired.forEach(({ path }) => batch.delete(path)));
    purged += expired.length;
  }
}

async function rollUpYesterday(deps: Pick<Deps, 'docs' | 'now'>, festivalId: string, timeZone: string, now: Date, report: MaintenanceReport) {
  const day = previousLocalDay(now, timeZone);
  const shards = (await deps.docs.query({ collection: `festivals/${festivalId}/dailyShards`, where: [['day', '==', day]] }, dailyShardSchema)).map((shard) => shard.data);
  const daily: DailyStats = {
    day,
    ...(Object.fromEntries(DAILY_FIELDS.map((field) => [field, Math.max(0, sumField(shards, field))])) as Record<(typeof DAILY_FIELDS)[number], number>),
    rolledUpAt: now,
  };
  // Favourites are not counted per event any more: those given that day and still held, from the favourites themselves.
  const { start, end } = localDayBounds(day, timeZone);
  daily.favoritesAdded = await deps.docs.count({ collection: 'favorites', group: true, where: [['festivalId', '==', festivalId], ['createdAt', '>=', start], ['createdAt', '<', end]] });
  await deps.docs.batch((batch) => batch.set(firestorePaths.stats(festivalId, `daily-${day}`), daily));
  report.dailyRollups.push(`${festivalId}/daily-${day}`);
}

