import { festivalSchema, firestorePaths, moderationEntrySchema, photoSchema, reportIdFor, reportSchema, type DomainEvent } from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import { countReport, type ReportOutcome } from '../domain/moderation.js';
import { reporterStanding } from '../domain/reporter-trust.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { addToStats, refreshStats } from './stats.js';

export const MODERATE_REPORT = 'moderateReport';

/**
 * Counts one report on its photo's moderation entry, and hides a visible photo once
 * `reportHideThreshold` distinct trusted reporters have reported it.
 *
 * Exactly once per report, whatever the event ids: the report document itself is marked
 * (`countedAt`) in the same transaction as the counts, so a redelivery, a duplicated
 * trigger or a report written again finds the mark and changes nothing. And once per
 * person per photo: only reports whose id is `reportIdFor(photo, reporter)` count (the
 * rules make every client report so; anything else was not filed by a person).
 *
 * Whether the reporter is trusted is read from Auth now (outside the transaction: Auth is
 * not part of it) and recorded on the report with the mark.
 */
export async function handleReportFiled(deps: Pick<Deps, 'docs' | 'accounts' | 'now' | 'random' | 'settings'>, event: DomainEvent<'report.filed'>): Promise<void> {
  const { festivalId, photoId, reporterUid, reportId } = event.data;
  if (reportId !== reportIdFor(photoId, reporterUid)) {
    logs.reportIgnored({ festivalId, reportId, why: `a report's id must be ${reportIdFor(photoId, reporterUid)}` });
    return;
  }
  const now = deps.now();
  const standing = reporterStanding(await deps.accounts.find(reporterUid), now, deps.settings.reporterMinAccountAgeDays);
  const reportPath = firestorePaths.report(festivalId, reportId);
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const entryPath = firestorePaths.moderationEntry(festivalId, photoId);
  let outcome: ReportOutcome | undefined;
  await deps.docs.transaction(async (tx) => {
    outcome = undefined;
    const [report, photo, entry, festival] = await tx.getAll([
      [reportPath, reportSchema],
      [photoPath, photoSchema],
      [entryPath, moderationEntrySchema],
      [firestorePaths.festival(festivalId), festivalSchema],
    ]);
    if (!report || report.countedAt) return;
    outcome = countReport(entry, photoId, { reason: report.reason, trusted: standing.trusted, at: now }, photo?.status, deps.settings.reportHideThreshold);
    tx.set(entryPath, outcome.entry);
    tx.set(reportPath, { countedAt: now, trustedReporter: standing.trusted }, { merge: true });
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
  const { entry, hide } = outcome;
  logs.reportCounted({ festivalId, photoId, reportId, trusted: standing.trusted, because: standing.because, reports: entry.reports, trustedReporters: entry.trustedReporters });
  if (hide) logs.photoAutoHidden({ festivalId, photoId, trustedReporters: entry.trustedReporters });
  await refreshStats(deps.docs, festivalId, now);
}
