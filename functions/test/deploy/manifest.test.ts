import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '@encore/emulators/stack';
import { domainEvents } from '@encore/model';
import { buildFunctions } from '../../scripts/build.js';
import * as config from '../../src/config.js';
import { firebaseTools, functionsConfig } from './firebase-tools.js';

/**
 * The deployability check. The deployable bundle is built as `npm run build` builds it,
 * and the functions manifest `firebase deploy` reads is generated offline by
 * firebase-functions' own loader: its bin, run the way firebase-tools runs it, with
 * FUNCTIONS_MANIFEST_OUTPUT_PATH (firebase-functions 7) instead of the control API.
 * Every function's options are checked against config.ts; the runtime is the one
 * firebase-tools picks from firebase.json; and App Check, which the manifest does not
 * carry (firebase-functions enforces it inside the function), is checked by calling every
 * callable of the same bundle on the local runner, on the runtime's Node.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The SDK's own discovery bin, found where firebase-tools looks for it. */
const bin = join(repoRoot, 'node_modules/.bin/firebase-functions');

interface Endpoint {
  region: string[];
  platform: string;
  availableMemoryMb: number | null;
  timeoutSeconds: number | null;
  concurrency: number | null;
  maxInstances: number | null;
  cpu?: number | string;
  eventTrigger?: { eventType: string; eventFilters: Record<string, string>; eventFilterPathPatterns?: Record<string, string>; retry: boolean };
  scheduleTrigger?: { schedule: string; timeZone: string; retryConfig: Record<string, number> };
  httpsTrigger?: object;
  callableTrigger?: object;
  taskQueueTrigger?: { retryConfig?: Record<string, number> };
}
interface Manifest {
  specVersion: string;
  endpoints: Record<string, Endpoint>;
  params: Array<{ name: string; type: string; default: unknown }>;
  requiredAPIs: Array<{ api: string }>;
}

let dir: string;
let manifest: Manifest;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-functions-manifest-'));
  await buildFunctions(join(dir, 'lib/index.js'));
  const pkg = JSON.parse(await readFile(join(repoRoot, 'functions/package.json'), 'utf8')) as Record<string, unknown>;
  await writeFile(join(dir, 'package.json'), JSON.stringify({ ...pkg, devDependencies: {} }));
  // The bundle's external dependencies resolve from the workspace's installed modules.
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await promisify(execFile)(process.execPath, [bin], {
    cwd: dir,
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      FUNCTIONS_MANIFEST_OUTPUT_PATH: join(dir, 'manifest.json'),
      // What firebase-tools sets during discovery.
      GCLOUD_PROJECT: 'demo-encore',
      FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-encore', storageBucket: 'demo-encore.appspot.com' }),
    },
  });
  manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The subset of firebase-functions' options config.ts sets, and how the manifest encodes each. */
interface Options {
  region: string;
  memory: '256MiB' | '512MiB' | '1GiB' | '2GiB';
  cpu?: number | 'gcf_gen1';
  timeoutSeconds: number;
  concurrency?: number;
  maxInstances: number;
  retry?: boolean;
}

const MEGABYTES = { '256MiB': 256, '512MiB': 512, '1GiB': 1024, '2GiB': 2048 } as const;

