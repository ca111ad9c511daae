import { randomUUID } from 'node:crypto';
import { LIVE_HOLD_LIMIT, LIVE_TRENDING_SIZE, festivalSchema, firestorePaths, hourlyStatsSchema, liveMarkSchema, liveSetsSchema, performanceSchema, trendingScoresSchema } from '@encore/model';
import { addToHourly, documentsToWrite, favoritesChange, liveSetsState, mergeScores, nextLiveSets, nextPublishAt, publishedFigures, rankTrending, scoresOf, trendingRecheckDue, trendingWindowStart, type LiveSetsState, type Recount } from '../domain/live.js';
import { readsOf, type Docs } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

export type LiveDeps = Pick<Deps, 'docs' | 'now'> & { sleep?: (ms: number) => Promise<void>; holdLimit?: number };

/** How many marks one publication takes (the rest ride on the next). */
const MARKS_PER_PUBLICATION = 100;

/** How long a set's status (on the programme or not) is trusted before trending reads it again. */
const STATUS_TTL_MS = 60_000;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  /** The sets it marked. */
  sets: readonly string[];
}

interface Lane {
  dirty: Set<string>;
  waiters: Waiter[];
  running: boolean;
  /** A mark of held favourites is being stored (see `flushMarks`). */
  flushing: boolean;
  /** What this instance last read or wrote of the live document and the trending scores. */
  known?: LiveSetsState;
  /** Per set, whether it is off the programme (cancelled or gone), and when that was read. */
  statuses: Map<string, { off: boolean; at: number }>;
  /** The festival's time zone, read once: `stats/hourly` keys the festival's own hours. */
  timeZone?: string;
}

/**
 * Publishes a festival's live document (`festivals/{f}/live/sets`) at a bounded cadence.
 *
 * `mark` records a set whose favourites changed and resolves once a publication that
 * started after the call has committed (or found nothing to change). The subscriber awaits
 * it, so Pub/Sub acknowledges a favourite only after its count was published: an instance
 * that dies holding marks leaves their messages unacknowledged, and they come back. Past
 * `LIVE_HOLD_LIMIT` held calls (a hot set), their sets are stored as one mark
 * (`festivals/{f}/liveMarks`) and they resolve once it is written (`flushMarks`): every
 * publication reads the festival's marks, recounts their sets and deletes them in its
 * transaction, and the minute's sweep (live-marks-sweep.ts) publishes a mark left behind.
 *
 * One publication at a time per festival and instance. It waits until the document is at
 * least PUBLISH_INTERVAL_MS old, takes every set marked so far, recounts each from the
 * favourites with `count()`, and writes in a transaction that first checks no instance
 * published within the interval (if one did, it waits for the interval's end and counts
 * again). So the document is written at most once per interval, never with a count older
 * than one already published. The same transaction adds the publication's net change of
 * favourites to `stats/hourly` (the staff dashboard's favourites per hour).
 */
