/**
 * The six kinds of caller the matrix asks as. Uids are fixed so the tables can name whose
 * data a row touches: `vera` (the visitor) owns the personal data under test, `otto` is
 * another signed-in user, `anna` is signed in anonymously.
 */
export const ROLES = ['signedOut', 'anonymous', 'visitor', 'otherUser', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** `authenticatedContext(uid, claims)` arguments per role; signed out has none. */
export const IDENTITIES: Record<Exclude<Role, 'signedOut'>, { uid: string; claims: Record<string, unknown> }> = {
  anonymous: { uid: 'anna', claims: { firebase: { sign_in_provider: 'anonymous', identities: {} } } },
  visitor: { uid: 'vera', claims: { email: 'vera@example.com', firebase: { sign_in_provider: 'password', identities: {} } } },
  otherUser: { uid: 'otto', claims: { email: 'otto@example.com', firebase: { sign_in_provider: 'google.com', identities: {} } } },
  staff: { uid: 'sam', claims: { role: 'staff', email: 'sam@example.com', firebase: { sign_in_provider: 'password', identities: {} } } },
  admin: { uid: 'ada', claims: { role: 'admin', email: 'ada@example.com', firebase: { sign_in_provider: 'password', identities: {} } } },
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
