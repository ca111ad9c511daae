import { describe, expect, it } from 'vitest';
import { reportIdFor } from '../paths.js';
import { documentIdSchema, photoIdSchema, timeZoneSchema } from './common.js';
import { moderationEntrySchema, reportLimitSchema, REPORTS_PER_WINDOW } from './moderation.js';
import { festivalSchema, performanceSchema } from './festival.js';
import { photoSchema } from './photos.js';
import { favoriteSchema, noticeSchema, userPreferencesSchema } from './user.js';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('document schemas', () => {
  it('accept preferences in English or Dutch with an offered reminder lead time, and refuse others', () => {
    const updatedAt = new Date('2026-08-14T18:00:00Z');
    expect(userPreferencesSchema.safeParse({ locale: 'nl', reminderMinutes: 15, updatedAt }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ locale: 'en', reminderMinutes: null, updatedAt }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ locale: 'en', updatedAt }).success).toBe(true);
    expect(userPreferencesSchema.safeParse({ locale: 'fr', updatedAt }).success).toBe(false);
    expect(userPreferencesSchema.safeParse({ locale: 'en', reminderMinutes: 7, updatedAt }).success).toBe(false);
    expect(userPreferencesSchema.safeParse({ locale: 'en', role: 'admin', updatedAt }).success).toBe(false);
  });

  it('accept a valid festival and refuse inverted dates, unknown zones and extra keys', () => {
    const festival = { name: 'Encore', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' };
    expect(festivalSchema.parse(festival)).toEqual(festival);
    expect(issues(festivalSchema.safeParse({ ...festival, endsOn: '2026-08-13' }))).toEqual(['endsOn: endsOn must not be before startsOn']);
    expect(timeZoneSchema.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(festivalSchema.safeParse({ ...festival, organiser: 'x' }).success).toBe(false);
  });

  it('refuse a performance that ends before it starts or has a negative count', () => {
    const performance = {
      artistId: 'a',
      stageId: 'main',
      startsAt: new Date('2026-08-14T20:00:00Z'),
      endsAt: new Date('2026-08-14T21:00:00Z'),
      status: 'scheduled',
      favoriteCount: 0,
      photoCount: 0,
    };
    expect(performanceSchema.safeParse(performance).success).toBe(true);
    expect(issues(performanceSchema.safeParse({ ...performance, endsAt: performance.startsAt }))).toEqual(['endsAt: endsAt must be after startsAt']);
    expect(performanceSchema.safeParse({ ...performance, favoriteCount: -1 }).success).toBe(false);
    expect(performanceSchema.safeParse({ ...performance, favoriteCount: 1.5 }).success).toBe(false);
  });

  it('require a reason on a rejected photo', () => {
    const photo = {
      uploaderUid: 'u1',
      performanceId: null,
      status: 'rejected',
      rejectReason: null,
      originalPath: 'uploads/u1/encore-2026/p1',
      width: null,
      height: null,
      thumbnails: [],
      dominantColor: null,
      placeholder: null,
      capturedAt: null,
      reactionCount: 0,
      reportCount: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    expect(issues(photoSchema.safeParse(photo))).toEqual(['rejectReason: a rejected photo needs a rejectReason']);
    expect(photoSchema.safeParse({ ...photo, rejectReason: 'Not an image: the file is plain text' }).success).toBe(true);
  });

  it('refuse document ids Firestore refuses', () => {
    for (const bad of ['', '.', '..', 'a/b', '__id__']) expect(documentIdSchema.safeParse(bad).success).toBe(false);
    expect(documentIdSchema.safeParse('__id').success).toBe(true);
  });

  it('read today’s favourites (no priority) as plain favourites, accept must-see and maybe, and refuse any other priority', () => {
    const today = { festivalId: 'encore-2026', performanceId: 'p1', createdAt: new Date(), established: true };
    expect(favoriteSchema.parse(today)).toEqual(today);
    expect(favoriteSchema.parse(today).priority).toBeUndefined();
    expect(favoriteSchema.parse({ ...today, priority: 'must' }).priority).toBe('must');
    expect(favoriteSchema.parse({ ...today, priority: 'maybe' }).priority).toBe('maybe');
    expect(issues(favoriteSchema.safeParse({ ...today, priority: 'high' }))).toEqual([expect.stringMatching(/^priority: /)]);
  });

  it('validate favourites and notices', () => {
    expect(favoriteSchema.safeParse({ festivalId: 'encore-2026', performanceId: 'p1', createdAt: new Date() }).success).toBe(true);
    expect(favoriteSchema.safeParse({ festivalId: 'Encore 2026', performanceId: 'p1', createdAt: new Date() }).success).toBe(false);
    expect(noticeSchema.safeParse({ kind: 'moved', festivalId: 'encore-2026', text: 'Moved to 22:00', createdAt: new Date(), readAt: null }).success).toBe(true);
    expect(noticeSchema.safeParse({ kind: 'exploded', festivalId: 'encore-2026', text: 'x', createdAt: new Date(), readAt: null }).success).toBe(false);
  });

  it('keep a moderation entry to counters, and refuse the old layout with growing lists', () => {
    const at = new Date('2026-08-15T20:00:00Z');
    const entry = {
      photoId: 'p1',
      reports: 4,
      trustedReporters: 3,
      reasons: { privacy: 3, spam: 1 },
      autoHiddenAt: at,
      autoHiddenAfter: 3,
      decision: 'pending',
      decidedBy: null,
      decidedAt: null,
      lastReportAt: at,
      createdAt: at,
      updatedAt: at,
    };
    expect(moderationEntrySchema.safeParse(entry).success).toBe(true);
    expect(issues(moderationEntrySchema.safeParse({ ...entry, reasons: { boring: 1 } }))).toEqual(['reasons: Unrecognized key: "boring"']);
    expect(moderationEntrySchema.safeParse({ ...entry, reportIds: ['r1'], reporters: { u1: 'spam' } }).success).toBe(false);
  });

  it('bound the report rate limit, and make report ids that say whose report on which photo', () => {
    const at = new Date();
    expect(reportLimitSchema.safeParse({ windowStartsAt: at, count: REPORTS_PER_WINDOW, lastReportId: 'p1~u1', lastReportAt: at }).success).toBe(true);
    expect(reportLimitSchema.safeParse({ windowStartsAt: at, count: REPORTS_PER_WINDOW + 1, lastReportId: 'p1~u1', lastReportAt: at }).success).toBe(false);
    expect(reportIdFor('seed-1-a', 'u1')).toBe('seed-1-a~u1');
    for (const bad of ['seed-1-a/reactions/u1', 'a~b', '', 'x'.repeat(65)]) expect(photoIdSchema.safeParse(bad).success).toBe(false);
    expect(photoIdSchema.safeParse('Ab3_x-9').success).toBe(true);
  });
});