function endpointOptions(options: Options): Partial<Endpoint> {
  return {
    region: [options.region],
    availableMemoryMb: MEGABYTES[options.memory],
    timeoutSeconds: options.timeoutSeconds,
    maxInstances: options.maxInstances,
    ...(options.cpu === undefined ? {} : { cpu: options.cpu }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  };
}

const bucket = 'demo-encore.appspot.com';
const storage = (options: Options, kind: string) => ({
  ...endpointOptions(options),
  eventTrigger: { eventType: `google.cloud.storage.object.v1.${kind}`, eventFilters: { bucket }, retry: options.retry ?? false },
});
const firestore = (options: Options, kind: string, document: string) => ({
  ...endpointOptions(options),
  eventTrigger: {
    eventType: `google.cloud.firestore.document.v1.${kind}`,
    eventFilters: { database: '(default)', namespace: '(default)' },
    eventFilterPathPatterns: { document },
    retry: options.retry ?? false,
  },
});
const pubsub = (options: Options, topic: string) => ({
  ...endpointOptions(options),
  eventTrigger: { eventType: 'google.cloud.pubsub.topic.v1.messagePublished', eventFilters: { topic }, retry: options.retry ?? false },
});
const scheduled = (options: Options & { retryCount: number }, schedule: string) => ({
  ...endpointOptions(options),
  scheduleTrigger: { schedule, timeZone: 'Etc/UTC', retryConfig: { retryCount: options.retryCount } },
});

const task = (options: Options & { retryConfig: Record<string, number> }) => ({
  ...endpointOptions(options),
  taskQueueTrigger: { retryConfig: options.retryConfig },
});

/** Each function with the options of config.ts it is meant to run with, and its trigger. */
const expected: Record<string, Partial<Endpoint>> = {
  onUploadFinalized: storage(config.streamTriggerOptions, 'finalized'),
  onUploadDeleted: storage(config.triggerOptions, 'deleted'),
  onFavoriteWritten: firestore(config.streamTriggerOptions, 'written', 'users/{uid}/favorites/{performanceId}'),
  onReactionWritten: firestore(config.streamTriggerOptions, 'written', 'festivals/{festivalId}/photos/{photoId}/reactions/{uid}'),
  onReportCreated: firestore(config.triggerOptions, 'created', 'festivals/{festivalId}/reports/{reportId}'),
  onPhotoWritten: firestore(config.photoEventOptions, 'written', 'festivals/{festivalId}/photos/{photoId}'),
  onPerformanceUpdated: firestore(config.triggerOptions, 'updated', 'festivals/{festivalId}/performances/{performanceId}'),
  onDelayWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/delays/{delayId}'),
  onAnnouncementWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/announcements/{announcementId}'),
  onFestivalWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}'),
  onStageWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/stages/{stageId}'),
  onArtistWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/artists/{artistId}'),
  onPerformanceWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/performances/{performanceId}'),
  onVenueMapWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/venue/{document}'),
  onInfoPageWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/info/{pageId}'),
  // The audit trail of staff's own writes (issue 35): with auth context, on the paths the console writes.
  auditFestivalWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}'),
  auditStageWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/stages/{stageId}'),
  auditArtistWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/artists/{artistId}'),
  auditPerformanceWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/performances/{performanceId}'),
  auditDelayWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/delays/{delayId}'),
  auditVenueWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/venue/{document}'),
  auditInfoPageWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/info/{pageId}'),
  auditAnnouncementWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/announcements/{announcementId}'),
  auditSuspensionWritten: firestore(config.triggerOptions, 'written.withAuthContext', 'festivals/{festivalId}/suspensions/{uid}'),
  rebuildProgrammeBundle: pubsub(config.bundleOptions, 'programme-edited'),
  programmeBundle: { ...endpointOptions(config.httpsOptions), httpsTrigger: {} },
  firstPage: { ...endpointOptions(config.httpsOptions), httpsTrigger: {} },
  festivalManifest: { ...endpointOptions(config.httpsOptions), httpsTrigger: {} },
  processPhoto: pubsub(config.photoPipelineOptions, 'photo-uploaded'),
  processMedia: pubsub(config.photoPipelineOptions, 'media-uploaded'),
  markPhotoDeleted: pubsub(config.counterOptions, 'photo-original-deleted'),
  countPhoto: pubsub(config.counterOptions, 'photo-changed'),
  cleanUpPhoto: pubsub(config.photoEventOptions, 'photo-changed'),
  removeDeletedPhoto: pubsub(config.photoEventOptions, 'photo-changed'),
  notifyUploader: pubsub(config.photoEventOptions, 'photo-changed'),
  publishWallPhoto: pubsub(config.liveOptions, 'photo-changed'),
  countFavorite: pubsub(config.liveOptions, 'favorite-changed'),
  countReaction: pubsub(config.liveOptions, 'reaction-changed'),
  moderateReport: pubsub(config.counterOptions, 'report-filed'),
  fanOutProgrammeChange: pubsub(config.fanOutOptions, 'performance-changed'),
  notifyFans: pubsub(config.fanOutOptions, 'notice-batch'),
  notifyDelay: pubsub(config.fanOutOptions, 'delay-changed'),
  fanOutAnnouncement: pubsub(config.fanOutOptions, 'announcement-urgent'),
  pushAnnouncement: pubsub(config.pushOptions, 'announcement-push-batch'),
  refreshTrending: pubsub(config.counterOptions, 'performance-changed'),
  calendarFeed: { ...endpointOptions(config.httpsOptions), httpsTrigger: {} },
  calendarLink: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  moderatePhoto: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  reporterStanding: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  importProgramme: { ...endpointOptions(config.importOptions), callableTrigger: {} },
  announcementReach: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  createFriendInvite: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  acceptFriendInvite: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  describeFriendInvite: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  removeFriend: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  setFriendPlanHidden: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  createFriendGroup: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  addGroupMember: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  answerGroupInvite: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  leaveFriendGroup: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  createFestival: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  createEdition: { ...endpointOptions(config.editionOptions), callableTrigger: {} },
  archiveFestival: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  inviteStaff: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  revokeStaffInvite: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  acceptStaffInvite: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  setStaffRole: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  removeStaffMember: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  undoChange: { ...endpointOptions(config.callableOptions), callableTrigger: {} },
  onFriendGroupWritten: firestore(config.triggerOptions, 'written', 'friendGroups/{groupId}'),
  onHelpRequestWritten: firestore(config.triggerOptions, 'written', 'festivals/{festivalId}/helpRequests/{requestId}'),
  sweepExpiredLocations: scheduled(config.locationSweepOptions, config.LOCATION_SWEEP_SCHEDULE),
  nightlyMaintenance: scheduled(config.maintenanceOptions, config.MAINTENANCE_SCHEDULE),
  sendReminders: scheduled(config.reminderOptions, config.REMINDER_SCHEDULE),
  sweepLiveMarks: scheduled(config.liveMarksSweepOptions, config.LIVE_MARKS_SWEEP_SCHEDULE),
  publishLiveSets: task(config.publicationTaskOptions),
  publishLivePhotos: task(config.publicationTaskOptions),
  publishProgramme: task(config.programmeTaskOptions),
};

