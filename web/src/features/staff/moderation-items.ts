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
  /** The latest report on it, or null when none was counted (a photo staff hid unreported). */
  lastReportAt: Date | null;
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
        lastReportAt: entry?.lastReportAt ?? null,
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

/** How staff order the queue: what needs a decision first (the default), newest, or most reported. */
export type QueueSort = 'priority' | 'newest' | 'most-reported';
export type QueueStatus = 'all' | 'visible' | 'hidden';

export interface QueueView {
  sort: QueueSort;
  status: QueueStatus;
  /** Only photos of this set; null: every photo (with or without a set). */
  performanceId: string | null;
}

export const DEFAULT_QUEUE_VIEW: QueueView = { sort: 'priority', status: 'all', performanceId: null };

/** When something last happened to the item: its latest report, or its upload when none was counted. */
const activityOf = (item: ModerationItem) => (item.lastReportAt ?? item.photo.createdAt).getTime();

/**
 * The queue as staff asked to see it: filtered by status and set, then sorted. `priority`
 * keeps moderationQueue's order; the others fall back on it for ties, so the order is stable.
 */
export function arrangeQueue(queue: readonly ModerationItem[], view: QueueView): ModerationItem[] {
  const rank = new Map(queue.map((item, index) => [item.photo.id, index]));
  const shown = queue.filter(
    (item) =>
      (view.status === 'all' || (view.status === 'hidden') === (item.photo.status === 'hidden')) &&
      (view.performanceId === null || item.photo.performanceId === view.performanceId),
  );
  const byPriority = (a: ModerationItem, b: ModerationItem) => rank.get(a.photo.id)! - rank.get(b.photo.id)!;
  switch (view.sort) {
    case 'priority':
      return shown;
    case 'newest':
      return shown.sort((a, b) => activityOf(b) - activityOf(a) || byPriority(a, b));
    case 'most-reported':
      return shown.sort((a, b) => b.reports - a.reports || b.trustedReporters - a.trustedReporters || byPriority(a, b));
  }
}

/** The sets photos in the queue belong to, for the set filter: each once, by how many photos it has. */
export function setsInQueue(queue: readonly ModerationItem[]): Array<{ performanceId: string; photos: number }> {
  const counts = new Map<string, number>();
  for (const { photo } of queue) if (photo.performanceId) counts.set(photo.performanceId, (counts.get(photo.performanceId) ?? 0) + 1);
  return [...counts].map(([performanceId, photos]) => ({ performanceId, photos })).sort((a, b) => b.photos - a.photos || a.performanceId.localeCompare(b.performanceId));
}
