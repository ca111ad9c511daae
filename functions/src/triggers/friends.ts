import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import { callableOptions, MAX_EVENT_AGE_MS, triggerOptions } from '../config.js';
import { FriendRefusal, handleAcceptFriendInvite, handlePublishFriendPlan, handleRemoveFriend } from '../handlers/friends.js';
import { handleSetFriendPlanHidden } from '../handlers/friend-plan-visibility.js';
import { RequestError, type Caller } from '../handlers/request-error.js';
import { liveDeps } from '../platform/live.js';
import { guarded } from './guard.js';

/** Friends (issue 25): wiring only; the work is in handlers/friends.ts. */

function caller(request: CallableRequest): Caller | undefined {
  return request.auth ? { uid: request.auth.uid, token: request.auth.token as Record<string, unknown> } : undefined;
}

async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FriendRefusal) throw new HttpsError(error.code, error.message, { reason: error.friendReason });
    if (error instanceof RequestError) throw new HttpsError(error.code, error.message);
    throw error;
  }
}

export const acceptFriendInvite = onCall(callableOptions, (request) => answer(() => handleAcceptFriendInvite(liveDeps(), caller(request), request.data)));
export const removeFriend = onCall(callableOptions, (request) => answer(() => handleRemoveFriend(liveDeps(), caller(request), request.data)));
export const setFriendPlanHidden = onCall(callableOptions, (request) => answer(() => handleSetFriendPlanHidden(liveDeps(), caller(request), request.data)));

/** Any favourite written: republish its owner's plan for their friends (recomputed, so retries are harmless). */
export const onFavoriteWrittenForFriends = onDocumentWritten({ ...triggerOptions, document: 'users/{uid}/favorites/{performanceId}' }, (event) =>
  guarded('onFavoriteWrittenForFriends', event, MAX_EVENT_AGE_MS.default, () => handlePublishFriendPlan(liveDeps(), event.params.uid)),
);
