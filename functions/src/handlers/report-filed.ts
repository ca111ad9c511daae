import {
  autoHideWindowSchema,
  festivalSchema,
  firestorePaths,
  moderationEntrySchema,
  photoSchema,
  reportIdFor,
  reportSchema,
  type DomainEvent,
} from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import { autoHideHour, countReport, type ReportOutcome } from '../domain/moderation.js';
import type { HidingWeight } from '../domain/reporter-trust.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readReputation, type ReputationDeps } from './reputation.js';
import { addToStats, refreshStats } from './stats.js';

export const MODERATE_REPORT = 'moderateReport';

/**
 * Counts one report on its photo's moderation entry, and hides a visible photo once
 * `reportHideThreshold` distinct reporters whose reports count towards hiding have reported
 * it (`hidingWeight`: verified, old enough, with a history, never refuted), within the
 * festival's `autoHidesPerFestivalHour` (past it, the photo is held for staff instead).
 *
 * Exactly once per report, whatever the event ids: the report document itself is marked
 * (`countedAt`) in the same transaction as the counts, so a redelivery, a duplicated
 * trigger or a report written again finds the mark and changes nothing. And once per
 * person per photo: only reports whose id is `reportIdFor(photo, reporter)` count (the
 * rules make every client report so; anything else was not filed by a person).
 *
 * The reporter's standing is read (Auth, their record, their favourites) outside the
 * transaction, as of the report's time, and recorded on the report with the mark.
 */
export async function handleReportFiled(deps: Pick<Deps, 'docs' | 'accounts' | 'now' | 'random' | 'settings'>, event: DomainEvent<'report.filed'>): Promise<void> {
  const { festivalId, photoId, reporterUid, reportId } = event.data;
  if (reportId !== reportIdFor(photoId, reporterUid)) {
    logs.reportIgnored({ festivalId, reportId, why: `a report's id must be ${reportIdFor(photoId, reporterUid)}` });
    return;
  }
  const now = deps.now();
  const reportAt = new Date(event.occurredAt);
  const weight = await reporterWeight(deps, reporterUid, reportAt);
  const hour = autoHideHour(now);
  const windowPath = firestorePaths.autoHideWindow(festivalId, hour);
  const reportPath = firestorePaths.report(festivalId, reportId);
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const entryPath = firestorePaths.moderationEntry(festivalId, photoId);
  let outcome: ReportOutcome | undefined;
  await deps.docs.transaction(async (tx) => {
    outcome = undefined;
    const [report, photo, entry, festival, window] = await tx.getAll([
      [reportPath, reportSchema],
      [photoPath, photoSchema],
      [entryPath, moderationEntrySchema],
      [firestorePaths.festival(festivalId), festivalSchema],
      [windowPath, autoHideWindowSchema],
    ]);
    if (!report || report.countedAt) return;
    const hidesLeft = deps.settings.autoHidesPerFestivalHour - (window?.hides ?? 0);
    outcome = countReport(entry, photoId, { reason: report.reason, weight, at: now }, photo?.status, deps.settings.reportHideThreshold, hidesLeft);
    tx.set(entryPath, outcome.entry);
    tx.set(reportPath, { countedAt: now, trustedReporter: weight.counts, ...(weight.counts ? {} : { notCountedBecause: weight.because }) }, { merge: true });
    if (outcome.hide) tx.set(windowPath, { hour, hides: (window?.hides ?? 0) + 1, updatedAt: now });
    if (photo) tx.set(photoPath, { reportCount: outcome.entry.reports, ...(outcome.hide ? { status: 'hidden', updatedAt: now } : {}) }, { merge: true });
    addToStats(tx, festivalId, shardIndex(deps.random), {
      reports: 1,
      ...(festival ? { daily: { timeZone: festival.timeZone, at: new Date(event.occurredAt), field: 'reports' } as const } : {}),
    });
  });
  if (!outcome) {
    logs.eventDuplicate({ subscriber: MODERATE_REPORT, eventId: event.id, reportId });
    return;
  }
  const { entry, hide, held } = outcome;
  const because = weight.counts ? 'counts' : weight.because;
  logs.reportCounted({ festivalId, photoId, reportId, trusted: weight.counts, because, reports: entry.reports, trustedReporters: entry.trustedReporters });
  if (hide) logs.photoAutoHidden({ festivalId, photoId, trustedReporters: entry.trustedReporters });
  if (held) logs.photoHeldForStaff({ festivalId, photoId, trustedReporters: entry.trustedReporters, why: 'auto-hide-cap', hour });
  await refreshStats(deps.docs, festivalId, now);
}

/** Whether the reporter's report counts towards hiding: their reputation at the report's time. */
async function reporterWeight(deps: ReputationDeps, uid: string, reportAt: Date): Promise<HidingWeight> {
  const { reputation } = await readReputation(deps, uid, reportAt);
  return reputation.established ? { counts: true } : { counts: false, because: reputation.because };
}
