import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { callableOptions, MAX_EVENT_AGE_MS, triggerOptions } from '../config.js';
import { handleAcceptFriendInvite, handlePublishFriendPlan, handleRemoveFriend } from '../handlers/friends.js';
import { handleSetFriendPlanHidden } from '../handlers/friend-plan-visibility.js';
import { answer, caller } from './callable.js';
import { liveDeps } from '../platform/live.js';
import { guarded } from './guard.js';

/** Friends (issue 25): wiring only; the work is in handlers/friends.ts. */

export const acceptFriendInvite = onCall(callableOptions, (request) => answer(() => handleAcceptFriendInvite(liveDeps(), caller(request), request.data)));
export const removeFriend = onCall(callableOptions, (request) => answer(() => handleRemoveFriend(liveDeps(), caller(request), request.data)));
export const setFriendPlanHidden = onCall(callableOptions, (request) => answer(() => handleSetFriendPlanHidden(liveDeps(), caller(request), request.data)));

/** Any favourite written: republish its owner's plan for their friends (recomputed, so retries are harmless). */
export const onFavoriteWrittenForFriends = onDocumentWritten({ ...triggerOptions, document: 'users/{uid}/favorites/{performanceId}' }, (event) =>
  guarded('onFavoriteWrittenForFriends', event, MAX_EVENT_AGE_MS.default, () => handlePublishFriendPlan(liveDeps(), event.params.uid)),
);
