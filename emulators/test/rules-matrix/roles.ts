/**
 * The eight kinds of caller the matrix asks as. Uids are fixed so the tables can name whose
 * data a row touches: `vera` (the visitor) owns the personal data under test, `otto` is
 * another signed-in user, `anna` is signed in anonymously. Every account has a verified
 * email (so may report photos); the attacks table adds the unverified and the claim-holder.
 *
 * Staff and admins ask twice: signed in with a second factor (`staff`, `admin`: the token's
 * `firebase.sign_in_second_factor` is `phone`, as the Auth emulator and production write it
 * after an SMS code), and the same accounts signed in with their password alone
 * (`staffNoFactor`, `adminNoFactor`), who must get nothing a visitor does not.
 */
export const ROLES = ['signedOut', 'anonymous', 'visitor', 'otherUser', 'staff', 'admin', 'staffNoFactor', 'adminNoFactor'] as const;
export type Role = (typeof ROLES)[number];

const password = { sign_in_provider: 'password', identities: {} };
/** What a sign-in that used an SMS code adds to the token's `firebase` claim. */
const smsFactor = { sign_in_second_factor: 'phone', second_factor_identifier: 'enrolment-1' };

/** `authenticatedContext(uid, claims)` arguments per role; signed out has none. */
export const IDENTITIES: Record<Exclude<Role, 'signedOut'>, { uid: string; claims: Record<string, unknown> }> = {
  anonymous: { uid: 'anna', claims: { firebase: { sign_in_provider: 'anonymous', identities: {} } } },
  visitor: { uid: 'vera', claims: { email: 'vera@example.com', email_verified: true, firebase: password } },
  otherUser: { uid: 'otto', claims: { email: 'otto@example.com', email_verified: true, firebase: { sign_in_provider: 'google.com', identities: {} } } },
  staff: { uid: 'sam', claims: { role: 'staff', email: 'sam@example.com', email_verified: true, firebase: { ...password, ...smsFactor } } },
  admin: { uid: 'ada', claims: { role: 'admin', email: 'ada@example.com', email_verified: true, firebase: { ...password, ...smsFactor } } },
  staffNoFactor: { uid: 'sam', claims: { role: 'staff', email: 'sam@example.com', email_verified: true, firebase: password } },
  adminNoFactor: { uid: 'ada', claims: { role: 'admin', email: 'ada@example.com', email_verified: true, firebase: password } },
};

/**
 * Callers only some attacks need: a password account whose email is not verified, with and
 * without the claim the backend grants old accounts; a visitor who enrolled a second factor
 * (a factor is no role); staff who used an authenticator app (production's TOTP).
 */
export const EXTRA_IDENTITIES = {
  unverified: { uid: 'uma', claims: { email: 'uma@example.com', email_verified: false, firebase: password } },
  oldAccount: { uid: 'olaf', claims: { email: 'olaf@example.com', email_verified: false, trustedReporter: true, firebase: password } },
  visitorWithFactor: { uid: 'vic', claims: { email: 'vic@example.com', email_verified: true, firebase: { ...password, ...smsFactor } } },
  staffWithTotp: { uid: 'tom', claims: { role: 'staff', email: 'tom@example.com', email_verified: true, firebase: { ...password, sign_in_second_factor: 'totp', second_factor_identifier: 'enrolment-2' } } },
};

// Who may: the groups the policy tables are written in.
export const EVERYONE: readonly Role[] = ROLES;
export const NOBODY: readonly Role[] = [];
export const SIGNED_IN: readonly Role[] = ['anonymous', 'visitor', 'otherUser', 'staff', 'admin', 'staffNoFactor', 'adminNoFactor'];
/** Signed in with a real (non-anonymous) account. */
export const ACCOUNTS: readonly Role[] = ['visitor', 'otherUser', 'staff', 'admin', 'staffNoFactor', 'adminNoFactor'];
/** Staff and admins signed in with a second factor; without one they are only ACCOUNTS. */
export const STAFF: readonly Role[] = ['staff', 'admin'];
/** Only the owner of the data under test (vera). */
export const OWNER: readonly Role[] = ['visitor'];
export const OWNER_AND_STAFF: readonly Role[] = ['visitor', 'staff', 'admin'];

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** One row of a policy table: for each operation, the roles it is allowed to. */
export type Policy = Record<Operation, readonly Role[]>;
