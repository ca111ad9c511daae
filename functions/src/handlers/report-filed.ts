import { firestorePaths, photoStatusSchema, type DomainEvent } from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import { applyReport, type ModerationEntry } from '../domain/moderation.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { onceInTransaction } from './once.js';
import { addToStats, refreshStats } from './stats.js';

export const MODERATE_REPORT = 'moderateReport';

export const moderationPath = (festivalId: string, photoId: string) => `festivals/${festivalId}/moderation/${photoId}`;

/**
 * A report creates (or adds to) the photo's moderation entry; with reports from
 * `reportHideThreshold` distinct people a visible photo is hidden until staff decide.
 */
export async function handleReportFiled(deps: Pick<Deps, 'docs' | 'now' | 'random' | 'settings'>, event: DomainEvent<'report.filed'>): Promise<void> {
  const { festivalId, photoId, reporterUid, reason, reportId } = event.data;
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const entryPath = moderationPath(festivalId, photoId);
  const now = deps.now();
  let outcome: ReturnType<typeof applyReport> | undefined;
  await onceInTransaction(deps.docs, MODERATE_REPORT, event.id, now, async (tx) => {
    const [photo, entry, festival] = await tx.getAll([photoPath, entryPath, firestorePaths.festival(festivalId)]);
    const status = photoStatusSchema.safeParse(photo?.status);
    outcome = applyReport(entry as ModerationEntry | undefined, reporterUid, reason, status.success ? status.data : undefined, deps.settings.reportHideThreshold);
    tx.set(entryPath, {
      photoId,
      ...outcome.entry,
      reportIds: [...new Set([...((entry?.reportIds as string[] | undefined) ?? []), reportId])],
      distinctReporters: outcome.distinctReporters,
      decision: entry?.decision ?? 'pending',
      updatedAt: now,
      createdAt: entry?.createdAt ?? now,
    });
    if (photo) tx.set(photoPath, { reportCount: outcome.distinctReporters, ...(outcome.hide ? { status: 'hidden', updatedAt: now } : {}) }, { merge: true });
    addToStats(tx, festivalId, shardIndex(deps.random), {
      reports: 1,
      ...(typeof festival?.timeZone === 'string' ? { daily: { timeZone: festival.timeZone, at: new Date(event.occurredAt), field: 'reports' } as const } : {}),
    });
  });
  if (outcome) {
    logs.reportFiled({ festivalId, photoId, reportId, distinctReporters: outcome.distinctReporters });
    if (outcome.hide) logs.photoAutoHidden({ festivalId, photoId, distinctReporters: outcome.distinctReporters });
  }
  await refreshStats(deps.docs, festivalId, now);
}
