import { describe, expect, it } from 'vitest';
import { firestorePaths, moderationEntrySchema, photoSchema, reportSchema, totalsStatsSchema } from '@encore/model';
import { FESTIVAL_ID, NOW, event, fileReport, seedFestival, testDeps, testPhoto, type TestDeps } from '../testing/deps.js';
import { handleReportFiled } from './report-filed.js';

const photoPath = firestorePaths.photo(FESTIVAL_ID, 'ph1');
const entry = (deps: TestDeps) => moderationEntrySchema.parse(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1')));
const photo = (deps: TestDeps) => photoSchema.parse(deps.docs.data(photoPath));

function setUp() {
  const deps = testDeps(); // threshold 2, counts after 24 hours, 10 automatic hides a festival-hour
  seedFestival(deps.docs);
  deps.docs.seed(photoPath, testPhoto());
  return deps;
}

const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

/** A visitor who has used the app for a while: verified, months old, a favourite saved days ago. */
function established(deps: TestDeps, uid: string) {
  deps.accounts.add(uid, { emailVerified: true, createdAt: new Date('2026-05-01T00:00:00Z') });
  deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: hoursBefore(72) });
}

describe('moderateReport', () => {
  it('hides a visible photo once two established visitors reported it, and says why on the entry', async () => {
    const deps = setUp();
    established(deps, 'ann');
    established(deps, 'bob');
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'ann', 'privacy'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 1 });
    await handleReportFiled(deps, fileReport(deps.docs, 'ph1', 'bob', 'inappropriate'));
    expect(photo(deps)).toMatchObject({ status: 'hidden', reportCount: 2 });
    expect(entry(deps)).toMatchObject({ reports: 2, trustedReporters: 2, reasons: { privacy: 1, inappropriate: 1 }, notCounted: {}, autoHiddenAt: NOW, autoHiddenAfter: 2, decision: 'pending' });
    expect(totalsStatsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals')))).toMatchObject({ reports: 2 });
  });

  it('issue 24: a crowd of fresh verified accounts does not hide a photo; staff see each report and why it did not count', async () => {
    const deps = setUp();
    // Signed up and verified minutes ago (Google and email links verify at once); one even saved a favourite first.
    for (const uid of ['sock-1', 'sock-2', 'sock-3']) deps.accounts.add(uid, { emailVerified: true, createdAt: hoursBefore(0.1) });
    deps.docs.seed(firestorePaths.favorite('sock-3', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: hoursBefore(0.05) });
    for (const uid of ['sock-1', 'sock-2', 'sock-3']) await handleReportFiled(deps, fileReport(deps.docs, 'ph1', uid, 'inappropriate'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 3 });
    expect(entry(deps)).toMatchObject({ reports: 3, trustedReporters: 0, notCounted: { 'new-account': 3 }, autoHiddenAt: null, heldAt: null });
    expect(reportSchema.parse(deps.docs.data(firestorePaths.report(FESTIVAL_ID, 'ph1~sock-1')))).toMatchObject({ trustedReporter: false, notCountedBecause: 'new-account' });
  });

  it('does not count old verified accounts with no history, an unverified old account, nor one staff refuted', async () => {
    const deps = setUp();
    deps.accounts.add('idle', { emailVerified: true, createdAt: new Date('2026-05-01T00:00:00Z') }); // no favourite at all
    deps.accounts.add('eager', { emailVerified: true, createdAt: new Date('2026-05-01T00:00:00Z') });
    deps.docs.seed(firestorePaths.favorite('eager', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: hoursBefore(0.5) }); // saved just before
    deps.accounts.add('olaf', { emailVerified: false, createdAt: new Date('2026-01-01T00:00:00Z') });
    established(deps, 'ref');
    deps.docs.seed(firestorePaths.reporterRecord('ref'), { refutedAt: hoursBefore(30), refutedOn: `${FESTIVAL_ID}/ph0`, refutedBy: 'sam' });
    for (const uid of ['idle', 'eager', 'olaf', 'ref']) await handleReportFiled(deps, fileReport(deps.docs, 'ph1', uid, 'spam'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 4 });
    expect(entry(deps)).toMatchObject({ trustedReporters: 0, notCounted: { 'no-history': 2, 'unverified-email': 1, refuted: 1 } });
  });

  it(`hides at most the festival's automatic hides per hour; past that the photo is held for staff with the reason`, async () => {
    const deps = setUp();
    deps.settings.autoHidesPerFestivalHour = 1;
    established(deps, 'ann');
    established(deps, 'bob');
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph2'), testPhoto());
    for (const photoId of ['ph1', 'ph2']) for (const uid of ['ann', 'bob']) await handleReportFiled(deps, fileReport(deps.docs, photoId, uid));
    expect(photo(deps).status).toBe('hidden');
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph2'))).toMatchObject({ status: 'ready', reportCount: 2 });
    expect(moderationEntrySchema.parse(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph2')))).toMatchObject({ trustedReporters: 2, autoHiddenAt: null, heldAt: NOW, heldBecause: 'auto-hide-cap' });
    expect(deps.docs.data(firestorePaths.autoHideWindow(FESTIVAL_ID, NOW.toISOString().slice(0, 13)))).toMatchObject({ hides: 1 });
  });

  it('counts reports of anonymous and deleted accounts, but never lets them hide a photo', async () => {
    const deps = setUp();
    deps.accounts.add('anon', { anonymous: true, emailVerified: false });
    for (const uid of ['anon', 'gone']) await handleReportFiled(deps, fileReport(deps.docs, 'ph1', uid, 'spam'));
    expect(photo(deps)).toMatchObject({ status: 'ready', reportCount: 2 });
    expect(entry(deps)).toMatchObject({ reports: 2, trustedReporters: 0, reasons: { spam: 2 }, notCounted: { anonymous: 1, 'no-account': 1 }, autoHiddenAt: null });
    expect(reportSchema.parse(deps.docs.data(firestorePaths.report(FESTIVAL_ID, 'ph1~anon')))).toMatchObject({ countedAt: NOW, trustedReporter: false });
  });

  it('counts a report once however often its event arrives, under any event id', async () => {
    const deps = setUp();
    established(deps, 'ann');
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
    for (const uid of ['a', 'b', 'c', 'd']) established(deps, uid);
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
