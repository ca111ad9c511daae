import { useEffect } from 'react';
import { appConfig } from '../../config/firebase-config';
import type { SignedInAccount } from '../../firebase/auth';
import { isStaff, rememberStaffRole } from './staff-hint';
import { useFestivalRole } from './use-festival-role';

/**
 * Whether the menu offers the staff console to someone signed in who is no project admin: yes
 * when this device saw them hold a role in the festival shown (staff-hint.ts), else asked once
 * when they signed in with a second factor, so it shows on a device where they never opened the
 * console. Only such sign-ins pay the read: visitors have no second factor. Loaded after the first
 * content (app/LayoutLater.tsx), so the first visit carries none of it.
 */
export default function StaffRoleProbe({ account, onKnown }: { account: SignedInAccount; onKnown(hasRole: boolean): void }) {
  const hinted = isStaff(account);
  useEffect(() => {
    if (hinted) onKnown(true);
  }, [hinted, onKnown]);
  return hinted || !account.secondFactor ? null : <AskRole account={account} onKnown={onKnown} />;
}

function AskRole({ account, onKnown }: { account: SignedInAccount; onKnown(hasRole: boolean): void }) {
  const festivalId = appConfig.festivalId;
  const role = useFestivalRole(festivalId, account);
  useEffect(() => {
    if (role.status !== 'ready') return;
    rememberStaffRole(account.uid, festivalId, role.role !== null);
    onKnown(role.role !== null);
  }, [account.uid, festivalId, onKnown, role.role, role.status]);
  return null;
}
