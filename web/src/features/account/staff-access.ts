import { festivalAccess, projectAdminAccess, type FestivalCapability, type StaffAccess } from '@encore/model';
import type { SignedInAccount } from '../../firebase/auth';

/**
 * What the staff tools may do for this person, decided by the model's `festivalAccess` (the
 * decision the rules and the staff functions make too). Apart from AccountContext so only the
 * screens that ask (loaded later) carry it, not the programme page's first download.
 */

/** The project's admins (the `admin` claim): `granted` with a second factor, `second-factor-needed` without, else `not-staff`. */
export function staffAccessOf(account: SignedInAccount | null | undefined): StaffAccess {
  return account ? projectAdminAccess({ role: account.role, secondFactor: account.secondFactor }) : 'not-staff';
}

/**
 * `capability` in one festival: the project admin's claim, or `festivalRole` (the `role` of the
 * person's `festivals/{f}/staff/{uid}`, undefined when they have none; see use-festival-role.ts).
 */
export function festivalAccessOf(account: SignedInAccount | null | undefined, festivalRole: unknown, capability: FestivalCapability): StaffAccess {
  if (!account || account.anonymous) return 'not-staff';
  return festivalAccess({ role: account.role, secondFactor: account.secondFactor, festivalRole }, capability);
}
