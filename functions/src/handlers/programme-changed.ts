import {
  artistSchema,
  clashingIds,
  favoriteSchema,
  festivalSchema,
  findClashes,
  firestorePaths,
  ledgerEntrySchema,
  makeDomainEvent,
  message,
  performanceSchema,
  stageSchema,
  storedNoticeText,
  type DomainEvent,
  type Locale,
  type Notice,
  type NoticeParams,
  type Performance,
  type PushPayload,
} from '@encore/model';
import { FAN_OUT_PAGE_SIZE, NOTICE_BATCH_SIZE, noticeId, programmeChange, type SetTiming } from '../domain/programme-changes.js';
import { pushKeys } from '../domain/push-receipts.js';
import { ledgerEntry, ledgerPath } from '../domain/ledger.js';
import { parseIfPresent, type DocData, type Docs } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readPerformances } from './programme.js';
import { deliverPush, type Outgoing, type PushTarget } from './push-delivery.js';
import { localeFor, readPreferences, targetsOf } from './push-targets.js';

function timing(performance: Performance | undefined): SetTiming | null {
  return performance ? { startsAt: performance.startsAt, endsAt: performance.endsAt, stageId: performance.stageId, status: performance.status } : null;
}

/** Trigger side of a performance update: publish when staff moved or cancelled the set. */
export async function publishPerformanceChanged(
  deps: Pick<Deps, 'publisher' | 'now'>,
  eventId: string,
  ids: { festivalId: string; performanceId: string },
  before: DocData | undefined,
  after: DocData | undefined,
): Promise<void> {
  const path = firestorePaths.performance(ids.festivalId, ids.performanceId);
  const [beforeSet, afterSet] = [parseIfPresent(path, before, performanceSchema), parseIfPresent(path, after, performanceSchema)];
  // Moved by a stage delay or its undo (issue 36): the delay tells its fans once (stage-delay.ts), not each set.
  if (beforeSet?.delayId !== afterSet?.delayId) return;
  const afterTiming = timing(afterSet);
  const change = programmeChange(timing(beforeSet), afterTiming);
  if (!change || !afterTiming) return;
  const event = makeDomainEvent(
    'performance.changed',
    eventId,
    { ...ids, change, startsAt: afterTiming.startsAt.toISOString(), endsAt: afterTiming.endsAt.toISOString() },
    deps.now(),
  );
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, performanceId: ids.performanceId });
}

/** Clash state per person and festival: which of their favourites overlap another. */
export const clashStatePath = (uid: string, festivalId: string) => `users/${uid}/clashes/${festivalId}`;

/**
 * Fan-out: pages through everyone who favourited the set (FAN_OUT_PAGE_SIZE at a time) and
 * publishes one `notice.batch` per NOTICE_BATCH_SIZE fans. Batch ids derive from the
 * change's id and the batch's place in name order, so a retried fan-out republishes the
 * same batches and their subscriber's ledger skips them. A page's batches are published
 * while the next page is read; the fan-out ends once every publish has been acknowledged.
 */
export async function handlePerformanceChanged(deps: Pick<Deps, 'docs' | 'publisher' | 'now'>, event: DomainEvent<'performance.changed'>): Promise<number> {
  const { festivalId, performanceId, change } = event.data;
  const [festival, performance] = await deps.docs.getAll([
    [firestorePaths.festival(festivalId), festivalSchema],
    [firestorePaths.performance(festivalId, performanceId), performanceSchema],
  ]);
  if (!festival || !performance) return 0;
  const [artist, stage] = await deps.docs.getAll([
    [firestorePaths.artist(festivalId, performance.artistId), artistSchema],
    [firestorePaths.stage(festivalId, performance.stageId), stageSchema],
  ]);
  // The notice as data, so each fan's is written in their language; the English text too,
  // for a subscriber from before `params` (see noticeBatchSchema).
  const params = { artist: artist?.name ?? performance.artistId, stage: stage?.name ?? performance.stageId, startsAt: event.data.startsAt, timeZone: festival.timeZone };
  const text = storedNoticeText({ kind: change, params: { ...params, startsAt: new Date(params.startsAt) } }, 'en');
  const publishing: Array<Promise<void>> = [];
  let batches = 0;
  let startAfterId: string | undefined;
  for (;;) {
    const fans = await deps.docs.query({
      collection: 'favorites',
      group: true,
      where: [
        ['festivalId', '==', festivalId],
        ['performanceId', '==', performanceId],
      ],
      limit: FAN_OUT_PAGE_SIZE,
      ...(startAfterId === undefined ? {} : { startAfterId }),
    }, favoriteSchema);
    for (let start = 0; start < fans.length; start += NOTICE_BATCH_SIZE) {
      const uids = fans.slice(start, start + NOTICE_BATCH_SIZE).map((fan) => fan.path.split('/')[1]!);
      publishing.push(deps.publisher.publish(makeDomainEvent('notice.batch', `${event.id}#${batches}`, { festivalId, performanceId, change, text, params, uids }, deps.now())));
      batches++;
    }
    if (fans.length < FAN_OUT_PAGE_SIZE) break;
    startAfterId = fans.at(-1)!.path;
  }
  await Promise.all(publishing);
  logs.fanOutPublished({ festivalId, performanceId, change, batches });
  return batches;
}

