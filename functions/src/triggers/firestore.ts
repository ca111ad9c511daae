import { onDocumentCreated, onDocumentUpdated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { MAX_EVENT_AGE_MS, photoEventOptions, streamTriggerOptions, triggerOptions } from '../config.js';
import { publishAnnouncementUrgent } from '../handlers/announcement-urgent.js';
import { publishPerformanceChanged } from '../handlers/programme-changed.js';
import { publishDelayChanged } from '../handlers/stage-delay.js';
import { publishProgrammeEdited } from '../handlers/programme-bundle.js';
import { publishPhotoChanged } from '../handlers/photo-changed.js';
import { handlePublishFriendPlan } from '../handlers/friends.js';
import { onlyVerdictChanged, publishFavoriteChanged, publishReactionChanged, publishReportFiled } from '../handlers/publish-changes.js';
import { fromData } from '../platform/firestore.js';
import { liveDeps } from '../platform/live.js';
import { allDone, guarded } from './guard.js';

const age = MAX_EVENT_AGE_MS.default;

/**
 * Any favourite written: its two use cases from one trigger, counting's event (created or
 * deleted) and the owner's plan for their friends (any write, a priority change too). A second
 * trigger on the same path cost every favourite a second event and invocation (issue 23's
 * hot set). Both are safe to run again, so a retry of the event reruns both.
 */
export const onFavoriteWritten = onDocumentWritten({ ...streamTriggerOptions, document: 'users/{uid}/favorites/{performanceId}' }, (event) =>
  guarded('onFavoriteWritten', event, age, () => {
    const deps = liveDeps();
    const [before, after] = [fromData(event.data?.before.data()), fromData(event.data?.after.data())];
    // The functions' own trending verdict on it (issue 39) is neither a count's nor a plan's change.
    if (onlyVerdictChanged(before, after)) return Promise.resolve();
    return allDone([
      publishFavoriteChanged(deps, event.id, event.params, before, after),
      handlePublishFriendPlan(deps, event.params.uid),
    ]);
  }),
);

export const onReactionWritten = onDocumentWritten({ ...streamTriggerOptions, document: 'festivals/{festivalId}/photos/{photoId}/reactions/{uid}' }, (event) =>
  guarded('onReactionWritten', event, age, () =>
    publishReactionChanged(liveDeps(), event.id, event.params, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onReportCreated = onDocumentCreated({ ...triggerOptions, document: 'festivals/{festivalId}/reports/{reportId}' }, (event) =>
  guarded('onReportCreated', event, age, () => publishReportFiled(liveDeps(), event.id, event.params, fromData(event.data?.data()))),
);

export const onPhotoWritten = onDocumentWritten({ ...photoEventOptions, document: 'festivals/{festivalId}/photos/{photoId}' }, (event) =>
  guarded('onPhotoWritten', event, age, () =>
    publishPhotoChanged(liveDeps(), event.id, event.params, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onPerformanceUpdated = onDocumentUpdated({ ...triggerOptions, document: 'festivals/{festivalId}/performances/{performanceId}' }, (event) =>
  guarded('onPerformanceUpdated', event, age, () =>
    publishPerformanceChanged(liveDeps(), event.id, event.params, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

/** A stage running late (issue 36): created or undone, its fans are told once (`delay.changed`). */
export const onDelayWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/delays/{delayId}' }, (event) =>
  guarded('onDelayWritten', event, age, () =>
    publishDelayChanged(liveDeps(), event.id, event.params, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onAnnouncementWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/announcements/{announcementId}' }, (event) =>
  guarded('onAnnouncementWritten', event, age, () =>
    publishAnnouncementUrgent(liveDeps(), event.id, event.params, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

/*
 * Programme edits (the festival, stages, artists, sets; the venue map and info pages below) rebuild the festival's data bundle.
 * `onPerformanceWritten` also sees every count update functions make on a set: it returns
 * without publishing for those (see domain/programme-bundle.ts, isProgrammeEdit).
 */
export const onFestivalWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}' }, (event) =>
  guarded('onFestivalWritten', event, age, () =>
    publishProgrammeEdited(liveDeps(), event.id, event.params.festivalId, 'festival', fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onStageWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/stages/{stageId}' }, (event) =>
  guarded('onStageWritten', event, age, () =>
    publishProgrammeEdited(liveDeps(), event.id, event.params.festivalId, 'stages', fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onArtistWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/artists/{artistId}' }, (event) =>
  guarded('onArtistWritten', event, age, () =>
    publishProgrammeEdited(liveDeps(), event.id, event.params.festivalId, 'artists', fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onPerformanceWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/performances/{performanceId}' }, (event) =>
  guarded('onPerformanceWritten', event, age, () =>
    publishProgrammeEdited(liveDeps(), event.id, event.params.festivalId, 'performances', fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

/* The venue map and the info pages travel in the bundle too (offline after one visit). */
export const onVenueMapWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/venue/{document}' }, (event) =>
  guarded('onVenueMapWritten', event, age, () =>
    publishProgrammeEdited(liveDeps(), event.id, event.params.festivalId, 'venue', fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);

export const onInfoPageWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/info/{pageId}' }, (event) =>
  guarded('onInfoPageWritten', event, age, () =>
    publishProgrammeEdited(liveDeps(), event.id, event.params.festivalId, 'info', fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);
