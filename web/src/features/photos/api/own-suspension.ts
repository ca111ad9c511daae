import { firestorePaths, isSuspendedAt, uploaderSuspensionSchema, type UploaderSuspension } from '@encore/model';
import { doc, getDoc, type DocumentReference } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';
import { toModel } from '../../../firebase/to-model';

/**
 * The signed-in person's own suspension in a festival (festivals/{f}/suspensions/{uid}): the
 * rules let them read it (issue 36), so the upload page and the report dialog tell them they
 * are suspended and until when, instead of a refusal that names some other cause.
 */
export function ownSuspensionRef(festivalId: string, uid: string): DocumentReference {
  return doc(db(), firestorePaths.suspension(festivalId, uid));
}

/** Their suspension if it holds now (active, and not past its `until`); undefined otherwise. */
export async function fetchOwnSuspension(festivalId: string, uid: string, now = new Date()): Promise<UploaderSuspension | undefined> {
  const snapshot = await getDoc(ownSuspensionRef(festivalId, uid));
  if (!snapshot.exists()) return undefined;
  const suspension = toModel(snapshot, uploaderSuspensionSchema);
  if (suspension instanceof Error) throw suspension;
  return isSuspendedAt(suspension, now) ? suspension : undefined;
}
