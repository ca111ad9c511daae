import { firestorePaths, staffInviteSchema } from '@encore/model';
import { collection, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { appConfig } from '../../../config/firebase-config';
import { db } from '../../../firebase/firestore';
import { useLiveQuery } from '../../../firebase/live';

/**
 * The festival's pending invites, live: neither accepted nor revoked (expired ones included, so
 * the admin sees they lapsed). Equality filters only, so no composite index; newest first is
 * sorted in the page (an admin has a handful).
 */
export function useStaffInvites() {
  const pending = useMemo(
    () => query(collection(db(), firestorePaths.staffInvites(appConfig.festivalId)), where('acceptedBy', '==', null), where('revokedAt', '==', null)),
    [],
  );
  return useLiveQuery(pending, staffInviteSchema);
}
