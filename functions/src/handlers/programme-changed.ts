import {
  artistSchema,
  clashingIds,
  favoriteSchema,
  festivalSchema,
  findClashes,
  firestorePaths,
  ledgerEntrySchema,
  makeDomainEvent,
  performanceSchema,
  stageSchema,
  type DomainEvent,
  type Notice,
  type Performance,
} from '@encore/model';
import { NOTICE_BATCH_SIZE, noticeId, noticeText, programmeChange, type SetTiming } from '../domain/programme-changes.js';
import { ledgerEntry, ledgerPath } from '../domain/ledger.js';
import { parseIfPresent, type DocData } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readPerformances } from './programme.js';

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
  const afterTiming = timing(parseIfPresent(path, after, performanceSchema));
  const change = programmeChange(timing(parseIfPresent(path, before, performanceSchema)), afterTiming);
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
 * Fan-out: pages through everyone who favourited the set and publishes one
 * `notice.batch` per page. Batch ids derive from the change's id and the page, so a
 * retried fan-out republishes the same batches and their subscriber's ledger skips them.
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
  const text = noticeText(change, artist?.name ?? performance.artistId, stage?.name ?? performance.stageId, new Date(event.data.startsAt), { timeZone: festival.timeZone });
  let page = 0;
  let startAfterId: string | undefined;
  for (;;) {
    const fans = await deps.docs.query({
      collection: 'favorites',
      group: true,
      where: [
        ['festivalId', '==', festivalId],
        ['performanceId', '==', performanceId],
      ],
      limit: NOTICE_BATCH_SIZE,
      ...(startAfterId === undefined ? {} : { startAfterId }),
    }, favoriteSchema);
    if (fans.length === 0) break;
    const uids = fans.map((fan) => fan.path.split('/')[1]!);
    await deps.publisher.publish(makeDomainEvent('notice.batch', `${event.id}#${page}`, { festivalId, performanceId, change, text, uids }, deps.now()));
    page++;
    startAfterId = fans.at(-1)!.path;
    if (fans.length < NOTICE_BATCH_SIZE) break;
  }
  logs.fanOutPublished({ festivalId, performanceId, change, batches: page });
  return page;
}

export const NOTIFY_FANS = 'notifyFans';

/**
 * One batch of fans: a notice each and their clash state recomputed from their
 * favourites and the current programme, written atomically with the ledger entry.
 */
export async function handleNoticeBatch(deps: Pick<Deps, 'docs' | 'now'>, event: DomainEvent<'notice.batch'>): Promise<void> {
  const { festivalId, performanceId, change, text, uids } = event.data;
  const ledger = ledgerPath(NOTIFY_FANS, event.id);
  if (await deps.docs.get(ledger, ledgerEntrySchema)) return;
  const now = deps.now();
  const programme = await readPerformances(deps.docs, festivalId);
  const byId = new Map(programme.map((set) => [set.id, set]));
  const clashes = await Promise.all(
    uids.map(async (uid) => {
      const favorites = await deps.docs.query({ collection: firestorePaths.favorites(uid), where: [['festivalId', '==', festivalId]] }, favoriteSchema);
      const sets = favorites.flatMap((favorite) => (byId.has(favorite.id) ? [byId.get(favorite.id)!] : []));
      return [...clashingIds(findClashes(sets))].sort();
    }),
  );
  // Idempotent writes (fixed ids) plus the ledger, in one atomic batch of at most 2*100+1.
  await deps.docs.batch((batch) => {
    uids.forEach((uid, index) => {
      const notice: Notice = { kind: change, festivalId, performanceId, text, createdAt: now, readAt: null };
      batch.set(firestorePaths.notice(uid, noticeId(event.id, performanceId)), notice);
      batch.set(clashStatePath(uid, festivalId), { festivalId, clashingPerformanceIds: clashes[index]!, updatedAt: now });
    });
    batch.set(ledger, ledgerEntry(NOTIFY_FANS, event.id, now));
  });
  logs.noticesWritten({ festivalId, performanceId, notices: uids.length, eventId: event.id });
}
