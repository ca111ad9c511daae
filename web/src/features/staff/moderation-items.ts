import type { Report, ReportReason } from '@encore/model';
import type { PhotoDoc } from '../photos/photo-types';

export interface ModerationItem {
  photo: PhotoDoc;
  /** Report reasons with how often each was given, most frequent first. */
  reasons: Array<{ reason: ReportReason; count: number }>;
  /** Free-text details reporters added, newest first. */
  details: string[];
}

/**
 * The queue: photos that are hidden or carry reports, one entry per photo, the most
 * reported first, hidden ones after the ones still visible (those need a decision first).
 */
export function moderationQueue(photos: readonly PhotoDoc[], reports: readonly Report[]): ModerationItem[] {
  const byPhoto = new Map<string, PhotoDoc>();
  for (const photo of photos) if (photo.status === 'hidden' || photo.reportCount > 0) byPhoto.set(photo.id, photo);
  return [...byPhoto.values()]
    .map((photo) => {
      const own = reports.filter((report) => report.photoId === photo.id).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
      const counts = new Map<ReportReason, number>();
      for (const report of own) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
      return {
        photo,
        reasons: [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
        details: own.flatMap((report) => (report.details ? [report.details] : [])),
      };
    })
    .sort(
      (a, b) =>
        Number(a.photo.status === 'hidden') - Number(b.photo.status === 'hidden') ||
        b.photo.reportCount - a.photo.reportCount ||
        b.photo.updatedAt.getTime() - a.photo.updatedAt.getTime(),
    );
}
