import { firestorePaths, type DelayChoice, type SetShift } from '@encore/model';
import { collection, deleteField, doc, serverTimestamp, writeBatch } from 'firebase/firestore';
import { db } from '../../firebase/firestore';

/**
 * The console's writes for a stage running late (issue 36): each ONE batch, so it is checked
 * by the rules as a whole (firestore.rules, delayMove/delayUndo) and queues as a whole on a
 * phone without a connection. The promises settle when the server has the batch; the
 * programme shows it at once from the local cache.
 */

/** A fresh delay id (a Firestore auto id, made offline too). */
export function newDelayId(festivalId: string): string {
  return doc(collection(db(), firestorePaths.delays(festivalId))).id;
}

export function commitDelay(
  festivalId: string,
  delayId: string,
  choice: DelayChoice,
  plan: { shifts: SetShift[]; previousDelayIds: Record<string, string> },
  uid: string,
): Promise<void> {
  const batch = writeBatch(db());
  batch.set(doc(db(), firestorePaths.delay(festivalId, delayId)), {
    stageId: choice.stageId,
    day: choice.day,
    minutes: choice.minutes,
    ...(choice.fromPerformanceId !== undefined ? { fromPerformanceId: choice.fromPerformanceId } : {}),
    performanceIds: plan.shifts.map((shift) => shift.performanceId),
    ...(Object.keys(plan.previousDelayIds).length > 0 ? { previousDelayIds: plan.previousDelayIds } : {}),
    createdAt: serverTimestamp(),
    createdBy: uid,
    status: 'active',
  });
  for (const shift of plan.shifts) {
    batch.update(doc(db(), firestorePaths.performance(festivalId, shift.performanceId)), {
      startsAt: shift.startsAt,
      endsAt: shift.endsAt,
      scheduled: shift.scheduled,
      delayId: shift.delayId,
    });
  }
  return batch.commit();
}

export function commitUndo(festivalId: string, delayId: string, shifts: readonly SetShift[], uid: string): Promise<void> {
  const batch = writeBatch(db());
  batch.update(doc(db(), firestorePaths.delay(festivalId, delayId)), { status: 'undone', undoneAt: serverTimestamp(), undoneBy: uid });
  for (const shift of shifts) {
    batch.update(doc(db(), firestorePaths.performance(festivalId, shift.performanceId)), {
      startsAt: shift.startsAt,
      endsAt: shift.endsAt,
      scheduled: shift.scheduled ?? deleteField(),
      delayId: shift.delayId ?? deleteField(),
    });
  }
  return batch.commit();
}
