import { isDeepStrictEqual } from 'node:util';
import { favoriteSchema, firestorePaths, makeDomainEvent, reactionSchema, reportSchema, type ReactionKind } from '@encore/model';
import { parseIfPresent, type DocData } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

/**
 * Trigger sides of the visitor writes: each turns one document change into one domain
 * event (or none), keyed by the trigger's event id so a duplicated trigger yields a
 * duplicate event that the subscriber drops. The documents in the change are parsed with
 * their schemas like any other read (the rules admit only valid ones).
 */

type Publish = Pick<Deps, 'publisher' | 'now'>;

async function publish(deps: Publish, event: Parameters<Deps['publisher']['publish']>[0]) {
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId: event.id });
}

/** `users/{uid}/favorites/{performanceId}` created or deleted (an update, a priority change, changes nothing countable). */
export async function publishFavoriteChanged(deps: Publish, eventId: string, ids: { uid: string; performanceId: string }, before: DocData | undefined, after: DocData | undefined) {
  if (Boolean(before) === Boolean(after)) return;
  const favorite = parseIfPresent(firestorePaths.favorite(ids.uid, ids.performanceId), after ?? before, favoriteSchema)!;
  await publish(deps, makeDomainEvent('favorite.changed', eventId, { ...ids, festivalId: favorite.festivalId, change: after ? 'added' : 'removed' }, deps.now()));
}

/**
 * The favourite's only change is the functions' trending verdict (`reputable`, favorite-verdict.ts):
 * nothing its owner or their friends see changed, so the trigger has nothing to do.
 */
export function onlyVerdictChanged(before: DocData | undefined, after: DocData | undefined): boolean {
  if (!before || !after) return false;
  const { reputable: was, ...restBefore } = before;
  const { reputable: is, ...restAfter } = after;
  return was !== is && isDeepStrictEqual(restBefore, restAfter);
}

/** `festivals/{f}/photos/{photoId}/reactions/{uid}` created, deleted, or changed to another kind: the kinds whose counts move. */
export async function publishReactionChanged(deps: Publish, eventId: string, ids: { festivalId: string; photoId: string; uid: string }, before: DocData | undefined, after: DocData | undefined) {
  const path = firestorePaths.reaction(ids.festivalId, ids.photoId, ids.uid);
  const was = parseIfPresent(path, before, reactionSchema)?.kind;
  const is = parseIfPresent(path, after, reactionSchema)?.kind;
  if (was === is) return;
  const kinds = [was, is].filter((kind): kind is ReactionKind => kind !== undefined);
  const change = !was ? 'added' : !is ? 'removed' : 'changed';
  await publish(deps, makeDomainEvent('reaction.changed', eventId, { ...ids, change, kinds }, deps.now()));
}

/** `festivals/{f}/reports/{reportId}` created. */
export async function publishReportFiled(deps: Publish, eventId: string, ids: { festivalId: string; reportId: string }, data: DocData | undefined) {
  const report = parseIfPresent(firestorePaths.report(ids.festivalId, ids.reportId), data, reportSchema);
  if (!report) return;
  await publish(deps, makeDomainEvent('report.filed', eventId, { ...ids, photoId: report.photoId, reporterUid: report.reporterUid, reason: report.reason }, deps.now()));
}
