import * as logger from 'firebase-functions/logger';

/**
 * Every log line Encore writes, by name. Each is one structured entry whose `event`
 * field is the name, so logs can be filtered and counted without parsing text.
 */
type Fields = Record<string, unknown>;

/**
 * The routine lines of the festival's streams (an event published, a favourite or a reaction
 * counted, a derived file passed over): one a call, about ten calls a second all day, while each
 * call's request log already says it ran and each publication logs what it counted. Cloud Logging
 * bills every line it ingests, debug ones too, so these are written only where a deployment (or
 * a developer) asks for them: `ENCORE_DEBUG_LOGS=true` in the functions' environment.
 */
const debugWanted = () => process.env.ENCORE_DEBUG_LOGS === 'true';
const debug = (event: string) => (fields: Fields) => {
  if (debugWanted()) logger.debug(event, { event, ...fields });
};
const info = (event: string) => (fields: Fields) => logger.info(event, { event, ...fields });
const warn = (event: string) => (fields: Fields) => logger.warn(event, { event, ...fields });
const error = (event: string) => (fields: Fields) => logger.error(event, { event, ...fields });

export const logs = {
  /** Every domain event a trigger publishes: routine, so debug. */
  eventPublished: debug('event-published'),
  eventDuplicate: info('event-duplicate'),
  eventTooOld: error('event-too-old'),
  eventMalformed: error('event-malformed'),
  /** A message no retry can read (not JSON, not an envelope, another type): dropped after one attempt; a log-based metric counts these. */
  eventPoisoned: warn('event-poisoned'),
  /** A stored document that does not match its schema (path and fields in `issues`). */
  documentInvalid: error('document-invalid'),
  /** Every derived file the pipeline writes finalizes too: routine, so debug. */
  uploadIgnored: debug('upload-ignored'),
  /** A second file under a photo id that already names another original: deleted, never processed. */
  uploadStrayDeleted: warn('upload-stray-deleted'),
  /** A staff upload for an artist that does not exist (any more): deleted, never processed. */
  mediaOrphanDeleted: warn('media-orphan-deleted'),
  mediaReady: info('media-ready'),
  mediaRejected: warn('media-rejected'),
  mediaSkipped: info('media-skipped'),
  photoReady: info('photo-ready'),
  photoRejected: warn('photo-rejected'),
  photoSkipped: info('photo-skipped'),
  photoFilesDeleted: info('photo-files-deleted'),
  /** The uploader deleted their photo: its files, reactions and document are gone. */
  photoRemoved: info('photo-removed'),
  /** Each favourite's mark stored (the publications log what they recounted): routine, so debug. */
  favoriteCounted: debug('favorite-counted'),
  /** A verified account's favourite judged for trending (issue 39): whether its giver had reputation, or why not. */
  favoriteJudged: info('favorite-judged'),
  /** The festival's live document rewritten: how many sets were recounted for it. */
  liveSetsPublished: info('live-sets-published'),
  /** The festival's photo reactions published: photos recounted, carried, and moved onto their own documents. */
  livePhotosPublished: info('live-photos-published'),
  wallPhotoPublished: info('wall-photo-published'),
  /** A publication at the cadence asked for (its task created): the festival, the kind, when it runs. Routine (the publication logs itself), so debug. */
  publicationScheduled: debug('publication-scheduled'),
  /** A publication task whose payload names no festival: dropped (a retry would not change it). */
  publicationTaskRefused: warn('publication-task-refused'),
  /** Each reaction's mark stored, as favourites': routine, so debug. */
  reactionCounted: debug('reaction-counted'),
  reportCounted: info('report-counted'),
  reportIgnored: warn('report-ignored'),
  photoAutoHidden: warn('photo-auto-hidden'),
  /** Reports would have hidden a photo, but the festival's automatic hides for the hour are used up: staff decide. */
  photoHeldForStaff: warn('photo-held-for-staff'),
  staffModerated: info('staff-moderated'),
  /** Staff restored a photo: the reporters whose reports had counted towards hiding it no longer count. */
  reportersRefuted: info('reporters-refuted'),
  fanOutPublished: info('fan-out-published'),
  noticesWritten: info('notices-written'),
  /** One delivery of pushes: sent, duplicates skipped, dead tokens, failures, left for a retry. */
  pushDelivered: info('push-delivered'),
  /** A push refused for a reason a retry will not fix (credentials, payload): needs a person. */
  pushFailed: error('push-failed'),
  /** A device whose token the push service called dead: its document was deleted. */
  pushDeviceForgotten: info('push-device-forgotten'),
  remindersRun: info('reminders-run'),
  trendingRefreshed: info('trending-refreshed'),
  programmeImported: info('programme-imported'),
  /** Staff undid an import or a console edit from History (issue 36): what, the undo's own batch, by whom. */
  changeUndone: info('change-undone'),
  /** A project admin created a festival and became its admin (`retried`: their retry of a creation whose answer was lost, nothing written). */
  festivalCreated: info('festival-created'),
  editionCreated: info('edition-created'),
  festivalArchived: info('festival-archived'),
  calendarServed: info('calendar-served'),
  bundleBuilt: info('bundle-built'),
  bundlesRefreshed: info('bundles-refreshed'),
  /** The first page (`GET /`) could not fetch the web app's shell from Hosting: visitors got a 502. */
  firstPageShellUnavailable: error('first-page-shell-unavailable'),
  /** The first page could not read its festival: the shell went out without the programme's header. */
  firstPageFestivalUnreadable: warn('first-page-festival-unreadable'),
  /** The first page could not read the festival's first set (its index missing, say): the header went out without the countdown. */
  firstPageCountdownUnreadable: warn('first-page-countdown-unreadable'),
  /** `/` could not read `site/settings`: it opened the build's festival as if none were chosen. */
  firstPageSettingsUnreadable: warn('first-page-settings-unreadable'),
  /** A festival's web manifest (`/f/{id}/manifest.webmanifest`) could not read its festival: a 503, which the browser retries. */
  festivalManifestUnreadable: warn('festival-manifest-unreadable'),
  /** The first page or the manifest could not read the festival's logo or icon: the app's own icons stand in. */
  festivalBrandUnreadable: warn('festival-brand-unreadable'),
  maintenanceDone: info('maintenance-done'),
  maintenanceFailed: error('maintenance-failed'),
} as const;
