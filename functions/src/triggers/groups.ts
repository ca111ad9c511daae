import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onCall } from './bounded-call.js';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { callableOptions, SCHEDULE_TIME_ZONE, LOCATION_SWEEP_SCHEDULE, locationSweepOptions, MAX_EVENT_AGE_MS, triggerOptions } from '../config.js';
import { handleAddGroupMember, handleAnswerGroupInvite, handleCreateFriendGroup, handleLeaveFriendGroup } from '../handlers/groups.js';
import { handleSweepExpiredLocations } from '../handlers/location-sweep.js';
import { handleMeetupChanged } from '../handlers/meetup-changed.js';
import { answer, caller } from './callable.js';
import { fromData } from '../platform/firestore.js';
import { liveDeps } from '../platform/live.js';
import { guarded } from './guard.js';

/** Friend groups, meet-up points, live locations (issue 25, part B): wiring only; the work is in handlers/. */

export const createFriendGroup = onCall(callableOptions, (request) => answer(() => handleCreateFriendGroup(liveDeps(), caller(request), request.data)));
export const addGroupMember = onCall(callableOptions, (request) => answer(() => handleAddGroupMember(liveDeps(), caller(request), request.data)));
export const answerGroupInvite = onCall(callableOptions, (request) => answer(() => handleAnswerGroupInvite(liveDeps(), caller(request), request.data)));
export const leaveFriendGroup = onCall(callableOptions, (request) => answer(() => handleLeaveFriendGroup(liveDeps(), caller(request), request.data)));

/** A group written: a new meet-up point goes to the other members (notice and push, once each). */
export const onFriendGroupWritten = onDocumentWritten({ ...triggerOptions, document: 'friendGroups/{groupId}' }, (event) =>
  guarded('onFriendGroupWritten', event, MAX_EVENT_AGE_MS.default, () =>
    handleMeetupChanged(liveDeps(), event.params.groupId, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

/** Live locations past their expiry are deleted (the nightly job does it too). */
export const sweepExpiredLocations = onSchedule({ ...locationSweepOptions, schedule: LOCATION_SWEEP_SCHEDULE, timeZone: SCHEDULE_TIME_ZONE }, async () => {
  await handleSweepExpiredLocations(liveDeps());
});
