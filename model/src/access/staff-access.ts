import { roleSchema } from '../schemas/role.js';

/**
 * Whether a signed-in person may act as staff, the one decision the rules
 * (`isStaff()` in firestore.rules and storage.rules), the functions (`requireStaff`) and
 * the web app (the staff console's gate) all make: the `role` custom claim says staff or
 * admin AND this sign-in used a second factor (the ID token's
 * `firebase.sign_in_second_factor`: `phone` after an SMS code, `totp` after an
 * authenticator app). A role without the factor is told to enrol and sign in with it.
 */
export type StaffAccess = 'granted' | 'second-factor-needed' | 'not-staff';

export interface StaffClaims {
  /** The `role` custom claim, as the token carries it (anything: only staff and admin count). */
  role: unknown;
  /** The token's `firebase.sign_in_second_factor`; absent or null after a password-only sign-in. */
  secondFactor: unknown;
}

export function staffAccess({ role, secondFactor }: StaffClaims): StaffAccess {
  if (!roleSchema.safeParse(role).success) return 'not-staff';
  return typeof secondFactor === 'string' && secondFactor.length > 0 ? 'granted' : 'second-factor-needed';
}
