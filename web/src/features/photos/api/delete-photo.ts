import { firestorePaths } from '@encore/model';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';

/**
 * The uploader deletes their photo: the rules let them mark it `deleted` with
 * `deleteRequestedAt` (it leaves every wall with this write), and functions then remove its
 * renditions, reactions and document (functions/src/handlers/photo-deleted.ts).
 */
export function deleteMyPhoto(festivalId: string, photoId: string): Promise<void> {
  return updateDoc(doc(db(), firestorePaths.photo(festivalId, photoId)), {
    status: 'deleted',
    deleteRequestedAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  });
}
