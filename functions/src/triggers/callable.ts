import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { onCall } from './bounded-call.js';
import { callableOptions } from '../config.js';
import { RequestError, type Caller } from '../handlers/request-error.js';
import { handleAcceptStaffInvite, handleInviteStaff, handleRemoveStaffMember, handleRevokeStaffInvite, handleSetStaffRole } from '../handlers/staff-team.js';
import { liveDeps } from '../platform/live.js';

/** Who calls a callable: their uid and token claims, or nobody when signed out. */
export function caller(request: CallableRequest): Caller | undefined {
  return request.auth ? { uid: request.auth.uid, token: request.auth.token as Record<string, unknown> } : undefined;
}

/** Maps a handler's refusal to the callable error the client SDK understands (its reason as `details.reason`). */
export async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RequestError) throw new HttpsError(error.code, error.message, error.reason ? { reason: error.reason } : undefined);
    throw error;
  }
}

/** The festival's team (issue 35): wiring only; the work is in handlers/staff-team.ts. */
export const inviteStaff = onCall(callableOptions, (request) => answer(() => handleInviteStaff(liveDeps(), caller(request), request.data)));
export const revokeStaffInvite = onCall(callableOptions, (request) => answer(() => handleRevokeStaffInvite(liveDeps(), caller(request), request.data)));
export const acceptStaffInvite = onCall(callableOptions, (request) => answer(() => handleAcceptStaffInvite(liveDeps(), caller(request), request.data)));
export const setStaffRole = onCall(callableOptions, (request) => answer(() => handleSetStaffRole(liveDeps(), caller(request), request.data)));
export const removeStaffMember = onCall(callableOptions, (request) => answer(() => handleRemoveStaffMember(liveDeps(), caller(request), request.data)));
