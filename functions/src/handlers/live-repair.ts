import { firestorePaths, liveSetsSchema, performanceSchema, trendingScoresSchema, type Performance } from '@encore/model';
import { documentsToWrite, liveSetsState, nextLiveSets, publishedFigures, rankTrending, scoresOf } from '../domain/live.js';
import type { FoundDoc } from '../platform/docs.js';
import type { Deps } from './deps.js';
import { recountSets } from './live-publish.js';

/** One figure of the live document that did not match the favourites, and what it is now. */
export interface LiveRepair {
  performanceId: string;
  was: number;
  now: number;
}

/**
 * The nightly repair of a festival's live document: every set recounted from the
 * favourites (`count()`), trending recomputed whole, and the document rewritten when any
 * figure differs (the trending scores, `stats/trendingScores`, when they do). A publication racing with it finds `publishedAt` recent and recounts
 * after the interval, so a repair is never overwritten by an older count.
 */
export async function repairLiveSets(deps: Pick<Deps, 'docs' | 'now'>, festivalId: string, performances: ReadonlyArray<FoundDoc<Performance>>): Promise<LiveRepair[]> {
  const now = deps.now();
  const ids = performances.map((performance) => performance.id);
  const recount = await recountSets(deps.docs, festivalId, ids, new Set(ids), now, true);
  const off = new Set(performances.filter((performance) => performance.data.status === 'cancelled').map((performance) => performance.id));
  const path = firestorePaths.liveSets(festivalId);
  const scoresPath = firestorePaths.stats(festivalId, 'trendingScores');
  return deps.docs.transaction(async (tx) => {
    const [live, scores] = await tx.getAll([
      [path, liveSetsSchema],
      [scoresPath, trendingScoresSchema],
    ]);
    const current = liveSetsState(live, scores);
    // Sets no longer on the programme: their favourites leave the figures.
    const favorites = Object.fromEntries(ids.map((id) => [id, recount.favorites[id] ?? 0]));
    const repairs = [...new Set([...ids, ...Object.keys(current?.favorites ?? {})])]
      .map((id) => ({ performanceId: id, was: current?.favorites[id] ?? 0, now: favorites[id] ?? 0 }))
      .filter((repair) => repair.was !== repair.now);
    const next = nextLiveSets(current ? { ...current, favorites: {} } : undefined, { ...recount, favorites }, off, now) ?? current;
    const trendingChanged = JSON.stringify(current?.trending ?? []) !== JSON.stringify(rankTrending(recount.trendingScores, off));
    if (next && (!current || repairs.length > 0 || trendingChanged)) {
      const writes = documentsToWrite({ live, scores, state: current }, next);
      if (writes.live || repairs.length > 0) tx.set(path, publishedFigures(next));
      if (writes.scores) tx.set(scoresPath, scoresOf(next));
    }
    return repairs;
  });
}

/**
 * The migration to published aggregates for an existing festival: performances lose the
 * counts functions used to keep on them (rewritten whole, without `favoriteCount` and
 * `photoCount`), in batches. Returns how many changed; the caller rebuilds the bundle when
 * any did. Safe to run again: a performance without counts is left alone.
 */
export async function stripPerformanceCounts(deps: Pick<Deps, 'docs'>, festivalId: string): Promise<number> {
  const performances = await deps.docs.query({ collection: firestorePaths.performances(festivalId) }, performanceSchema);
  const counted = performances.filter(({ data }) => data.favoriteCount !== undefined || data.photoCount !== undefined);
  for (let start = 0; start < counted.length; start += 400) {
    const page = counted.slice(start, start + 400);
    await deps.docs.batch((batch) => {
      for (const { path, data } of page) {
        const { favoriteCount: _favorites, photoCount: _photos, ...staffFields } = data;
        batch.set(path, staffFields);
      }
    });
  }
  return counted.length;
}
