import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { MAX_EVENT_AGE_MS, triggerOptions } from '../config.js';
import { handleHelpRequestChanged } from '../handlers/help-request-changed.js';
import { fromData } from '../platform/firestore.js';
import { liveDeps } from '../platform/live.js';
import { guarded } from './guard.js';

/** Visitors' help requests (issue 36): wiring only; the work is in handlers/help-request-changed.ts. */

/** A request written: a new one is pushed to staff on duty, each staff step told to its requester (once each). */
export const onHelpRequestWritten = onDocumentWritten({ ...triggerOptions, document: 'festivals/{festivalId}/helpRequests/{requestId}' }, (event) =>
  guarded('onHelpRequestWritten', event, MAX_EVENT_AGE_MS.default, () =>
    handleHelpRequestChanged(liveDeps(), event.params.festivalId, event.params.requestId, fromData(event.data?.before.data()), fromData(event.data?.after.data())),
  ),
);