export class LivePublisher {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly deps: LiveDeps) {}

  mark(festivalId: string, performanceIds: readonly string[], options: { offProgramme?: readonly string[] } = {}): Promise<void> {
    const lane = this.laneOf(festivalId);
    for (const id of performanceIds) lane.dirty.add(id);
    for (const id of options.offProgramme ?? []) lane.statuses.set(id, { off: true, at: this.deps.now().getTime() });
    const done = new Promise<void>((resolve, reject) => lane.waiters.push({ resolve, reject, sets: performanceIds }));
    if (!lane.running) void this.drain(festivalId, lane);
    if (lane.waiters.length > this.holdLimit && !lane.flushing) void this.flushMarks(festivalId, lane);
    return done;
  }

  private get holdLimit(): number {
    return this.deps.holdLimit ?? LIVE_HOLD_LIMIT;
  }

  /**
   * Too many favourites held for the next publication (a hot set): their sets are stored as
   * one mark (`festivals/{f}/liveMarks/{id}`) and they are acknowledged once it is written, so
   * the messages in flight stay bounded whatever the rate and the cadence. Their sets stay
   * marked here too: the next publication recounts them, and deletes the mark with them. If the
   * mark cannot be written, they wait for the publication as before.
   */
  private async flushMarks(festivalId: string, lane: Lane): Promise<void> {
    lane.flushing = true;
    try {
      while (lane.waiters.length > this.holdLimit) {
        const waiters = lane.waiters;
        lane.waiters = [];
        const sets = [...new Set(waiters.flatMap((waiter) => waiter.sets))];
        try {
          if (sets.length > 0) {
            await this.deps.docs.batch((batch) => batch.set(firestorePaths.liveMark(festivalId, randomUUID()), { sets, markedAt: this.deps.now() }));
          }
          for (const waiter of waiters) waiter.resolve();
        } catch {
          lane.waiters.unshift(...waiters);
          return;
        }
      }
    } finally {
      lane.flushing = false;
    }
  }

  private laneOf(festivalId: string): Lane {
    let lane = this.lanes.get(festivalId);
    if (!lane) this.lanes.set(festivalId, (lane = { dirty: new Set(), waiters: [], running: false, flushing: false, statuses: new Map() }));
    return lane;
  }

  private async drain(festivalId: string, lane: Lane): Promise<void> {
    lane.running = true;
    try {
      // Sets marked by favourites already acknowledged (flushMarks) still need their publication.
      while (lane.waiters.length > 0 || lane.dirty.size > 0) {
        if (!lane.known) lane.known = liveSetsState(...(await this.deps.docs.getAll([[firestorePaths.liveSets(festivalId), liveSetsSchema], [firestorePaths.stats(festivalId, 'trendingScores'), trendingScoresSchema]])));
        await this.sleepUntil(nextPublishAt(lane.known?.publishedAt));
        // Everything marked until now rides on this publication.
        const dirty = lane.dirty;
        const waiters = lane.waiters;
        lane.dirty = new Set();
        lane.waiters = [];
        try {
          const published = await this.publishOnce(festivalId, lane, dirty);
          if (published === 'too-soon') {
            for (const id of dirty) lane.dirty.add(id);
            lane.waiters.unshift(...waiters);
            continue;
          }
          for (const waiter of waiters) waiter.resolve();
        } catch (error) {
          for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      lane.running = false;
      if (lane.waiters.length > 0 || lane.dirty.size > 0) void this.drain(festivalId, lane);
    }
  }

  private async publishOnce(festivalId: string, lane: Lane, marked: ReadonlySet<string>): Promise<'published' | 'unchanged' | 'too-soon'> {
    const now = this.deps.now();
    // Marks stored by any instance (flushMarks): their sets ride on this publication, which deletes them.
    const marks = await this.deps.docs.query({ collection: firestorePaths.liveMarks(festivalId), limit: MARKS_PER_PUBLICATION }, liveMarkSchema);
    const dirty = new Set([...marked, ...marks.flatMap((mark) => mark.data.sets)]);
    const rechecking = trendingRecheckDue(lane.known, now);
    const toRecount = new Set(dirty);
    if (rechecking) for (const id of Object.keys(lane.known?.trendingScores ?? {})) toRecount.add(id);
    const recount = await recountSets(this.deps.docs, festivalId, [...toRecount], dirty, now, rechecking);
    const path = firestorePaths.liveSets(festivalId);
    const hourlyPath = firestorePaths.stats(festivalId, 'hourly');
    const scoresPath = firestorePaths.stats(festivalId, 'trendingScores');
    lane.timeZone ??= (await this.deps.docs.get(firestorePaths.festival(festivalId), festivalSchema))?.timeZone;
    const timeZone = lane.timeZone ?? 'UTC';
    const outcome = await this.deps.docs.transaction(async (tx) => {
      const [live, scores, hourly] = await tx.getAll([
        [path, liveSetsSchema],
        [scoresPath, trendingScoresSchema],
        [hourlyPath, hourlyStatsSchema],
      ]);
      const current = liveSetsState(live, scores);
      lane.known = current;
      if (current && nextPublishAt(current.publishedAt) > this.deps.now().getTime()) return { kind: 'too-soon' as const };
      // The sets that could be listed (twice the list, for those off the programme), their statuses checked.
      const candidates = rankTrending(mergeScores(current?.trendingScores ?? {}, recount), new Set(), LIVE_TRENDING_SIZE * 2);
      const off = await this.offProgramme(festivalId, lane, candidates.map((item) => item.performanceId), dirty);
      const next = nextLiveSets(current, recount, off, now);
      for (const mark of marks) tx.delete(mark.path);
      if (!next) return { kind: 'unchanged' as const };
      // What screens show only when it changed (every open app downloads each write); the scores apart.
      const writes = documentsToWrite({ live, scores, state: current }, next);
      if (writes.live) tx.set(path, publishedFigures(next));
      if (writes.scores) tx.set(scoresPath, scoresOf(next));
      // The staff dashboard's favourites per hour: what this publication changed, in the same
      // commit, so a retried transaction or a duplicate event (same counts) adds nothing twice.
      const change = favoritesChange(current, next);
      if (change !== 0) tx.set(hourlyPath, { favorites: addToHourly(hourly?.favorites ?? {}, now, change, timeZone), updatedAt: now });
      return { kind: 'published' as const, next };
    });
    if (outcome.kind === 'published') {
      lane.known = outcome.next;
      logs.liveSetsPublished({ festivalId, recounted: toRecount.size, sets: Object.keys(outcome.next.favorites).length });
    }
    return outcome.kind;
  }

  /**
   * Which of the listed sets are off the programme, from statuses read at most a minute
   * ago (one batched read of those not known). A set just marked is read again: its change
   * may be its cancellation's.
   */
  private async offProgramme(festivalId: string, lane: Lane, listed: readonly string[], dirty: ReadonlySet<string>): Promise<Set<string>> {
    const now = this.deps.now().getTime();
    const unknown = listed.filter((id) => {
      const status = lane.statuses.get(id);
      return !status || now - status.at > STATUS_TTL_MS || (dirty.has(id) && !status.off);
    });
    if (unknown.length > 0) {
      const performances = await this.deps.docs.getAll(readsOf(unknown.map((id) => firestorePaths.performance(festivalId, id)), performanceSchema));
      unknown.forEach((id, index) => lane.statuses.set(id, { off: !performances[index] || performances[index].status === 'cancelled', at: now }));
    }
    return new Set(listed.filter((id) => lane.statuses.get(id)?.off));
  }

  private async sleepUntil(at: number): Promise<void> {
    const ms = at - this.deps.now().getTime();
    if (ms <= 0) return;
    await (this.deps.sleep ?? defaultSleep)(ms);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Recounts sets from the favourites themselves: each set's total, and (for the sets that
 * changed, or all listed ones on a recheck) its reputable favourites of the trending window.
 * `count()` is billed one read per 1,000 index entries.
 */
export async function recountSets(docs: Docs, festivalId: string, ids: readonly string[], dirty: ReadonlySet<string>, now: Date, rechecking: boolean): Promise<Recount> {
  const since = trendingWindowStart(now);
  const fans = (performanceId: string, extra: Array<[string, '==' | '>=', unknown]> = []) =>
    docs.count({ collection: 'favorites', group: true, where: [['festivalId', '==', festivalId], ['performanceId', '==', performanceId], ...extra] });
  const recount: Recount = { favorites: {}, trendingScores: {}, trendingRechecked: rechecking };
  await Promise.all(
    ids.map(async (id) => {
      const [total, score] = await Promise.all([
        dirty.has(id) ? fans(id) : Promise.resolve(undefined),
        // Only favourites whose giver had reputation (judged by favorite-verdict.ts, issue 39).
        fans(id, [['reputable', '==', true], ['createdAt', '>=', since]]),
      ]);
      if (total !== undefined) recount.favorites[id] = total;
      recount.trendingScores[id] = score;
    }),
  );
  return recount;
}

const perStore = new WeakMap<object, LivePublisher>();

/** One publisher per document store (an instance has one; each unit test has its own). */
export function livePublisherFor(deps: LiveDeps): LivePublisher {
  let publisher = perStore.get(deps.docs);
  if (!publisher) perStore.set(deps.docs, (publisher = new LivePublisher(deps)));
  return publisher;
}
