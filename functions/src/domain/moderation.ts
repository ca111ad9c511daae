import type { ModerationEntry, Moderator, PhotoStatus, ReportReason } from '@encore/model';

/**
 * Moderation by the crowd, bounded. Each photo's entry keeps counters only (reports,
 * trusted reporters, reports per reason), never the reports themselves, so it stays the
 * same size however many arrive. Reports are one per person per photo (their id says
 * whose, and the rules refuse a second), and the subscriber marks each report once it
 * has counted it, so every counter here moves once per person.
 *
 * A visible photo is hidden once `threshold` distinct trusted reporters have reported it,
 * once: after staff have restored a photo, reports no longer hide it by themselves.
 */

export interface CountedReport {
  reason: ReportReason;
  /** The reporter's account was trusted (see `reporter-trust.ts`) when the report was counted. */
  trusted: boolean;
  at: Date;
}

export interface ReportOutcome {
  entry: ModerationEntry;
  /** The photo should be hidden now. */
  hide: boolean;
}

export function newModerationEntry(photoId: string, now: Date): ModerationEntry {
  return {
    photoId,
    reports: 0,
    trustedReporters: 0,
    reasons: {},
    autoHiddenAt: null,
    autoHiddenAfter: null,
    decision: 'pending',
    decidedBy: null,
    decidedAt: null,
    lastReportAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The entry with one more report counted (the caller guarantees each report is counted once). */
export function countReport(current: ModerationEntry | undefined, photoId: string, report: CountedReport, photoStatus: PhotoStatus | undefined, threshold: number): ReportOutcome {
  const entry = current ?? newModerationEntry(photoId, report.at);
  const trustedReporters = entry.trustedReporters + (report.trusted ? 1 : 0);
  const hide = photoStatus === 'ready' && entry.autoHiddenAt === null && entry.decision !== 'restored' && trustedReporters >= threshold;
  return {
    hide,
    entry: {
      ...entry,
      reports: entry.reports + 1,
      trustedReporters,
      reasons: { ...entry.reasons, [report.reason]: (entry.reasons[report.reason] ?? 0) + 1 },
      lastReportAt: report.at,
      updatedAt: report.at,
      ...(hide ? { autoHiddenAt: report.at, autoHiddenAfter: trustedReporters } : {}),
    },
  };
}

export type StaffAction = 'hide' | 'restore';

/** Staff may hide a visible photo and restore a hidden one; anything else is refused. */
export function staffTransition(status: PhotoStatus, action: StaffAction): PhotoStatus | null {
  if (action === 'hide' && status === 'ready') return 'hidden';
  if (action === 'restore' && status === 'hidden') return 'ready';
  return null;
}

/** The entry with a staff decision recorded: what, by whom, when. Report counts stay. */
export function recordDecision(current: ModerationEntry | undefined, photoId: string, action: StaffAction, by: Moderator, now: Date): ModerationEntry {
  return { ...(current ?? newModerationEntry(photoId, now)), decision: action === 'hide' ? 'hidden' : 'restored', decidedBy: by, decidedAt: now, updatedAt: now };
}
