/**
 * The six kinds of caller the matrix asks as. Uids are fixed so the tables can name whose
 * data a row touches: `vera` (the visitor) owns the personal data under test, `otto` is
 * another signed-in user, `anna` is signed in anonymously. Every account has a verified
 * email (so may report photos); the attacks table adds the unverified and the claim-holder.
 */
export const ROLES = ['signedOut', 'anonymous', 'visitor', 'otherUser', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** `authenticatedContext(uid, claims)` arguments per role; signed out has none. */
export const IDENTITIES: Record<Exclude<Role, 'signedOut'>, { uid: string; claims: Record<string, unknown> }> = {
  anonymous: { uid: 'anna', claims: { firebase: { sign_in_provider: 'anonymous', identities: {} } } },
  visitor: { uid: 'vera', claims: { email: 'vera@example.com', email_verified: true, firebase: { sign_in_provider: 'password', identities: {} } } },
  otherUser: { uid: 'otto', claims: { email: 'otto@example.com', email_verified: true, firebase: { sign_in_provider: 'google.com', identities: {} } } },
  staff: { uid: 'sam', claims: { role: 'staff', email: 'sam@example.com', email_verified: true, firebase: { sign_in_provider: 'password', identities: {} } } },
  admin: { uid: 'ada', claims: { role: 'admin', email: 'ada@example.com', email_verified: true, firebase: { sign_in_provider: 'password', identities: {} } } },
};

/** Callers only some attacks need: a password account whose email is not verified, with and without the claim the backend grants old accounts. */
export const EXTRA_IDENTITIES = {
  unverified: { uid: 'uma', claims: { email: 'uma@example.com', email_verified: false, firebase: { sign_in_provider: 'password', identities: {} } } },
  oldAccount: { uid: 'olaf', claims: { email: 'olaf@example.com', email_verified: false, trustedReporter: true, firebase: { sign_in_provider: 'password', identities: {} } } },
};

// Who may: the groups the policy tables are written in.
export const EVERYONE: readonly Role[] = ROLES;
export const NOBODY: readonly Role[] = [];
export const SIGNED_IN: readonly Role[] = ['anonymous', 'visitor', 'otherUser', 'staff', 'admin'];
/** Signed in with a real (non-anonymous) account. */
export const ACCOUNTS: readonly Role[] = ['visitor', 'otherUser', 'staff', 'admin'];
export const STAFF: readonly Role[] = ['staff', 'admin'];
/** Only the owner of the data under test (vera). */
export const OWNER: readonly Role[] = ['visitor'];
export const OWNER_AND_STAFF: readonly Role[] = ['visitor', 'staff', 'admin'];

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** One row of a policy table: for each operation, the roles it is allowed to. */
export type Policy = Record<Operation, readonly Role[]>;
