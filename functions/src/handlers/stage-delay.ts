import {
  artistSchema,
  favoriteSchema,
  festivalSchema,
  firestorePaths,
  ledgerEntrySchema,
  makeDomainEvent,
  message,
  performanceSchema,
  stageDelaySchema,
  stageSchema,
  storedNoticeText,
  type DomainEvent,
  type Notice,
  type NoticeParams,
  type PushPayload,
} from '@encore/model';
import { ledgerEntry, ledgerPath } from '../domain/ledger.js';
import { pushKeys } from '../domain/push-receipts.js';
import { chunks } from '../domain/chunks.js';
import { DELAY_NOTICE_SLICE, delayChange, delayNoticeId, firstSetPerFan, type AffectedSet } from '../domain/stage-delay.js';
import { FAN_OUT_PAGE_SIZE } from '../domain/programme-changes.js';
import { IN_FILTER_MAX, parseIfPresent, type DocData, type Docs } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readPerformances } from './programme.js';
import { clashingIdsOf, clashStatePath, PROGRAMME_PUSH_TTL_SECONDS } from './programme-changed.js';
import { deliverPush, type Outgoing } from './push-delivery.js';
import { localeFor, readPreferences, targetsOf } from './push-targets.js';

/** Trigger side of a delay's write: publish when staff created it, or undid it. Wiring calls this. */
export async function publishDelayChanged(
  deps: Pick<Deps, 'publisher' | 'now'>,
  eventId: string,
  ids: { festivalId: string; delayId: string },
  before: DocData | undefined,
  after: DocData | undefined,
): Promise<void> {
  const path = firestorePaths.delay(ids.festivalId, ids.delayId);
  const change = delayChange(parseIfPresent(path, before, stageDelaySchema), parseIfPresent(path, after, stageDelaySchema));
  if (!change) return;
  const event = makeDomainEvent('delay.changed', eventId, { ...ids, change }, deps.now());
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId });
}

export const NOTIFY_DELAY = 'notifyDelay';

/** Everyone who favourited one of the sets, as (uid, set) pairs: `in` queries of 30 sets, paged. */
async function fansOf(docs: Pick<Docs, 'query'>, festivalId: string, performanceIds: readonly string[]) {
  const fans: Array<{ uid: string; performanceId: string }> = [];
  for (const slice of chunks(performanceIds, IN_FILTER_MAX)) {
    let startAfterId: string | undefined;
    for (;;) {
      const page = await docs.query(
        {
          collection: 'favorites',
          group: true,
          where: [['festivalId', '==', festivalId], ['performanceId', 'in', slice]],
          limit: FAN_OUT_PAGE_SIZE,
          ...(startAfterId === undefined ? {} : { startAfterId }),
        },
        favoriteSchema,
      );
      for (const fan of page) fans.push({ uid: fan.path.split('/')[1]!, performanceId: fan.data.performanceId });
      if (page.length < FAN_OUT_PAGE_SIZE) break;
      startAfterId = page.at(-1)!.path;
    }
  }
  return fans;
}

/**
 * A stage delay (or its undo) told to the fans of its sets: ONE notice per person, naming
 * their first set it moved with its new and old start, in their language; their clash state
 * recomputed; ONE push per person and device. Fans are told in slices of DELAY_NOTICE_SLICE
 * people, each slice's notices written atomically with its ledger entry, so a redelivery
 * writes nothing twice (a notice already read stays read); the pushes run on every delivery
 * and their receipts (one per notice and device) send each once. The sets the per-set
 * `performance.changed` fan-out skipped (their `delayId` changed) are told here instead.
 */
