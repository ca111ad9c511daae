import { firestorePaths, venueMapSchema } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';

/**
 * The festival's venue map, live; from Firestore's offline cache when there is no network
 * (the document is small: one read brings every marker and route).
 */
export function useVenueMap() {
  const ref = useMemo(() => doc(db(), firestorePaths.venueMap(appConfig.festivalId)), []);
  return useLiveDocument(ref, venueMapSchema);
}
