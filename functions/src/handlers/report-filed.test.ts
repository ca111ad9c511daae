import { describe, expect, it } from 'vitest';
import { firestorePaths, moderationEntrySchema, photoSchema, reportSchema, totalsStatsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, event, fileReport, seedFestival, testDeps, testPhoto, type TestDeps } from '../testing/deps.js';
import { handleReportFiled } from './report-filed.js';

const photoPath = firestorePaths.photo(FESTIVAL_ID, 'ph1');
const entry = (deps: TestDeps) => moderationEntrySchema.parse(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1')));
const photo = (deps: TestDeps) => photoSchema.parse(deps.docs.data(photoPath));

function setUp() {
  const deps = testDeps(); // threshold 2, trust after 7 days
  seedFestival(deps.docs);
  deps.docs.seed(photoPath, testPhoto());
  return deps;
}

describe('moderateReport', () => {
  it('hides a visible photo once two distinct trusted people reported it, and says why on the entry', async () => {
    const deps = setUp();
    deps.accounts.add('ann', { emailVerified: true });
    deps.accounts.add('bob', { emailVerified: false, createdAt: new Date('2026-01-01T00:00:00Z') });
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'ann', 'privacy'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 1 });
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'bob', 'inappropriate'));
    expect(photo(deps)).toMatchObject({ status: 'hidden', reportCount: 2 });
    expect(entry(deps)).toMatchObject({ reports: 2, trustedReporters: 2, reasons: { privacy: 1, inappropriate: 1 }, autoHiddenAt: NOW, autoHiddenAfter: 2, decision: 'pending' });
    expect(totalsStatsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals')))).toMatchObject({ reports: 2 });
  });

  it('counts reports of new unverified, anonymous and deleted accounts, but never lets them hide a photo', async () => {
    const deps = setUp();
    deps.accounts.add('new', { emailVerified: false, createdAt: new Date('2026-08-13T00:00:00Z') });
    deps.accounts.add('anon', { anonymous: true, emailVerified: false });
    for (const uid of ['new', 'anon', 'gone']) await handleReportFiled(deps, fileReport(deps.docs, 'ph1', uid, 'spam'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 3 });
    expect(entry(deps)).toMatchObject({ reports: 3, trustedReporters: 0, reasons: { spam: 3 }, autoHiddenAt: null });
    expect(reportSchema.parse(deps.docs.data(firestorePaths.report(FESTIVAL_ID, 'ph1~new')))).toMatchObject({ countedAt: NOW, trustedReporter: false });
  });

  it('counts a report once however often its event arrives, under any event id', async () => {
    const deps = setUp();
    deps.accounts.add('ann');
    const filed = fileReport(deps.docs, 'ph1', 'ann');
    await Promise.all([handleReportFiled(deps, filed), handleReportFiled(deps, filed), handleReportFiled(deps, { ...filed, id: 'another-trigger-id' })]);
    expect(entry(deps)).toMatchObject({ reports: 1, trustedReporters: 1 });
    expect(photo(deps).reportCount).toBe(1);
    expect(totalsStatsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals')))).toMatchObject({ reports: 1 });
  });

  it('ignores a report whose id does not say whose report on which photo it is', async () => {
    const deps = setUp();
    deps.accounts.add('ann');
    deps.docs.seed(firestorePaths.report(FESTIVAL_ID, 'random-id'), { photoId: 'ph1', reporterUid: 'ann', reason: 'spam', createdAt: NOW });
    await handleReportFiled(deps, event('report.filed', { festivalId: FESTIVAL_ID, reportId: 'random-id', photoId: 'ph1', reporterUid: 'ann', reason: 'spam' }));
    expect(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1'))).toBeUndefined();
    expect(photo(deps).reportCount).toBe(0);
  });

  it('does not hide again after staff restored the photo', async () => {
    const deps = setUp();
    for (const uid of ['a', 'b', 'c', 'd']) deps.accounts.add(uid);
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'a'));
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'b'));
    expect(photo(deps).status).toBe('hidden');
    // Staff restore it (as moderatePhoto does).
    deps.docs.seed(photoPath, { ...deps.docs.data(photoPath), status: 'ready' });
    deps.docs.seed(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1'), { ...entry(deps), decision: 'restored', decidedBy: { uid: 'sam', name: null }, decidedAt: NOW });
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'c'));
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'd'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 4 });
  });

  it('stops with an error naming the field when the entry it reads is not a moderation entry', async () => {
    const deps = setUp();
    deps.accounts.add('ann');
    // The old layout: lists that grew with every report.
    deps.docs.seed(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1'), { photoId: 'ph1', reporters: { x: 'spam' }, reportIds: ['r1'], autoHidden: false });
    await expect(handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'ann'))).rejects.toThrow(
      /^Invalid document festivals\/encore-2026\/moderation\/ph1: reports: .*; .*reporters/,
    );
  });
});
