import { defineInt, defineString } from 'firebase-functions/params';

/**
 * Deploy-time parameters (asked for, or read from `.env.<project>`, by `firebase deploy`)
 * and the runtime options each kind of function needs in production. The deployability
 * test (`test/deploy/manifest.test.ts`) asserts these against the generated manifest.
 */

export const dailyUploadQuota = defineInt('DAILY_UPLOAD_QUOTA', {
  default: 50,
  description: 'Photos a newcomer may upload per festival day; reputation doubles it, a regular (reputation and a 30-day-old account) has four times as much',
});

export const reportHideThreshold = defineInt('REPORT_HIDE_THRESHOLD', {
  default: 3,
  description: 'Distinct reporters after which a photo is hidden until staff decide',
});

export const reporterMinAccountAgeDays = defineInt('REPORTER_MIN_ACCOUNT_AGE_DAYS', {
  default: 7,
  description: 'Account age in days after which a person may report photos without a verified email',
});

export const reporterCountsAfterHours = defineInt('REPORTER_COUNTS_AFTER_HOURS', {
  default: 24,
  description: 'Account age in hours after which a verified account with a history may help hide a photo by reporting it',
});

export const autoHidesPerFestivalHour = defineInt('AUTO_HIDES_PER_FESTIVAL_HOUR', {
  default: 10,
  description: 'Photos reports may hide automatically per festival per hour; past it, photos wait for staff',
});

export const festivalUploadsPerHour = defineInt('FESTIVAL_UPLOADS_PER_HOUR', {
  default: 600,
  description: 'Photos the pipeline takes per festival per hour, from everyone together; past it, uploads are rejected with a message saying when to try again',
});

export const originalRetentionDays = defineInt('ORIGINAL_RETENTION_DAYS', {
  default: 14,
  description: "Days a ready photo's original is kept (its renditions stay) unless the festival sets its own originalRetentionDays; the nightly job deletes it after",
});

export const appUrl = defineString('APP_URL', {
  default: '',
  description: "The web app's public address (https://...), for the links in calendar feeds; empty means the project's default Hosting site, https://<project id>.web.app",
});

/** Close to the festival's visitors and to the Firestore location (eur3). */
export const REGION = 'europe-west1';

/** Events older than this are dropped instead of retried, so a bug cannot retry forever. */
export const MAX_EVENT_AGE_MS = {
  /** Photos: the uploader is waiting; after an hour the nightly job sweeps the photo. */
  photo: 60 * 60_000,
  /** Urgent announcements: pushed within the hour or not at all (the app's banner still shows them). */
  announcement: 60 * 60_000,
  /** Counters and notices: a day of retries covers any outage; the nightly recount repairs the rest. */
  default: 24 * 60 * 60_000,
} as const;

/**
 * Programme bundle rebuilds: one instance, so every edit of a festival coalesces into the
 * rebuild waiting there (see handlers/programme-bundle.ts); a rebuild reads a few hundred
 * documents.
 */
export const bundleOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 120, concurrency: 50, maxInstances: 1, retry: true } as const;


/**
 * The publications at the cadence (`publishLiveSets`, `publishLivePhotos`): Cloud Tasks run one
 * per festival and window (handlers/publication-task.ts); a failure is retried within the
 * window's interval, and the minute's sweep asks again for marks a task gave up on.
 */
export const publicationTaskOptions = {
  region: REGION,
  memory: '512MiB',
  cpu: 1,
  timeoutSeconds: 120,
  concurrency: 80,
  maxInstances: 10,
  retryConfig: { maxAttempts: 5, minBackoffSeconds: 1, maxBackoffSeconds: 10 },
} as const;
/** `publishProgramme`: the bundle rebuild, one instance as `bundleOptions` (a rebuild reads the whole programme). */
export const programmeTaskOptions = { ...publicationTaskOptions, concurrency: 10, maxInstances: 1 } as const;

/** Thin triggers: validate, publish, return. Cheap and highly concurrent. */
export const triggerOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 60, concurrency: 80, maxInstances: 20, retry: true } as const;

/**
 * The thin triggers of the festival's streams: every favourite, every reaction, every file the
 * bucket finalizes (an upload and its renditions, 16 a photo). About ten calls a second each,
 * all day, and each call a few milliseconds of work. Cloud Run's request-based billing charges
 * at least a 100 ms unit of the instance's whole vCPU and memory per burst of work, so at 1 vCPU
 * such a stream keeps an instance billed all day ($1.01-1.26 a day each for 50,000 visitors,
 * `npm run bench -- bill`). A sixth of a vCPU (the 1st-gen share of 256 MiB, `gcf_gen1`) costs a
 * fifth as much per unit, and a call still fits in one. Below one vCPU Cloud Run takes one
 * request per instance, so a burst spreads over more instances: a hot set at 1,000 favourites a
 * second needs a few dozen, hence the higher `maxInstances`. (Loaded, the code takes about
 * 130 MiB of the 256.)
 */
export const streamTriggerOptions = { region: REGION, memory: '256MiB', cpu: 'gcf_gen1', timeoutSeconds: 60, concurrency: 1, maxInstances: 100, retry: true } as const;

