import { staffAccess, type StaffAccess } from '@encore/model';
import type { SignedInAccount } from '../../firebase/auth';

/**
 * What the staff tools may do for this person: `granted` to staff signed in with a second
 * factor (what the rules and the staff functions demand), `second-factor-needed` to staff
 * signed in without one, `not-staff` otherwise. Apart from AccountContext so only the
 * screens that ask (loaded later) carry it, not the programme page's first download.
 */
export function staffAccessOf(account: SignedInAccount | null | undefined): StaffAccess {
  return account ? staffAccess({ role: account.role, secondFactor: account.secondFactor }) : 'not-staff';
}
