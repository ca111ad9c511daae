import { firestorePaths } from '@encore/model';
import { deleteField, doc, updateDoc } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';
import type { FestivalPatch } from '../festival-patch';

/**
 * Writes the changed fields to `festivals/{festivalId}` (the rules let its admins update it and
 * check the whole result with `validFestival`). `updateDoc` touches only the fields named, so
 * what the form does not own stays. Resolves when the server has it; offline, the write waits
 * in the SDK's queue and the listener shows it at once as a pending write.
 */
export function saveFestival(festivalId: string, patch: FestivalPatch): Promise<void> {
  const data: Record<string, unknown> = { ...patch.set };
  for (const field of patch.remove) data[field] = deleteField();
  return updateDoc(doc(db(), firestorePaths.festival(festivalId)), data);
}
