import { firestorePaths, hourStartIn, uploadRefusalsName, type RejectionCode } from '@encore/model';
import { localDay } from '../domain/daily.js';
import { increment, type DocTransaction } from '../platform/docs.js';

/**
 * One refused upload on the staff dashboard's figures (`stats/uploadRefusals-{day}`, issue
 * 39): its reason added to the hour it was uploaded in, on the festival's clock. A blind merge
 * of increments (no read), so refusals arriving together never conflict over the document; the
 * caller runs it in the transaction that marks the photo rejected, which makes it once per photo.
 */
export function countUploadRefusal(tx: Pick<DocTransaction, 'set'>, festivalId: string, uploadedAt: Date, timeZone: string, code: RejectionCode, now: Date): void {
  const day = localDay(uploadedAt, timeZone);
  const hour = hourStartIn(uploadedAt, timeZone).toISOString();
  tx.set(firestorePaths.stats(festivalId, uploadRefusalsName(day)), { day, hours: { [hour]: { [code]: increment(1) } }, updatedAt: now }, { merge: true });
}
