import type { PhotoStatus, ReportReason } from '@encore/model';

/**
 * A moderation entry per reported photo collects its reporters; once `threshold`
 * distinct people have reported a visible photo it is hidden until staff decide.
 */
export interface ModerationEntry {
  reporters: Record<string, ReportReason>;
  autoHidden: boolean;
}

export interface ReportOutcome {
  entry: ModerationEntry;
  distinctReporters: number;
  /** The photo should be hidden now. */
  hide: boolean;
}

export function applyReport(entry: ModerationEntry | undefined, reporterUid: string, reason: ReportReason, photoStatus: PhotoStatus | undefined, threshold: number): ReportOutcome {
  const reporters = { ...(entry?.reporters ?? {}), [reporterUid]: reason };
  const distinctReporters = Object.keys(reporters).length;
  const hide = photoStatus === 'ready' && distinctReporters >= threshold && !(entry?.autoHidden ?? false);
  return { entry: { reporters, autoHidden: (entry?.autoHidden ?? false) || hide }, distinctReporters, hide };
}

export type StaffAction = 'hide' | 'restore';

/** Staff may hide a visible photo and restore a hidden one; anything else is refused. */
export function staffTransition(status: PhotoStatus, action: StaffAction): PhotoStatus | null {
  if (action === 'hide' && status === 'ready') return 'hidden';
  if (action === 'restore' && status === 'hidden') return 'ready';
  return null;
}