export async function handleDelayChanged(deps: Pick<Deps, 'docs' | 'push' | 'now'>, event: DomainEvent<'delay.changed'>): Promise<number> {
  const { festivalId, delayId, change } = event.data;
  const [festival, delay] = await deps.docs.getAll([
    [firestorePaths.festival(festivalId), festivalSchema],
    [firestorePaths.delay(festivalId, delayId), stageDelaySchema],
  ]);
  if (!festival || !delay) return 0;
  const sets = await deps.docs.getAll(delay.performanceIds.map((id) => [firestorePaths.performance(festivalId, id), performanceSchema] as const));
  // Delayed: the sets that carry the delay. Undone: those that no longer do (a set moved by hand since, or deleted, is left out).
  const shift = (change === 'delayed' ? -1 : 1) * delay.minutes * 60_000;
  const affected = new Map<string, AffectedSet & { artistId: string }>();
  delay.performanceIds.forEach((id, index) => {
    const set = sets[index];
    if (set && (set.delayId === delayId) === (change === 'delayed')) affected.set(id, { id, startsAt: set.startsAt, artistId: set.artistId });
  });
  const people = firstSetPerFan(await fansOf(deps.docs, festivalId, [...affected.keys()]), affected);
  if (people.length === 0) return 0;

  const artistIds = [...new Set(people.map(([, set]) => affected.get(set.id)!.artistId))];
  const [stage, ...artists] = await deps.docs.getAll([
    [firestorePaths.stage(festivalId, delay.stageId), stageSchema] as const,
    ...artistIds.map((id) => [firestorePaths.artist(festivalId, id), artistSchema] as const),
  ]);
  const artistNames = new Map(artistIds.map((id, index) => [id, artists[index]?.name ?? id]));
  const noticeKey = delayNoticeId(delayId, change);
  const stageName = stage?.name ?? delay.stageId;
  const paramsOf = (set: AffectedSet): NoticeParams => ({
    stage: stageName,
    minutes: delay.minutes,
    artist: artistNames.get(affected.get(set.id)!.artistId)!,
    startsAt: set.startsAt,
    previousStartsAt: new Date(set.startsAt.getTime() + shift),
    timeZone: festival.timeZone,
  });

  const slices = chunks(people, DELAY_NOTICE_SLICE);
  let programme: Awaited<ReturnType<typeof readPerformances>> | undefined;
  for (const [index, slice] of slices.entries()) {
    const uids = slice.map(([uid]) => uid);
    const preferences = await readPreferences(deps.docs, uids);
    const ledger = ledgerPath(NOTIFY_DELAY, `${event.id}#${index}`);
    if (!(await deps.docs.get(ledger, ledgerEntrySchema))) {
      const now = deps.now();
      programme ??= await readPerformances(deps.docs, festivalId);
      const clashes = await clashingIdsOf(deps.docs, festivalId, uids, programme);
      await deps.docs.batch((batch) => {
        slice.forEach(([uid, set], position) => {
          const params = paramsOf(set);
          const notice: Notice = {
            kind: change,
            festivalId,
            performanceId: set.id,
            delayId,
            text: storedNoticeText({ kind: change, params }, localeFor(preferences.get(uid))),
            params,
            createdAt: now,
            readAt: null,
          };
          batch.set(firestorePaths.notice(uid, noticeKey), notice);
          batch.set(clashStatePath(uid, festivalId), { festivalId, clashingPerformanceIds: clashes[position]!, updatedAt: now });
        });
        batch.set(ledger, ledgerEntry(NOTIFY_DELAY, `${event.id}#${index}`, now));
      });
      logs.noticesWritten({ festivalId, performanceId: delay.performanceIds[0]!, notices: slice.length, eventId: event.id });
    }
    const firstSet = new Map(slice);
    const targets = await targetsOf(deps.docs, uids, festivalId, preferences);
    await deliverPush(
      deps,
      targets.map((target): Outgoing => {
        const set = firstSet.get(target.uid)!;
        const payload: PushPayload = {
          kind: 'moved',
          title: change === 'delayed' ? message('pushDelayedTitle', target.locale, { stage: stageName, minutes: delay.minutes }) : message('pushDelayUndoneTitle', target.locale, { stage: stageName }),
          body: storedNoticeText({ kind: change, params: paramsOf(set) }, target.locale),
          link: `/performances/${set.id}`,
          // One notification per delay: its undo replaces it on the device.
          tag: `delay-${delayId}`.slice(0, 200),
        };
        return { key: pushKeys.notice(target.uid, noticeKey), target, payload, ttlSeconds: PROGRAMME_PUSH_TTL_SECONDS, urgent: false };
      }),
    );
  }
  return people.length;
}
