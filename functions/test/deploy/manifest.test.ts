import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '@encore/model';
import { buildFunctions } from '../../scripts/build.js';

/**
 * The deployability check. The deployable bundle is built as `npm run build` builds it,
 * and the functions manifest `firebase deploy` reads is generated offline by
 * firebase-functions' own loader: its bin, run the way firebase-tools runs it, with
 * FUNCTIONS_MANIFEST_OUTPUT_PATH (firebase-functions 7) instead of the control API.
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

const storage = (kind: string) => ({ eventType: `google.cloud.storage.object.v1.${kind}`, eventFilters: { bucket: 'demo-encore.appspot.com' }, retry: true });
const firestore = (kind: string, document: string) => ({
  eventType: `google.cloud.firestore.document.v1.${kind}`,
  eventFilters: { database: '(default)', namespace: '(default)' },
  eventFilterPathPatterns: { document },
  retry: true,
});
const pubsub = (topic: string) => ({ eventType: 'google.cloud.pubsub.topic.v1.messagePublished', eventFilters: { topic }, retry: true });

const trigger = { availableMemoryMb: 512, cpu: 1, timeoutSeconds: 60, concurrency: 80, maxInstances: 20 };
const counter = { availableMemoryMb: 512, cpu: 1, timeoutSeconds: 60, concurrency: 40, maxInstances: 10 };
const fanOut = { availableMemoryMb: 512, cpu: 1, timeoutSeconds: 300, concurrency: 4, maxInstances: 10 };
const https = { availableMemoryMb: 512, cpu: 1, timeoutSeconds: 60, concurrency: 80, maxInstances: 10 };

/** What production needs, function by function. */
const expected: Record<string, Partial<Endpoint>> = {
  onUploadFinalized: { ...trigger, eventTrigger: storage('finalized') },
  onUploadDeleted: { ...trigger, eventTrigger: storage('deleted') },
  onFavoriteWritten: { ...trigger, eventTrigger: firestore('written', 'users/{uid}/favorites/{performanceId}') },
  onReactionWritten: { ...trigger, eventTrigger: firestore('written', 'festivals/{festivalId}/photos/{photoId}/reactions/{uid}') },
  onReportCreated: { ...trigger, eventTrigger: firestore('created', 'festivals/{festivalId}/reports/{reportId}') },
  onPhotoWritten: { ...trigger, eventTrigger: firestore('written', 'festivals/{festivalId}/photos/{photoId}') },
  onPerformanceUpdated: { ...trigger, eventTrigger: firestore('updated', 'festivals/{festivalId}/performances/{performanceId}') },
  // sharp: one image per instance, with the memory a 40 MP decode needs.
  processPhoto: { availableMemoryMb: 2048, cpu: 1, timeoutSeconds: 300, concurrency: 1, maxInstances: 20, eventTrigger: pubsub('photo-uploaded') },
  markPhotoDeleted: { ...counter, eventTrigger: pubsub('photo-original-deleted') },
  countPhoto: { ...counter, eventTrigger: pubsub('photo-changed') },
  cleanUpPhoto: { availableMemoryMb: 512, cpu: 1, timeoutSeconds: 120, concurrency: 20, maxInstances: 10, eventTrigger: pubsub('photo-changed') },
  notifyUploader: { ...counter, eventTrigger: pubsub('photo-changed') },
  countFavorite: { ...counter, eventTrigger: pubsub('favorite-changed') },
  countReaction: { ...counter, eventTrigger: pubsub('reaction-changed') },
  moderateReport: { ...counter, eventTrigger: pubsub('report-filed') },
  fanOutProgrammeChange: { ...fanOut, eventTrigger: pubsub('performance-changed') },
  notifyFans: { ...fanOut, eventTrigger: pubsub('notice-batch') },
  calendarFeed: { ...https, httpsTrigger: {} },
  calendarLink: { ...https, callableTrigger: {} },
  moderatePhoto: { ...https, callableTrigger: {} },
  reporterStanding: { ...https, callableTrigger: {} },
  importProgramme: { availableMemoryMb: 512, cpu: 1, timeoutSeconds: 120, concurrency: 4, maxInstances: 5, callableTrigger: {} },
  nightlyMaintenance: {
    availableMemoryMb: 1024,
    timeoutSeconds: 1800,
    maxInstances: 1,
    scheduleTrigger: { schedule: '30 4 * * *', timeZone: '{{ params.FESTIVAL_TIME_ZONE }}', retryConfig: { retryCount: 2 } },
  },
};

describe('deploy manifest (generated by firebase-functions from the built bundle)', () => {
  it('lists exactly the expected functions, all gcfv2 in europe-west1', () => {
    expect(manifest.specVersion).toBe('v1alpha1');
    expect(Object.keys(manifest.endpoints).sort()).toEqual(Object.keys(expected).sort());
    for (const endpoint of Object.values(manifest.endpoints)) expect(endpoint).toMatchObject({ platform: 'gcfv2', region: ['europe-west1'] });
  });

  it.each(Object.entries(expected))('%s has the trigger, memory, timeout, retry and concurrency production needs', (name, want) => {
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
      { name: 'FESTIVAL_TIME_ZONE', type: 'string', value: 'Europe/Amsterdam' },
    ]);
    expect(manifest.requiredAPIs.map((api) => api.api)).toContain('cloudscheduler.googleapis.com');
  });
});
