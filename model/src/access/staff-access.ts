import { festivalRoleSchema, roleSchema, type FestivalRole } from '../schemas/role.js';

/**
 * What a signed-in person may do for a festival: the one decision the rules (`isStaffOf()` in
 * firestore.rules and storage.rules), the functions (`requireFestivalRole`) and the web app
 * (the staff console's gate) all make.
 *
 * Granted when the person signed in with a second factor (the ID token's
 * `firebase.sign_in_second_factor`: `phone` after an SMS code, `totp` after an authenticator
 * app) AND either holds the project's `admin` claim or a festival role
 * (`festivals/{f}/staff/{uid}`) whose capabilities include the one asked for. A role without the
 * factor is told to enrol and sign in with it.
 */
export type StaffAccess = 'granted' | 'second-factor-needed' | 'not-staff';

/** What a festival role may do. */
/** `help`: visitors' help requests (issue 36), for every role: whoever is on duty answers them. */
export const FESTIVAL_CAPABILITIES = ['manage', 'programme', 'announce', 'moderate', 'figures', 'help'] as const;
export type FestivalCapability = (typeof FESTIVAL_CAPABILITIES)[number];

export const ROLE_CAPABILITIES: Record<FestivalRole, readonly FestivalCapability[]> = {
  admin: FESTIVAL_CAPABILITIES,
  programme: ['programme', 'announce', 'figures', 'help'],
  moderator: ['moderate', 'figures', 'help'],
};

/** The festival roles that hold a capability (what firestore.rules lists per path). */
export function rolesWith(capability: FestivalCapability): FestivalRole[] {
  return festivalRoleSchema.options.filter((role) => ROLE_CAPABILITIES[role].includes(capability));
}

export interface StaffClaims {
  /** The `role` custom claim, as the token carries it (anything: only `admin` counts). */
  role: unknown;
  /** The token's `firebase.sign_in_second_factor`; absent or null after a password-only sign-in. */
  secondFactor: unknown;
}

const hasSecondFactor = (secondFactor: unknown) => typeof secondFactor === 'string' && secondFactor.length > 0;

/** The project's admins (the `admin` claim): create festivals, act as admin of every festival. */
export function projectAdminAccess({ role, secondFactor }: StaffClaims): StaffAccess {
  if (!roleSchema.safeParse(role).success) return 'not-staff';
  return hasSecondFactor(secondFactor) ? 'granted' : 'second-factor-needed';
}

export interface FestivalStaffClaims extends StaffClaims {
  /** The `role` of the person's `festivals/{f}/staff/{uid}` document; undefined when there is none. */
  festivalRole: unknown;
}

/** Whether the person may use `capability` on the festival whose staff document gave `festivalRole`. */
export function festivalAccess(claims: FestivalStaffClaims, capability: FestivalCapability): StaffAccess {
  if (projectAdminAccess(claims) !== 'not-staff') return projectAdminAccess(claims);
  const festivalRole = festivalRoleSchema.safeParse(claims.festivalRole);
  if (!festivalRole.success || !ROLE_CAPABILITIES[festivalRole.data].includes(capability)) return 'not-staff';
  return hasSecondFactor(claims.secondFactor) ? 'granted' : 'second-factor-needed';
}
