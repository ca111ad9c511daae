import { festivalStaffSchema, firestorePaths } from '@encore/model';
import { collection } from 'firebase/firestore';
import { useMemo } from 'react';
import { appConfig } from '../../../config/firebase-config';
import { db } from '../../../firebase/firestore';
import { useLiveQuery } from '../../../firebase/live';

/** The festival's staff, live (`festivals/{f}/staff`: its admins read it all; the rules refuse anyone else). */
export function useTeam() {
  const staff = useMemo(() => collection(db(), firestorePaths.festivalStaff(appConfig.festivalId)), []);
  return useLiveQuery(staff, festivalStaffSchema);
}
