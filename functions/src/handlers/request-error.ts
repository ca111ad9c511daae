import { z } from 'zod';
import { festivalAccess, festivalSchema, festivalStaffSchema, firestorePaths, isArchived, projectAdminAccess, rolesWith, type Festival, type FestivalCapability, type StaffAccess } from '@encore/model';
import type { Deps } from './deps.js';
import type { FriendRefusalReason } from './friends.js';
import type { GroupRefusalReason } from './groups.js';
import type { StaffTeamRefusalReason, UndoRefusalReason } from '@encore/model';

/** A refusal a caller should see, with the callable error code the wiring maps it to. */
export type RequestErrorCode = 'invalid-argument' | 'unauthenticated' | 'permission-denied' | 'not-found' | 'failed-precondition' | 'already-exists';

/** Why a request was refused, when a client may act on it (sent as the callable error's `details.reason`). */
export type RequestErrorReason =
  | 'second-factor-needed'
  | 'unconfirmed-stages'
  | 'festival-archived'
  | FriendRefusalReason
  | GroupRefusalReason
  | StaffTeamRefusalReason
  | UndoRefusalReason;

export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    readonly code: RequestErrorCode,
    message: string,
    readonly reason?: RequestErrorReason,
  ) {
    super(message);
  }
}

export interface Caller {
  uid: string;
  token: Record<string, unknown>;
}

/** The part of an ID token's `firebase` claim that says how the person signed in. */
const signInClaims = z.object({ sign_in_second_factor: z.string().optional().catch(undefined) }).catch({});

/** The refusal a staff member signed in with a password alone gets (the web app shows it as is). */
export const SECOND_FACTOR_NEEDED =
  'Staff actions need a sign-in with a second factor. Enrol one on the Account page (staff must), then sign out and sign in again with your code.';

/** The refusal of someone whose role in the festival (if any) does not hold `capability`. */
export function notStaffMessage(capability: FestivalCapability): string {
  const roles = rolesWith(capability).filter((role) => role !== 'admin');
  return roles.length === 0 ? 'Only this festival’s admins can do this.' : `Only this festival’s ${roles.join(' or ')} staff and admins can do this.`;
}

/** A signed-in caller, or `unauthenticated`. */
export function requireSignedIn(caller: Caller | undefined): Caller {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  return caller;
}

const secondFactorOf = (caller: Caller) => signInClaims.parse(caller.token.firebase).sign_in_second_factor;

function decide(caller: Caller, access: StaffAccess, notStaff: string): Caller {
  switch (access) {
    case 'granted':
      return caller;
    case 'second-factor-needed':
      throw new RequestError('permission-denied', SECOND_FACTOR_NEEDED, 'second-factor-needed');
    case 'not-staff':
      throw new RequestError('permission-denied', notStaff);
  }
}

/**
 * The festival's staff whose role holds `capability`, and the project's admins (the `admin`
 * claim), signed in with a second factor, as the rules' isStaffOf() demands (@encore/model
 * `festivalAccess`); everyone else is refused. The caller's `festivals/{f}/staff/{uid}` is
 * read only when they are no project admin (whose claim decides alone). `festivalId` must be
 * a parsed festival id (it becomes part of a document path).
 */
export async function requireFestivalRole(deps: Pick<Deps, 'docs'>, caller: Caller | undefined, festivalId: string, capability: FestivalCapability): Promise<Caller> {
  const signedIn = requireSignedIn(caller);
  const claims = { role: signedIn.token.role, secondFactor: secondFactorOf(signedIn) };
  const staff = projectAdminAccess(claims) === 'not-staff' ? await deps.docs.get(firestorePaths.festivalStaffMember(festivalId, signedIn.uid), festivalStaffSchema) : undefined;
  return decide(signedIn, festivalAccess({ ...claims, festivalRole: staff?.role }, capability), notStaffMessage(capability));
}

/**
 * A festival that may still change: it exists and is not archived. The rules refuse every
 * client write to an archived festival; callables that change one with the Admin SDK ask
 * here first, so an archived edition stays as it was whichever way a change comes.
 */
export async function requireOpenFestival(deps: Pick<Deps, 'docs'>, festivalId: string): Promise<Festival> {
  const festival = await deps.docs.get(firestorePaths.festival(festivalId), festivalSchema);
  if (!festival) throw new RequestError('not-found', 'No such festival.');
  if (isArchived(festival)) throw new RequestError('failed-precondition', 'This festival is archived: it can be looked at, not changed.', 'festival-archived');
  return festival;
}

/** The project's admins (the `admin` claim) signed in with a second factor: they create festivals. */
export function requireProjectAdmin(caller: Caller | undefined): Caller {
  const signedIn = requireSignedIn(caller);
  return decide(signedIn, projectAdminAccess({ role: signedIn.token.role, secondFactor: secondFactorOf(signedIn) }), 'Only the project’s admins can do this.');
}