/** sharp needs memory (a 40 MP RGBA frame is 160 MB before the renditions) and the whole CPU: one image per instance. */
export const photoPipelineOptions = { region: REGION, memory: '2GiB', cpu: 1, timeoutSeconds: 300, concurrency: 1, maxInstances: 20, retry: true } as const;

/** Counter and aggregate subscribers: bounded instances keep contention on hot documents in check. */
export const counterOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 60, concurrency: 40, maxInstances: 10, retry: true } as const;

/**
 * `countFavorite`, `countReaction` and `publishWallPhoto` store a mark and ask for the next
 * publication, then return: short calls, and many per instance so that its marks are written
 * one per burst (handlers/live-marks.ts).
 */
export const liveOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 120, concurrency: 1000, maxInstances: 10, retry: true } as const;

/** Fan-out and notice batches touch many documents per message. */
export const fanOutOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 300, concurrency: 4, maxInstances: 10, retry: true } as const;

/**
 * Push deliveries: each call claims receipts and makes one `sendEach` of up to 500 messages
 * (a second or two), so a few run side by side per instance.
 */
export const pushOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 120, concurrency: 8, maxInstances: 20, retry: true } as const;

/**
 * What runs on each photo's two events (its upload and its verdict: about 30,000 a day for
 * 50,000 visitors) and is a few milliseconds of work: `onPhotoWritten` (publishes the event),
 * `cleanUpPhoto` and `removeDeletedPhoto` (Storage clean-up after a photo goes away),
 * `notifyUploader`. Calls that sparse each pay a 100 ms unit of the whole instance, as the
 * streams' do (`streamTriggerOptions`), so they run at a sixth of a vCPU and 256 MiB, one call
 * an instance: a unit costs a fifth (issue 38: $0.08 a day each at 1 vCPU, `npm run bench -- bill`).
 * `countPhoto` stays at 1 vCPU: a stats refresh is 85 ms of work, six units at a sixth.
 */
export const photoEventOptions = { region: REGION, memory: '256MiB', cpu: 'gcf_gen1', timeoutSeconds: 120, concurrency: 1, maxInstances: 100, retry: true } as const;

/** Staff and visitor HTTPS endpoints. */
export const httpsOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 60, concurrency: 80, maxInstances: 10 } as const;

/**
 * Callables are called only by Encore's web app, which attests itself with App Check: a call
 * without a valid App Check token is refused (401 UNAUTHENTICATED) before the handler runs.
 * Not `consumeAppCheckToken`: every callable also needs the caller's ID token and acts only
 * on that person's own data or a staff member's, so replaying an App Check token within its
 * hour gains nothing the signed-in person could not do anyway, while limited-use tokens would
 * cost a token exchange and an App Check API round trip on every call.
 */
const appCheck = { enforceAppCheck: true } as const;
export const callableOptions = { ...httpsOptions, ...appCheck } as const;
/** `createEdition` copies a festival's documents and its images' renditions (a few dozen files): more time than a callable's minute. */
export const editionOptions = { ...httpsOptions, timeoutSeconds: 300, ...appCheck } as const;
export const importOptions = { region: REGION, memory: '512MiB', cpu: 1, timeoutSeconds: 120, concurrency: 4, maxInstances: 5, ...appCheck } as const;

/**
 * Scheduled jobs run on UTC's clock: what is nightly is nightly on each festival's own clock
 * (its document's `timeZone`), decided per festival by the hourly run (domain/nightly-clock.ts).
 */
export const SCHEDULE_TIME_ZONE = 'Etc/UTC';

/** Nightly maintenance, run hourly (each festival's night once, at its own 04:00): a run may take up to 30 minutes. */
export const maintenanceOptions = { region: REGION, memory: '1GiB', timeoutSeconds: 1800, maxInstances: 1, retryCount: 2 } as const;
export const MAINTENANCE_SCHEDULE = '0 * * * *';

/**
 * Reminders before sets: every five minutes (domain/reminders.ts REMINDER_INTERVAL_MINUTES,
 * which the windows are cut to). One instance, so runs overlap only when one overruns; the
 * receipts make overlapping runs safe anyway. A failed run is retried twice.
 */
export const REMINDER_SCHEDULE = 'every 5 minutes';
/** Publishes live figures whose marks an instance left behind (handlers/live-marks-sweep.ts): a count lags at most about a minute after a crash. */
export const LIVE_MARKS_SWEEP_SCHEDULE = 'every 1 minutes';
export const liveMarksSweepOptions = { region: REGION, memory: '512MiB', timeoutSeconds: 120, maxInstances: 1, retryCount: 1 } as const;
/**
 * Friends' live locations past their expiry are deleted every ten minutes (issue 25): the
 * rules and the app stop showing one at its expiry; this keeps none stored for long (the
 * TTL policy on `locations.expiresAt` may take up to a day).
 */
export const LOCATION_SWEEP_SCHEDULE = 'every 10 minutes';
export const locationSweepOptions = { region: REGION, memory: '512MiB', timeoutSeconds: 120, maxInstances: 1, retryCount: 1 } as const;
export const reminderOptions = { region: REGION, memory: '512MiB', timeoutSeconds: 240, maxInstances: 1, retryCount: 2 } as const;
