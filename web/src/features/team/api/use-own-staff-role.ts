import { festivalStaffSchema, firestorePaths } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { appConfig } from '../../../config/firebase-config';
import { db } from '../../../firebase/firestore';
import { useLiveDocument } from '../../../firebase/live';

/** The signed-in person's own role in this festival (`festivals/{f}/staff/{uid}`, which they may read), live. */
export function useOwnStaffRole(uid: string | null) {
  const ref = useMemo(() => (uid ? doc(db(), firestorePaths.festivalStaffMember(appConfig.festivalId, uid)) : null), [uid]);
  return useLiveDocument(ref, festivalStaffSchema);
}
