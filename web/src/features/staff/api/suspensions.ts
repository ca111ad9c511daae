import { firestorePaths } from '@encore/model';
import { doc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { appConfig } from '../../../config/firebase-config';
import { db } from '../../../firebase/firestore';

/**
 * Suspending a person's uploads and reports in this festival, and lifting it, as the rules
 * allow it (firestore.rules, suspensions): staff with a second factor, in their own name, at
 * the server's time. Storage and Firestore rules then refuse the person's uploads and reports.
 */

const suspensionRef = (uid: string) => doc(db(), firestorePaths.suspension(appConfig.festivalId, uid));

/**
 * A new suspension, or a new one after a lift or its end: who, why, when, and until when
 * (`until`, null: until staff lift it; the person is told); nothing lifted yet.
 */
export function suspendUploader(uid: string, reason: string, staffUid: string, until: Date | null): Promise<void> {
  return setDoc(suspensionRef(uid), {
    active: true,
    reason: reason.trim(),
    suspendedBy: staffUid,
    suspendedAt: serverTimestamp(),
    liftedBy: null,
    liftedAt: null,
    until,
  });
}

/** Lifting keeps why and by whom it was made, and adds who lifted it and when. */
export function liftSuspension(uid: string, staffUid: string): Promise<void> {
  return updateDoc(suspensionRef(uid), { active: false, liftedBy: staffUid, liftedAt: serverTimestamp() });
}
