import { firestorePaths, makeDomainEvent, reportIdFor, type DomainEvent, type DomainEventData, type DomainEventType, type Photo, type Report, type ReportReason } from '@encore/model';
import type { Deps } from '../handlers/deps.js';
import type { Docs } from '../platform/docs.js';
import { readCaptureFacts } from '../platform/exif.js';
import { sharpImages } from '../platform/images.js';
import { MemoryAccounts } from './memory-accounts.js';
import { MemoryDocs } from './memory-docs.js';
import { MemoryObjects } from './memory-objects.js';
import { MemoryPublisher } from './memory-publisher.js';
import { MemoryPush } from './memory-push.js';
import { MemoryTasks } from './memory-tasks.js';

export const FESTIVAL_ID = 'encore-2026';
export const NOW = new Date('2026-08-14T20:00:00Z');

export interface TestDeps extends Deps {
  docs: MemoryDocs;
  accounts: MemoryAccounts;
  objects: MemoryObjects;
  publisher: MemoryPublisher;
  push: MemoryPush;
  tasks: MemoryTasks;
  /** The test clock's sleep: advances `now` at once (the live publisher waits out its interval with it). */
  sleep: (ms: number) => Promise<void>;
}

/** The settings unit tests run with (threshold 2, counts after 24 hours, 10 automatic hides a festival-hour, 100 uploads a festival-hour). */
export const TEST_SETTINGS: Deps['settings'] = {
  dailyUploadQuota: 5,
  reportHideThreshold: 2,
  reporterMinAccountAgeDays: 7,
  reporterCountsAfterHours: 24,
  autoHidesPerFestivalHour: 10,
  festivalUploadsPerHour: 100,
  originalRetentionDays: 14,
  appUrl: 'https://encore.example',
  publicFilesBase: 'https://files.encore.example/v0/b/demo-encore.appspot.com/o/',
};

/**
 * Handlers over in-memory ports, real sharp and exifr, a clock fixed at NOW that only a
 * `sleep` moves forward (instantly), and a cycling "random".
 */
export function testDeps(overrides: Partial<Deps> = {}): TestDeps {
  let tick = 0;
  let slept = 0;
  return {
    sleep: async (ms: number) => {
      slept += ms;
    },
    docs: new MemoryDocs(),
    accounts: new MemoryAccounts(),
    objects: new MemoryObjects(),
    publisher: new MemoryPublisher(),
    push: new MemoryPush(),
    images: sharpImages,
    bundler: { build: () => Promise.reject(new Error('testDeps has no bundler: pass one')) },
    tasks: new MemoryTasks(),
    readCapture: readCaptureFacts,
    now: () => new Date(NOW.getTime() + slept),
    random: () => (tick++ % 10) / 10,
    settings: { ...TEST_SETTINGS },
    ...overrides,
    ...(overrides.now ? { now: () => new Date(overrides.now!().getTime() + slept) } : {}),
  } as TestDeps;
}

/** A small festival: two stages, two artists, three sets on the evening of 14 August. */
export function seedFestival(docs: MemoryDocs): void {
  docs.seed(`festivals/${FESTIVAL_ID}`, { name: 'Encore', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });
  docs.seed(`festivals/${FESTIVAL_ID}/stages/main`, { name: 'Main Stage', order: 0 });
  docs.seed(`festivals/${FESTIVAL_ID}/stages/tent`, { name: 'The Tent', order: 1 });
  docs.seed(`festivals/${FESTIVAL_ID}/artists/nina`, { name: 'Nina', bio: '', genres: [] });
  docs.seed(`festivals/${FESTIVAL_ID}/artists/kae`, { name: 'Kae', bio: '', genres: [] });
  const set = (id: string, artistId: string, stageId: string, start: string, end: string) =>
    docs.seed(`festivals/${FESTIVAL_ID}/performances/${id}`, {
      artistId,
      stageId,
      startsAt: new Date(start),
      endsAt: new Date(end),
      status: 'scheduled',
    });
  set('nina-main', 'nina', 'main', '2026-08-14T19:00:00Z', '2026-08-14T20:00:00Z');
  set('kae-tent', 'kae', 'tent', '2026-08-14T19:30:00Z', '2026-08-14T20:30:00Z');
  set('kae-main', 'kae', 'main', '2026-08-14T21:00:00Z', '2026-08-14T22:00:00Z');
}

/** A valid photo document (as the pipeline leaves a ready one), with any field replaced. */
export function testPhoto(overrides: Partial<Photo> = {}): Photo {
  return {
    uploaderUid: 'uploader',
    performanceId: null,
    suggestedPerformanceId: null,
    status: 'ready',
    rejectReason: null,
    originalPath: 'uploads/uploader/encore-2026/ph1',
    width: 800,
    height: 600,
    thumbnails: [],
    dominantColor: '#336699',
    placeholder: null,
    capturedAt: null,
    reportCount: 0,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** Files a report as the rules let a person file it (id `{photoId}~{uid}`) and returns its report.filed event. */
export function fileReport(docs: MemoryDocs, photoId: string, reporterUid: string, reason: ReportReason = 'privacy', eventId?: string): DomainEvent<'report.filed'> {
  const reportId = reportIdFor(photoId, reporterUid);
  const report: Report = { photoId, reporterUid, reason, createdAt: NOW };
  docs.seed(firestorePaths.report(FESTIVAL_ID, reportId), report);
  return event('report.filed', { festivalId: FESTIVAL_ID, reportId, photoId, reporterUid, reason }, eventId);
}

let sequence = 0;
export function event<T extends DomainEventType>(type: T, data: DomainEventData<T>, id = `evt-${++sequence}`, occurredAt = NOW): DomainEvent<T> {
  return makeDomainEvent(type, id, data, occurredAt);
}

/** `deps.docs` that records when each transaction writes `path` (a live document's publications, say). */
export function recordingWritesTo(deps: TestDeps, path: string): { docs: Docs; writes: Date[] } {
  const writes: Date[] = [];
  const docs = deps.docs.asAnotherInstance({
    transaction: (work) =>
      deps.docs.transaction((tx) =>
        work({
          ...tx,
          set: (written, data, options) => {
            if (written === path) writes.push(deps.now());
            tx.set(written, data, options);
          },
        }),
      ),
  });
  return { docs, writes };
}

/** A data bundle of no documents whose metadata says `id` and, as build time, `builtAtSeconds` (what a fake bundler returns). */
export function emptyBundle(id: string, builtAtSeconds = NOW.getTime() / 1000): Buffer {
  const json = JSON.stringify({ metadata: { id, createTime: { seconds: String(Math.floor(builtAtSeconds)), nanos: 0 }, version: 1, totalDocuments: 0, totalBytes: '0' } });
  return Buffer.from(`${Buffer.byteLength(json)}${json}`);
}
