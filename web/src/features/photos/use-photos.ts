import { firestorePaths, photoSchema } from '@encore/model';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';

const WALL_SIZE = 60;

/**
 * Ready photos, newest first: the festival's wall, or one performance's. Needs the composite
 * indexes (status, createdAt desc) and (performanceId, status, createdAt desc).
 */
export function useReadyPhotos(performanceId: string | null) {
  const festivalId = appConfig.festivalId;
  const photosQuery = useMemo(() => {
    const photos = collection(db(), firestorePaths.photos(festivalId));
    const filters = [where('status', '==', 'ready'), ...(performanceId ? [where('performanceId', '==', performanceId)] : [])];
    return query(photos, ...filters, orderBy('createdAt', 'desc'), limit(WALL_SIZE));
  }, [festivalId, performanceId]);
  return useLiveQuery(photosQuery, photoSchema);
}
