import { LIVE_TRENDING_SIZE, festivalSchema, firestorePaths, hourlyStatsSchema, liveMarkSchema, liveSetsSchema, performanceSchema, trendingScoresSchema } from '@encore/model';
import { addToHourly, documentsToWrite, favoritesChange, liveSetsState, mergeScores, nextLiveSets, nextPublishAt, publishedFigures, rankTrending, scoresOf, trendingRecheckDue, trendingWindowStart, type LiveSetsState, type Recount } from '../domain/live.js';
import { readsOf, type Docs } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

export type LiveDeps = Pick<Deps, 'docs' | 'now'> & { sleep?: (ms: number) => Promise<void> };

/**
 * How many marks one publication takes (the rest ride on the next; it deletes those it read in
 * its transaction, so they must fit in one commit).
 */
export const MARKS_PER_PUBLICATION = 400;

/** How long a set's status (on the programme or not) is trusted before trending reads it again. */
const STATUS_TTL_MS = 60_000;

interface Lane {
  /** The publication running in this instance (one at a time per festival). */
  busy: Promise<unknown>;
  /** What this instance last read or wrote of the live document and the trending scores. */
  known?: LiveSetsState;
  /** Per set, whether it is off the programme (cancelled or gone), and when that was read. */
  statuses: Map<string, { off: boolean; at: number }>;
  /** The festival's time zone, read once: `stats/hourly` keys the festival's own hours. */
  timeZone?: string;
}

export interface PublicationResult {
  outcome: 'published' | 'unchanged';
  /** Marks this publication could not take (MARKS_PER_PUBLICATION): the next window's must run. */
  marksLeft: boolean;
}

/**
 * Publishes a festival's live document (`festivals/{f}/live/sets`), run by the publication task
 * at the end of each window in which a favourite changed (handlers/live-marks.ts stores the
 * changed sets as marks, `festivals/{f}/liveMarks`, and asks for the task; the message is
 * acknowledged then, so no instance holds a message until the publication).
 *
 * `publish` waits until the document is at least PUBLISH_INTERVAL_MS old (a task runs at the
 * window's end; the previous publication may have committed a moment after the previous end),
 * reads the festival's marks, recounts their sets from the favourites with `count()`, and writes
 * in a transaction that first checks no instance published within the interval (if one did, it
 * waits for the interval's end and counts again) and deletes the marks it read. So the document
 * is written at most once per interval, never with a count older than one already published,
 * and a mark is deleted only by the publication that recounted after it was stored. The same
 * transaction adds the publication's net change of favourites to `stats/hourly`.
 */
export class LivePublisher {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly deps: LiveDeps) {}

  /** One publication of the festival's marks (one at a time per festival in this instance). */
  publish(festivalId: string): Promise<PublicationResult> {
    const lane = this.laneOf(festivalId);
    const run = lane.busy.catch(() => undefined).then(() => this.publishWhenDue(festivalId, lane));
    lane.busy = run;
    return run;
  }

  private laneOf(festivalId: string): Lane {
    let lane = this.lanes.get(festivalId);
    if (!lane) this.lanes.set(festivalId, (lane = { busy: Promise.resolve(), statuses: new Map() }));
    return lane;
  }

  private async publishWhenDue(festivalId: string, lane: Lane): Promise<PublicationResult> {
    for (;;) {
      if (!lane.known) lane.known = liveSetsState(...(await this.deps.docs.getAll([[firestorePaths.liveSets(festivalId), liveSetsSchema], [firestorePaths.stats(festivalId, 'trendingScores'), trendingScoresSchema]])));
      await this.sleepUntil(nextPublishAt(lane.known?.publishedAt));
      const result = await this.publishOnce(festivalId, lane);
      if (result !== 'too-soon') return result;
    }
  }

  private async publishOnce(festivalId: string, lane: Lane): Promise<PublicationResult | 'too-soon'> {
    const now = this.deps.now();
    // Marks stored by any instance: their sets ride on this publication, which deletes them.
    const marks = await this.deps.docs.query({ collection: firestorePaths.liveMarks(festivalId), limit: MARKS_PER_PUBLICATION }, liveMarkSchema);
    const marksLeft = marks.length === MARKS_PER_PUBLICATION;
    const dirty = new Set(marks.flatMap((mark) => mark.data.sets));
    const rechecking = trendingRecheckDue(lane.known, now);
    if (dirty.size === 0 && !rechecking) return { outcome: 'unchanged', marksLeft };
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
    if (outcome.kind === 'too-soon') return 'too-soon';
    if (outcome.kind === 'published') {
      lane.known = outcome.next;
      logs.liveSetsPublished({ festivalId, recounted: toRecount.size, sets: Object.keys(outcome.next.favorites).length });
    }
    return { outcome: outcome.kind, marksLeft };
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
