import type { ModerationEntry, Moderator, NotCountedBecause, PhotoStatus, ReportReason } from '@encore/model';

/**
 * Moderation by the crowd, bounded. Each photo's entry keeps counters only (reports,
 * trusted reporters, reports per reason), never the reports themselves, so it stays the
 * same size however many arrive. Reports are one per person per photo (their id says
 * whose, and the rules refuse a second), and the subscriber marks each report once it
 * has counted it, so every counter here moves once per person.
 *
 * A visible photo is hidden once `threshold` distinct reporters whose reports count (see
 * `hidingWeight` in reporter-trust.ts) have reported it, once: after staff have restored a
 * photo, reports no longer hide it by themselves. And at most `AUTO_HIDES_PER_FESTIVAL_HOUR`
 * photos a festival-hour: past that, a photo that would be hidden is held for staff instead
 * (`heldAt`, `heldBecause`), so even a crowd that earned its standing cannot empty the wall.
 */

export interface CountedReport {
  reason: ReportReason;
  /** The report counts towards hiding (`hidingWeight`), or why not. */
  weight: { counts: true } | { counts: false; because: NotCountedBecause };
  at: Date;
}

export interface ReportOutcome {
  entry: ModerationEntry;
  /** The photo should be hidden now. */
  hide: boolean;
  /** Enough reports counted, but the festival's automatic hides for this hour are used up. */
  held: boolean;
}

/** The UTC hour an automatic hide is counted in (`festivals/{f}/autoHides/{hour}`). */
export function autoHideHour(at: Date): string {
  return at.toISOString().slice(0, 13);
}

export function newModerationEntry(photoId: string, now: Date): ModerationEntry {
  return {
    photoId,
    reports: 0,
    trustedReporters: 0,
    reasons: {},
    autoHiddenAt: null,
    autoHiddenAfter: null,
    notCounted: {},
    heldAt: null,
    heldBecause: null,
    decision: 'pending',
    decidedBy: null,
    decidedAt: null,
    lastReportAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The entry with one more report counted (the caller guarantees each report is counted once).
 * `hidesLeft`: the automatic hides the festival has left in this hour.
 */
export function countReport(
  current: ModerationEntry | undefined,
  photoId: string,
  report: CountedReport,
  photoStatus: PhotoStatus | undefined,
  threshold: number,
  hidesLeft: number,
): ReportOutcome {
  const entry = current ?? newModerationEntry(photoId, report.at);
  const { weight } = report;
  const trustedReporters = entry.trustedReporters + (weight.counts ? 1 : 0);
  const notCounted = weight.counts ? (entry.notCounted ?? {}) : { ...entry.notCounted, [weight.because]: (entry.notCounted?.[weight.because] ?? 0) + 1 };
  const due = photoStatus === 'ready' && entry.autoHiddenAt === null && entry.decision !== 'restored' && trustedReporters >= threshold;
  const hide = due && hidesLeft > 0;
  const held = due && !hide;
  return {
    hide,
    held,
    entry: {
      ...entry,
      reports: entry.reports + 1,
      trustedReporters,
      reasons: { ...entry.reasons, [report.reason]: (entry.reasons[report.reason] ?? 0) + 1 },
      notCounted,
      heldAt: entry.heldAt ?? null,
      heldBecause: entry.heldBecause ?? null,
      lastReportAt: report.at,
      updatedAt: report.at,
      ...(hide ? { autoHiddenAt: report.at, autoHiddenAfter: trustedReporters } : {}),
      ...(held && !entry.heldAt ? { heldAt: report.at, heldBecause: 'auto-hide-cap' as const } : {}),
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
