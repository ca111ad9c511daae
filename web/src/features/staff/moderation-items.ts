import type { ModerationEntry, NotCountedBecause, Report, ReportReason } from '@encore/model';
import type { WithId } from '../../firebase/to-model';
import type { PhotoDoc } from '../photos/photo-types';

/** Why a hidden photo is hidden, or who put one back. */
export type ModerationState =
  | { kind: 'visible' }
  | { kind: 'auto-hidden'; trustedReporters: number; at: Date }
  | { kind: 'hidden-by-staff'; by: string; at: Date }
  | { kind: 'restored-by-staff'; by: string; at: Date }
  /** Hidden, with no record of why (hidden before moderation entries existed). */
  | { kind: 'hidden' };

export interface ModerationItem {
  photo: PhotoDoc;
  state: ModerationState;
  /** Reports counted: one per person. */
  reports: number;
  /** Of those, from accounts trusted when they reported (only they can hide a photo). */
  trustedReporters: number;
  /** Reports that did not count towards hiding, by why (a new account, no history, ...), most frequent first. */
  notCounted: Array<{ because: NotCountedBecause; count: number }>;
  /** When reports would have hidden it but the festival's automatic hides for the hour were used up: it waits for staff. */
  heldAt: Date | null;
  /** Report reasons with how often each was given, most frequent first. */
  reasons: Array<{ reason: ReportReason; count: number }>;
  /** Free-text details reporters added, newest first. */
  details: string[];
}

function stateOf(photo: PhotoDoc, entry: ModerationEntry | undefined): ModerationState {
  const by = entry?.decidedBy ? (entry.decidedBy.name ?? entry.decidedBy.uid) : null;
  if (photo.status === 'hidden') {
    if (entry?.decision === 'hidden' && by && entry.decidedAt) return { kind: 'hidden-by-staff', by, at: entry.decidedAt };
    if (entry?.autoHiddenAt && entry.autoHiddenAfter !== null) return { kind: 'auto-hidden', trustedReporters: entry.autoHiddenAfter, at: entry.autoHiddenAt };
    return { kind: 'hidden' };
  }
  if (entry?.decision === 'restored' && by && entry.decidedAt) return { kind: 'restored-by-staff', by, at: entry.decidedAt };
  return { kind: 'visible' };
}

/**
 * The queue: photos that are hidden or carry reports, one entry per photo, with what their
 * moderation entry says (counts, reasons, who decided). Visible reported photos first (they
 * need a decision), the most trusted reporters first; hidden ones after.
 */
export function moderationQueue(photos: readonly PhotoDoc[], entries: ReadonlyArray<WithId<ModerationEntry>>, reports: readonly Report[]): ModerationItem[] {
  const byPhoto = new Map<string, PhotoDoc>();
  for (const photo of photos) if (photo.status === 'hidden' || photo.reportCount > 0) byPhoto.set(photo.id, photo);
  const entryOf = new Map(entries.map((entry) => [entry.id, entry]));
  return [...byPhoto.values()]
    .map((photo): ModerationItem => {
      const entry = entryOf.get(photo.id);
      const reasons = Object.entries(entry?.reasons ?? {}) as Array<[ReportReason, number]>;
      const notCounted = Object.entries(entry?.notCounted ?? {}) as Array<[NotCountedBecause, number]>;
      return {
        photo,
        state: stateOf(photo, entry),
        reports: entry?.reports ?? photo.reportCount,
        trustedReporters: entry?.trustedReporters ?? 0,
        notCounted: notCounted.map(([because, count]) => ({ because, count })).sort((a, b) => b.count - a.count || a.because.localeCompare(b.because)),
        heldAt: photo.status === 'hidden' ? null : (entry?.heldAt ?? null),
        reasons: reasons.map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        details: reports
          .filter((report) => report.photoId === photo.id && report.details)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .map((report) => report.details!),
      };
    })
    .sort(
      (a, b) =>
        Number(a.photo.status === 'hidden') - Number(b.photo.status === 'hidden') ||
        b.trustedReporters - a.trustedReporters ||
        b.reports - a.reports ||
        b.photo.updatedAt.getTime() - a.photo.updatedAt.getTime(),
    );
}
