import { onCall } from './bounded-call.js';
import { callableOptions } from '../config.js';
import { handleAcceptFriendInvite, handleCreateFriendInvite, handleDescribeFriendInvite, handleRemoveFriend } from '../handlers/friends.js';
import { handleSetFriendPlanHidden } from '../handlers/friend-plan-visibility.js';
import { answer, caller } from './callable.js';
import { liveDeps } from '../platform/live.js';

/** Friends (issue 25): wiring only; the work is in handlers/friends.ts. */

export const createFriendInvite = onCall(callableOptions, (request) => answer(() => handleCreateFriendInvite(liveDeps(), caller(request), request.data)));
export const describeFriendInvite = onCall(callableOptions, (request) => answer(() => handleDescribeFriendInvite(liveDeps(), caller(request), request.data)));
export const acceptFriendInvite = onCall(callableOptions, (request) => answer(() => handleAcceptFriendInvite(liveDeps(), caller(request), request.data)));
export const removeFriend = onCall(callableOptions, (request) => answer(() => handleRemoveFriend(liveDeps(), caller(request), request.data)));
export const setFriendPlanHidden = onCall(callableOptions, (request) => answer(() => handleSetFriendPlanHidden(liveDeps(), caller(request), request.data)));

/* A favourite written republishes its owner's plan from `onFavoriteWritten` (triggers/firestore.ts): one trigger per favourite. */
