/**
 * The kinds of caller the matrix asks as. Uids are fixed so the tables can name whose data a
 * row touches: `vera` (the visitor) owns the personal data under test, `otto` is another
 * signed-in user, `anna` is signed in anonymously. Every account has a verified email (so may
 * report photos); the attacks table adds the unverified and the claim-holder.
 *
 * Staff rights are per festival (issue 35). The matrix's festival is A (`encore-2026`); B
 * (`encore-2027`) is another festival on the same project. Festival A's `admin`, `programme`
 * and `moderator` hold their role through a `festivals/encore-2026/staff/{uid}` document
 * (STAFF_DOCUMENTS, arranged by the harness with the owner's back door); `staffOfB` is the
 * admin of festival B; `projectAdmin` holds the project's `admin` claim and no staff document;
 * `retiredStaff` holds the `role: 'staff'` claim of earlier versions, which grants nothing.
 *
 * Every staff right also needs a sign-in with a second factor (the token's
 * `firebase.sign_in_second_factor` is `phone`, as the Auth emulator and production write it
 * after an SMS code): the same accounts signed in with their password alone
 * (`adminNoFactor`, `programmeNoFactor`, `moderatorNoFactor`, `projectAdminNoFactor`) must get
 * nothing a visitor does not.
 */
export const ROLES = [
  'signedOut',
  'anonymous',
  'visitor',
  'otherUser',
  'admin',
  'programme',
  'moderator',
  'projectAdmin',
  'adminNoFactor',
  'programmeNoFactor',
  'moderatorNoFactor',
  'projectAdminNoFactor',
  'retiredStaff',
  'staffOfB',
] as const;
export type Role = (typeof ROLES)[number];

/** The matrix's festival (A) and another one on the project (B). */
export const FESTIVAL_A = 'encore-2026';
export const FESTIVAL_B = 'encore-2027';

const password = { sign_in_provider: 'password', identities: {} };
/** What a sign-in that used an SMS code adds to the token's `firebase` claim. */
const smsFactor = { sign_in_second_factor: 'phone', second_factor_identifier: 'enrolment-1' };
const account = (uid: string, extra: Record<string, unknown> = {}, factor = true) => ({
  uid,
  claims: { ...extra, email: `${uid}@example.com`, email_verified: true, firebase: factor ? { ...password, ...smsFactor } : password },
});

/** `authenticatedContext(uid, claims)` arguments per role; signed out has none. */
export const IDENTITIES: Record<Exclude<Role, 'signedOut'>, { uid: string; claims: Record<string, unknown> }> = {
  anonymous: { uid: 'anna', claims: { firebase: { sign_in_provider: 'anonymous', identities: {} } } },
  visitor: { uid: 'vera', claims: { email: 'vera@example.com', email_verified: true, firebase: password } },
  otherUser: { uid: 'otto', claims: { email: 'otto@example.com', email_verified: true, firebase: { sign_in_provider: 'google.com', identities: {} } } },
  admin: account('ada'),
  programme: account('pia'),
  moderator: account('moe'),
  projectAdmin: account('olga', { role: 'admin' }),
  adminNoFactor: account('ada', {}, false),
  programmeNoFactor: account('pia', {}, false),
  moderatorNoFactor: account('moe', {}, false),
  projectAdminNoFactor: account('olga', { role: 'admin' }, false),
  retiredStaff: account('sam', { role: 'staff' }),
  staffOfB: account('bea'),
};

/**
 * Callers only some attacks need: a password account whose email is not verified, with and
 * without the claim the backend grants old accounts; a visitor who enrolled a second factor
 * (a factor is no role); programme staff who used an authenticator app (production's TOTP).
 */
export const EXTRA_IDENTITIES = {
  unverified: { uid: 'uma', claims: { email: 'uma@example.com', email_verified: false, firebase: password } },
  oldAccount: { uid: 'olaf', claims: { email: 'olaf@example.com', email_verified: false, trustedReporter: true, firebase: password } },
  visitorWithFactor: { uid: 'vic', claims: { email: 'vic@example.com', email_verified: true, firebase: { ...password, ...smsFactor } } },
  programmeWithTotp: { uid: 'tom', claims: { email: 'tom@example.com', email_verified: true, firebase: { ...password, sign_in_second_factor: 'totp', second_factor_identifier: 'enrolment-2' } } },
};

const staffDocument = (role: 'admin' | 'programme' | 'moderator', uid: string) => ({
  role,
  email: `${uid}@example.com`,
  addedAt: new Date('2026-06-01T10:00:00Z'),
  addedBy: null,
});

/** The festival roles the identities hold (as functions write them), arranged before every matrix. */
export const STAFF_DOCUMENTS: Record<string, Record<string, unknown>> = {
  [`festivals/${FESTIVAL_A}/staff/ada`]: staffDocument('admin', 'ada'),
  [`festivals/${FESTIVAL_A}/staff/pia`]: staffDocument('programme', 'pia'),
  [`festivals/${FESTIVAL_A}/staff/moe`]: staffDocument('moderator', 'moe'),
  [`festivals/${FESTIVAL_A}/staff/tom`]: staffDocument('programme', 'tom'),
  [`festivals/${FESTIVAL_B}/staff/bea`]: staffDocument('admin', 'bea'),
};

// Who may: the groups the policy tables are written in (for festival A).
export const EVERYONE: readonly Role[] = ROLES;
export const NOBODY: readonly Role[] = [];
export const SIGNED_IN: readonly Role[] = ROLES.filter((role) => role !== 'signedOut');
/** Signed in with a real (non-anonymous) account: every staff identity is one too. */
export const ACCOUNTS: readonly Role[] = SIGNED_IN.filter((role) => role !== 'anonymous');
/** Festival A's admins (its document, its staff): its admin and the project's admins, with a second factor. */
export const FESTIVAL_ADMINS: readonly Role[] = ['admin', 'projectAdmin'];
/** Who may edit festival A's programme (stages, artists, sets, the venue map, info pages) and announce. */
export const PROGRAMME: readonly Role[] = ['admin', 'programme', 'projectAdmin'];
/** Who may moderate festival A (photos in any state, reports, moderation entries, suspensions). */
export const MODERATORS: readonly Role[] = ['admin', 'moderator', 'projectAdmin'];
/** Only the owner of the data under test (vera). */
export const OWNER: readonly Role[] = ['visitor'];
export const OWNER_AND_MODERATORS: readonly Role[] = ['visitor', ...MODERATORS];

export const OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** One row of a policy table: for each operation, the roles it is allowed to. */
export type Policy = Record<Operation, readonly Role[]>;

/**
 * Festival B's rows are festival A's, asked of the callers whose rights differ between the
 * two: A's staff are only accounts on B (they get what `otherUser` gets on A), B's admin gets
 * on B what A's admin gets on A, and a project admin is admin of both.
 */
export const ON_FESTIVAL_B: Partial<Record<Role, Role>> = {
  admin: 'otherUser',
  programme: 'otherUser',
  moderator: 'otherUser',
  staffOfB: 'admin',
  projectAdmin: 'projectAdmin',
};
