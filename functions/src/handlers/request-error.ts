import { z } from 'zod';
import { staffAccess } from '@encore/model';
import type { FriendRefusalReason } from './friends.js';
import type { GroupRefusalReason } from './groups.js';
import type { StaffTeamRefusalReason } from '@encore/model';

/** A refusal a caller should see, with the callable error code the wiring maps it to. */
export type RequestErrorCode = 'invalid-argument' | 'unauthenticated' | 'permission-denied' | 'not-found' | 'failed-precondition';

/** Why a request was refused, when a client may act on it (sent as the callable error's `details.reason`). */
export type RequestErrorReason = 'second-factor-needed' | FriendRefusalReason | GroupRefusalReason | StaffTeamRefusalReason;

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

/**
 * Staff and admins (the `role` custom claim) who signed in with a second factor, as the
 * rules' isStaff() demands (@encore/model `staffAccess`); everyone else is refused.
 */
export function requireStaff(caller: Caller | undefined): Caller {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const secondFactor = signInClaims.parse(caller.token.firebase).sign_in_second_factor;
  switch (staffAccess({ role: caller.token.role, secondFactor })) {
    case 'granted':
      return caller;
    case 'second-factor-needed':
      throw new RequestError('permission-denied', SECOND_FACTOR_NEEDED, 'second-factor-needed');
    case 'not-staff':
      throw new RequestError('permission-denied', 'Only festival staff can do this.');
  }
}