describe('deploy manifest (generated by firebase-functions from the built bundle)', () => {
  it(`lists exactly the expected functions, all gcfv2 in ${config.REGION}`, () => {
    expect(manifest.specVersion).toBe('v1alpha1');
    expect(Object.keys(manifest.endpoints).sort()).toEqual(Object.keys(expected).sort());
    for (const endpoint of Object.values(manifest.endpoints)) expect(endpoint).toMatchObject({ platform: 'gcfv2', region: [config.REGION] });
  });

  it.each(Object.entries(expected))('%s has its trigger and the region, memory, cpu, timeout, retry, concurrency and maxInstances of config.ts', (name, want) => {
    expect(manifest.endpoints[name]).toMatchObject(want);
  });

  it('keeps the rules every deployment must satisfy', () => {
    for (const [name, endpoint] of Object.entries(manifest.endpoints)) {
      // Concurrency above 1 needs a whole CPU on Cloud Run.
      if ((endpoint.concurrency ?? 1) > 1) expect(Number(endpoint.cpu), name).toBeGreaterThanOrEqual(1);
      // Event-driven functions run at most 9 minutes, and every one retries (the handlers drop what cannot succeed).
      if (endpoint.eventTrigger) {
        expect(endpoint.timeoutSeconds, name).toBeLessThanOrEqual(540);
        expect(endpoint.eventTrigger.retry, name).toBe(true);
      }
      // Nothing scales without bound.
      expect(endpoint.maxInstances, name).toBeGreaterThan(0);
    }
    // sharp: one image per instance, with the memory a 40 MP decode needs.
    expect(manifest.endpoints.processPhoto).toMatchObject({ concurrency: 1, availableMemoryMb: 2048 });
  });

  it('subscribes to every domain-event topic the triggers publish', () => {
    const subscribed = new Set(Object.values(manifest.endpoints).flatMap((e) => (e.eventTrigger?.eventFilters.topic ? [e.eventTrigger.eventFilters.topic] : [])));
    expect([...subscribed].sort()).toEqual(Object.values(domainEvents).map((e) => e.topic).sort());
  });

  it('declares the deploy-time parameters with their defaults', () => {
    expect(manifest.params.map(({ name, type, default: value }) => ({ name, type, value }))).toEqual([
      { name: 'DAILY_UPLOAD_QUOTA', type: 'int', value: 50 },
      { name: 'REPORT_HIDE_THRESHOLD', type: 'int', value: 3 },
      { name: 'REPORTER_MIN_ACCOUNT_AGE_DAYS', type: 'int', value: 7 },
      { name: 'REPORTER_COUNTS_AFTER_HOURS', type: 'int', value: 24 },
      { name: 'AUTO_HIDES_PER_FESTIVAL_HOUR', type: 'int', value: 10 },
      { name: 'FESTIVAL_UPLOADS_PER_HOUR', type: 'int', value: 600 },
      { name: 'ORIGINAL_RETENTION_DAYS', type: 'int', value: 14 },
      { name: 'APP_URL', type: 'string', value: '' },
    ]);
    expect(manifest.requiredAPIs.map((api) => api.api)).toContain('cloudscheduler.googleapis.com');
  });

  it('deploys on nodejs24: the runtime firebase-tools picks from firebase.json, and one it still deploys', () => {
    const runtime = firebaseTools.getRuntimeChoice(join(repoRoot, 'functions'), functionsConfig().runtime);
    expect(runtime).toBe('nodejs24');
    expect(() => firebaseTools.guardVersionSupport(runtime)).not.toThrow();
  });
});

