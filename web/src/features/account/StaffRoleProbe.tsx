import { useEffect } from 'react';
import { appConfig } from '../../config/firebase-config';
import type { SignedInAccount } from '../../firebase/auth';
import { rememberStaffRole } from './staff-hint';
import { useFestivalRole } from './use-festival-role';

/**
 * Asks once whether someone who signed in with a second factor holds a role in the festival
 * shown, so the menu offers the console on a device where they never opened it (staff-hint.ts).
 * Only such sign-ins pay the read: visitors have no second factor, and a project admin's claim
 * says it already. A chunk of its own (app/Layout.tsx), after the first paint.
 */
export default function StaffRoleProbe({ account, onKnown }: { account: SignedInAccount; onKnown(hasRole: boolean): void }) {
  const festivalId = appConfig.festivalId;
  const role = useFestivalRole(festivalId, account);
  useEffect(() => {
    if (role.status !== 'ready') return;
    rememberStaffRole(account.uid, festivalId, role.role !== null);
    onKnown(role.role !== null);
  }, [account.uid, festivalId, onKnown, role.role, role.status]);
  return null;
}
