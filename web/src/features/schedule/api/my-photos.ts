import { firestorePaths, photoSchema } from '@encore/model';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { db } from '../../../firebase/firestore';
import { useLiveQuery } from '../../../firebase/live';

/** How many of one's own photos "What I saw" shows, newest uploads first (one read each). */
export const MY_PHOTOS_LIMIT = 200;

/**
 * The person's own photos of this festival (`festivals/{f}/photos` where `uploaderUid` is
 * theirs; index uploaderUid, createdAt desc; the rules let an uploader list their own). A live
 * query, so the SDK's cache answers it offline once it was read online.
 */
export function useMyPhotos(festivalId: string, uid: string | null) {
  const mine = useMemo(
    () => (uid ? query(collection(db(), firestorePaths.photos(festivalId)), where('uploaderUid', '==', uid), orderBy('createdAt', 'desc'), limit(MY_PHOTOS_LIMIT)) : null),
    [festivalId, uid],
  );
  return useLiveQuery(mine, photoSchema);
}