describe('App Check on every callable (the built bundle on the local runner)', () => {
  const APP_ID = '1:000000000000:web:encore-deploy-test';
  const debugToken = randomUUID();
  let stack: Stack;
  let callables: string[];

  beforeAll(async () => {
    callables = Object.keys(manifest.endpoints).filter((name) => manifest.endpoints[name]!.callableTrigger);
    stack = await startStack({
      projectId: 'demo-encore',
      functions: join(dir, 'lib/index.js'),
      functionsDir: dir,
      ports: 'free',
      runner: { runtime: functionsConfig().runtime, schedules: false, log: () => {}, appCheck: { debugTokens: [debugToken] } },
    });
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  const call = (name: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.runner!.url}/demo-encore/${config.REGION}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ data: {} }),
    });

  it('finds the callables Encore deploys', () => {
    expect(callables.sort()).toEqual([
      'acceptFriendInvite',
      'acceptStaffInvite',
      'addGroupMember',
      'announcementReach',
      'answerGroupInvite',
      'archiveFestival',
      'calendarLink',
      'createEdition',
      'createFestival',
      'createFriendGroup',
      'createFriendInvite',
      'describeFriendInvite',
      'importProgramme',
      'inviteStaff',
      'leaveFriendGroup',
      'moderatePhoto',
      'removeFriend',
      'removeStaffMember',
      'reporterStanding',
      'revokeStaffInvite',
      'setFriendPlanHidden',
      'setStaffRole',
      'undoChange',
    ]);
    expect(stack.runner!.nodeVersion()?.split('.')[0]).toBe(`v${functionsConfig().runtime.replace('nodejs', '')}`);
  });

  it('refuses a call to every callable without an App Check token, as firebase-functions does under enforceAppCheck', async () => {
    for (const name of callables) {
      const response = await call(name);
      expect([name, response.status, await response.json()]).toEqual([name, 401, { error: { message: 'Unauthenticated', status: 'UNAUTHENTICATED' } }]);
    }
  });

  it('lets an attested call through to the handler, which then asks the caller to sign in (or, reading an invite, for a whole request)', async () => {
    const exchanged = await fetch(stack.runner!.appCheckExchangeUrl(APP_ID), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ debug_token: debugToken }),
    });
    const { token } = (await exchanged.json()) as { token: string };
    for (const name of callables) {
      const response = await call(name, { 'x-firebase-appcheck': token });
      if (name === 'describeFriendInvite') {
        // Reading an invite needs no account (opening a link makes none): the handler, reached, refuses the empty request.
        const { error } = (await response.json()) as { error: { status: string } };
        expect([name, response.status, error.status]).toEqual([name, 400, 'INVALID_ARGUMENT']);
        continue;
      }
      expect([name, response.status, await response.json()]).toEqual([name, 401, { error: { message: 'Sign in first.', status: 'UNAUTHENTICATED' } }]);
    }
  });
});
