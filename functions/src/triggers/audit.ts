import { onDocumentWrittenWithAuthContext, type Change, type DocumentSnapshot, type FirestoreAuthEvent } from 'firebase-functions/v2/firestore';
import type { AuditKind } from '@encore/model';
import { MAX_EVENT_AGE_MS, triggerOptions } from '../config.js';
import { recordConsoleWrite } from '../handlers/audit-trail.js';
import { fromData } from '../platform/firestore.js';
import { liveDeps } from '../platform/live.js';
import { guarded } from './guard.js';

const age = MAX_EVENT_AGE_MS.default;

/**
 * The audit trail of staff's own writes (issue 35; handlers/audit-trail.ts): one trigger with
 * auth context per path the console writes, never on visitors' paths. Each returns at once for
 * functions' own writes (service accounts), so only a person's write costs more than an
 * invocation. Wiring only.
 */
function auditTrigger<Path extends string>(name: string, document: Path, kind: AuditKind, relative: (params: Record<string, string>) => string) {
  return onDocumentWrittenWithAuthContext({ ...triggerOptions, document }, (event: FirestoreAuthEvent<Change<DocumentSnapshot> | undefined, Record<string, string>>) =>
    guarded(name, event, age, () =>
      recordConsoleWrite(
        liveDeps(),
        { id: event.id, time: event.time, authType: event.authType, ...(event.authId ? { authId: event.authId } : {}) },
        { festivalId: event.params.festivalId!, kind, document: relative(event.params), before: fromData(event.data?.before.data()), after: fromData(event.data?.after.data()) },
      ),
    ),
  );
}

export const auditFestivalWritten = auditTrigger('auditFestivalWritten', 'festivals/{festivalId}', 'festival', () => '');
export const auditStageWritten = auditTrigger('auditStageWritten', 'festivals/{festivalId}/stages/{stageId}', 'stage', (p) => `stages/${p.stageId}`);
export const auditArtistWritten = auditTrigger('auditArtistWritten', 'festivals/{festivalId}/artists/{artistId}', 'artist', (p) => `artists/${p.artistId}`);
export const auditPerformanceWritten = auditTrigger('auditPerformanceWritten', 'festivals/{festivalId}/performances/{performanceId}', 'performance', (p) => `performances/${p.performanceId}`);
export const auditDelayWritten = auditTrigger('auditDelayWritten', 'festivals/{festivalId}/delays/{delayId}', 'delay', (p) => `delays/${p.delayId}`);
export const auditVenueWritten = auditTrigger('auditVenueWritten', 'festivals/{festivalId}/venue/{document}', 'venue-map', (p) => `venue/${p.document}`);
export const auditInfoPageWritten = auditTrigger('auditInfoPageWritten', 'festivals/{festivalId}/info/{pageId}', 'info-page', (p) => `info/${p.pageId}`);
export const auditAnnouncementWritten = auditTrigger('auditAnnouncementWritten', 'festivals/{festivalId}/announcements/{announcementId}', 'announcement', (p) => `announcements/${p.announcementId}`);
export const auditSuspensionWritten = auditTrigger('auditSuspensionWritten', 'festivals/{festivalId}/suspensions/{uid}', 'suspension', (p) => `suspensions/${p.uid}`);
