import { firestorePaths, reportIdFor, reportLimitKeyFor, reportLimitSchema, type ReportReason } from '@encore/model';
import { doc, getDoc, runTransaction, serverTimestamp, type Timestamp } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';
import { timestampsToDates } from '../../../firebase/to-model';
import { planReportLimit } from '../report-limit';

/** This person has reported this photo already (the rules allow one report per person per photo). */
export class AlreadyReportedError extends Error {
  override readonly name = 'AlreadyReportedError';
}

/** This person has used up their reports for now. */
export class ReportLimitError extends Error {
  override readonly name = 'ReportLimitError';
  constructor(readonly retryAt: Date) {
    super(`Report limit reached until ${retryAt.toISOString()}`);
  }
}

/** Whether this person's report on the photo exists (they may read their own report, and only it). */
export async function hasReported(festivalId: string, photoId: string, uid: string): Promise<boolean> {
  return (await getDoc(doc(db(), firestorePaths.report(festivalId, reportIdFor(photoId, uid))))).exists();
}

export interface ReportInput {
  festivalId: string;
  photoId: string;
  uid: string;
  reason: ReportReason;
  details: string;
}

/**
 * Files a report the only way the rules accept one: under the id `{photoId}~{uid}`, in one
 * transaction with the move of the person's rate limit (`users/{uid}/limits/reports`), which
 * names the report with its festival (`reportLimitKeyFor`).
 */
export async function fileReport({ festivalId, photoId, uid, reason, details }: ReportInput): Promise<void> {
  const reportId = reportIdFor(photoId, uid);
  const lastReportId = reportLimitKeyFor(festivalId, photoId, uid);
  const reportRef = doc(db(), firestorePaths.report(festivalId, reportId));
  const limitRef = doc(db(), firestorePaths.reportLimit(uid));
  await runTransaction(db(), async (tx) => {
    const [report, limit] = await Promise.all([tx.get(reportRef), tx.get(limitRef)]);
    if (report.exists()) throw new AlreadyReportedError('You have reported this photo already.');
    const current = limit.exists() ? reportLimitSchema.parse(timestampsToDates(limit.data())) : null;
    // The window's start is written back exactly as stored (a Timestamp, to the microsecond).
    const windowStartsAt = limit.exists() ? (limit.get('windowStartsAt') as Timestamp) : null;
    const plan = planReportLimit(current, new Date());
    if (plan.kind === 'full') throw new ReportLimitError(plan.retryAt);
    tx.set(reportRef, { photoId, reporterUid: uid, reason, ...(details.trim() ? { details: details.trim().slice(0, 500) } : {}), createdAt: serverTimestamp() });
    tx.set(
      limitRef,
      plan.kind === 'open-window'
        ? { windowStartsAt: serverTimestamp(), count: 1, lastReportId, lastReportAt: serverTimestamp() }
        : { windowStartsAt, count: plan.count, lastReportId, lastReportAt: serverTimestamp() },
    );
  });
}