/**
 * Each person's favourites (of this festival) that overlap another of theirs, sorted ids, in
 * the order of `uids`, against `programme` as it stands: the clash state a programme change
 * rewrites beside its notice (a set's own move here, a stage delay in stage-delay.ts).
 */
export async function clashingIdsOf(docs: Pick<Docs, 'query'>, festivalId: string, uids: readonly string[], programme: Awaited<ReturnType<typeof readPerformances>>): Promise<string[][]> {
  const byId = new Map(programme.map((set) => [set.id, set]));
  return Promise.all(
    uids.map(async (uid) => {
      const favorites = await docs.query({ collection: firestorePaths.favorites(uid), where: [['festivalId', '==', festivalId]] }, favoriteSchema);
      const sets = favorites.flatMap((favorite) => (byId.has(favorite.id) ? [byId.get(favorite.id)!] : []));
      return [...clashingIds(findClashes(sets))].sort();
    }),
  );
}

export const NOTIFY_FANS = 'notifyFans';

/** A moved or cancelled set is news for the evening; a phone offline longer than that finds the notice in the app. */
export const PROGRAMME_PUSH_TTL_SECONDS = 12 * 60 * 60;

/**
 * One batch of fans: a notice each, in their language, and their clash state recomputed
 * from their favourites and the current programme, written atomically with the ledger
 * entry; then a push beside each notice to each of their devices. The pushes run on every
 * delivery of the batch, not only the first: their receipts (one per notice and device)
 * make a redelivery send nothing twice, and a batch whose notices were written but whose
 * pushes failed part-way sends the rest on the retry.
 */
export async function handleNoticeBatch(deps: Pick<Deps, 'docs' | 'push' | 'now'>, event: DomainEvent<'notice.batch'>): Promise<void> {
  const { festivalId, performanceId, change, uids } = event.data;
  const params: NoticeParams | undefined = event.data.params ? { ...event.data.params, startsAt: new Date(event.data.params.startsAt) } : undefined;
  const preferences = await readPreferences(deps.docs, uids);
  const locales = new Map(uids.map((uid) => [uid, localeFor(preferences.get(uid))]));
  const textIn = (locale: Locale) => (params ? storedNoticeText({ kind: change, params }, locale) : event.data.text);
  const id = noticeId(event.id, performanceId);

  const ledger = ledgerPath(NOTIFY_FANS, event.id);
  if (!(await deps.docs.get(ledger, ledgerEntrySchema))) {
    const now = deps.now();
    const clashes = await clashingIdsOf(deps.docs, festivalId, uids, await readPerformances(deps.docs, festivalId));
    // Idempotent writes (fixed ids) plus the ledger, in one atomic batch of at most 2*100+1.
    await deps.docs.batch((batch) => {
      uids.forEach((uid, index) => {
        const notice: Notice = { kind: change, festivalId, performanceId, text: textIn(locales.get(uid)!), ...(params ? { params } : {}), createdAt: now, readAt: null };
        batch.set(firestorePaths.notice(uid, id), notice);
        batch.set(clashStatePath(uid, festivalId), { festivalId, clashingPerformanceIds: clashes[index]!, updatedAt: now });
      });
      batch.set(ledger, ledgerEntry(NOTIFY_FANS, event.id, now));
    });
    logs.noticesWritten({ festivalId, performanceId, notices: uids.length, eventId: event.id });
  }

  const targets = await targetsOf(deps.docs, uids, festivalId, preferences);
  await deliverPush(deps, targets.map((target) => programmePush(event, target, textIn(target.locale), id)));
}

/** The push beside one person's notice: titled with the set's artist when the batch names it, opening the set. */
function programmePush(event: DomainEvent<'notice.batch'>, target: PushTarget, body: string, noticeKey: string): Outgoing {
  const { change, performanceId } = event.data;
  const artist = event.data.params?.artist;
  const payload: PushPayload = {
    kind: change,
    title: artist
      ? message(change === 'moved' ? 'pushMovedTitle' : 'pushCancelledTitle', target.locale, { artist })
      : message('pushScheduleChangeTitle', target.locale, {}),
    body,
    link: `/performances/${performanceId}`,
    // One notification per set: a later change to it replaces this one on the device.
    tag: `set-${performanceId}`.slice(0, 200),
  };
  return { key: pushKeys.notice(target.uid, noticeKey), target, payload, ttlSeconds: PROGRAMME_PUSH_TTL_SECONDS, urgent: change === 'cancelled' };
}
