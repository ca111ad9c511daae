import { HOURLY_STATS_HOURS, hourStartIn, LIVE_PUBLISH_INTERVAL_SECONDS, LIVE_TRENDING_SIZE, LIVE_TRENDING_WINDOW_MINUTES, type LiveSets, type LiveTrendingItem, type TrendingScores } from '@encore/model';

/**
 * The festival's live document (`festivals/{f}/live/sets`) as pure rules: when it may be
 * written again, what a publication changes in it, and how trending is ranked.
 */

/**
 * What a publication works from: the published figures (`live/sets`, what screens show) and
 * the trending scores they are ranked from (`stats/trendingScores`, the functions' own).
 * `publishedAt` is the later of the two documents' writes (the cadence bounds both).
 */
export interface LiveSetsState {
  favorites: Record<string, number>;
  trending: LiveTrendingItem[];
  trendingScores: Record<string, number>;
  trendingCheckedAt: Date;
  publishedAt: Date;
}

/**
 * The state from the two documents; a `live/sets` published before the scores moved carries
 * them itself (read from there until the next publication moves them).
 */
export function liveSetsState(live: LiveSets | undefined, scores: TrendingScores | undefined): LiveSetsState | undefined {
  if (!live && !scores) return undefined;
  const publishedAt = new Date(Math.max(live?.publishedAt.getTime() ?? 0, scores?.updatedAt.getTime() ?? 0));
  return {
    favorites: live?.favorites ?? {},
    trending: live?.trending ?? [],
    trendingScores: scores?.scores ?? live?.trendingScores ?? {},
    trendingCheckedAt: scores?.checkedAt ?? live?.trendingCheckedAt ?? publishedAt,
    publishedAt,
  };
}

/** What `live/sets` publishes of a state: only what a screen shows. */
export function publishedFigures(state: LiveSetsState): LiveSets {
  return { favorites: state.favorites, trending: state.trending, publishedAt: state.publishedAt };
}

/** What `stats/trendingScores` keeps of a state. */
export function scoresOf(state: LiveSetsState): TrendingScores {
  return { scores: state.trendingScores, checkedAt: state.trendingCheckedAt, updatedAt: state.publishedAt };
}

/**
 * Which of the two documents a publication writes: `live/sets` only when what a screen shows
 * changed (favourites or trending; a legacy document also to drop its scores), the scores when they changed
 * (or were never written apart).
 */
export function documentsToWrite(previous: { live: LiveSets | undefined; scores: TrendingScores | undefined; state: LiveSetsState | undefined }, next: LiveSetsState): { live: boolean; scores: boolean } {
  const { live, state } = previous;
  const shown = !live || live.trendingScores !== undefined || !sameMap(live.favorites, next.favorites) || JSON.stringify(live.trending) !== JSON.stringify(next.trending);
  const scores = !previous.scores || !state || !sameMap(state.trendingScores, next.trendingScores) || state.trendingCheckedAt.getTime() !== next.trendingCheckedAt.getTime();
  return { live: shown, scores };
}

/**
 * The publication interval from a setting in seconds (the environment's LIVE_PUBLISH_INTERVAL_SECONDS):
 * absent or empty, the production default; otherwise a whole number from 1 to 30 (the issue's
 * largest allowed lag), or an error that names the setting.
 */
export function publishIntervalMs(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return LIVE_PUBLISH_INTERVAL_SECONDS * 1000;
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 30) {
    throw new Error(`LIVE_PUBLISH_INTERVAL_SECONDS must be a whole number of seconds from 1 to 30, not "${setting}"`);
  }
  return seconds * 1000;
}

/** This process's interval: read once, at load (test stacks set a shorter one through the runner's env). */
export const PUBLISH_INTERVAL_MS = publishIntervalMs(process.env.LIVE_PUBLISH_INTERVAL_SECONDS);
/** Trending scores age as the window moves: every listed set is recounted this often. */
export const TRENDING_RECHECK_MS = 5 * 60_000;

/** The earliest instant the document may be written again (now when it never was). */
export function nextPublishAt(publishedAt: Date | undefined): number {
  return publishedAt ? publishedAt.getTime() + PUBLISH_INTERVAL_MS : 0;
}

/** The oldest favourite that still counts in trending at `now`. */
export function trendingWindowStart(now: Date): Date {
  return new Date(now.getTime() - LIVE_TRENDING_WINDOW_MINUTES * 60_000);
}

/** Whether the trending scores are due for a full recount at `now`. */
export function trendingRecheckDue(live: Pick<LiveSetsState, 'trendingCheckedAt'> | undefined, now: Date): boolean {
  return !live || now.getTime() - live.trendingCheckedAt.getTime() >= TRENDING_RECHECK_MS;
}

/** Sets with a positive score, most first (ties by id), without those off the programme. */
export function rankTrending(scores: Readonly<Record<string, number>>, offProgramme: ReadonlySet<string>, size = LIVE_TRENDING_SIZE): LiveTrendingItem[] {
  return Object.entries(scores)
    .filter(([id, favorites]) => favorites > 0 && !offProgramme.has(id))
    .sort(([idA, a], [idB, b]) => b - a || idA.localeCompare(idB))
    .slice(0, size)
    .map(([performanceId, favorites]) => ({ performanceId, favorites }));
}

export interface Recount {
  /** Per recounted set, its favourites now. */
  favorites: Record<string, number>;
  /** Per recounted set, its reputable favourites of the trending window. */
  trendingScores: Record<string, number>;
  /** Whether every trending score was recounted (the recheck). */
  trendingRechecked: boolean;
}

/** The scores after a recount: recounted sets replaced, zeros dropped; on a recheck only the recounted remain. */
export function mergeScores(previous: Readonly<Record<string, number>>, recount: Recount): Record<string, number> {
  const merged: Record<string, number> = recount.trendingRechecked ? {} : { ...previous };
  for (const [id, score] of Object.entries(recount.trendingScores)) merged[id] = score;
  for (const [id, score] of Object.entries(merged)) if (score <= 0) delete merged[id];
  return merged;
}

/**
 * The document after a recount, or null when nothing a reader sees changed (then nothing is
 * written: an add and a remove within one interval cost no write and no listener read).
 */
export function nextLiveSets(previous: LiveSetsState | undefined, recount: Recount, offProgramme: ReadonlySet<string>, now: Date): LiveSetsState | null {
  const favorites: Record<string, number> = { ...previous?.favorites };
  for (const [id, count] of Object.entries(recount.favorites)) {
    if (count > 0) favorites[id] = count;
    else delete favorites[id];
  }
  const trendingScores = mergeScores(previous?.trendingScores ?? {}, recount);
  const trending = rankTrending(trendingScores, offProgramme);
  const next: LiveSetsState = {
    favorites,
    trending,
    trendingScores,
    trendingCheckedAt: recount.trendingRechecked ? now : (previous?.trendingCheckedAt ?? now),
    publishedAt: now,
  };
  if (previous && sameFigures(previous, next)) return null;
  return next;
}

function sameFigures(a: LiveSetsState, b: LiveSetsState): boolean {
  return sameMap(a.favorites, b.favorites) && sameMap(a.trendingScores, b.trendingScores) && JSON.stringify(a.trending) === JSON.stringify(b.trending) && a.trendingCheckedAt.getTime() === b.trendingCheckedAt.getTime();
}

function sameMap(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

const HOUR_MS = 3_600_000;

/** The start of the festival's hour an instant is in, as `stats/hourly` keys it (an ISO instant). */
export function hourKey(at: Date, timeZone: string): string {
  return hourStartIn(at, timeZone).toISOString();
}

/** Favourites added minus removed between two publications of the live document (a set absent counts 0). */
export function favoritesChange(previous: Pick<LiveSets, 'favorites'> | undefined, next: Pick<LiveSets, 'favorites'>): number {
  const total = (favorites: Readonly<Record<string, number>>) => Object.values(favorites).reduce((sum, count) => sum + count, 0);
  return total(next.favorites) - total(previous?.favorites ?? {});
}

/**
 * `stats/hourly`'s favourites after a publication: its net change added to the hour it was
 * published in (so a favourite counts in the hour it reached everyone's count, at most
 * LIVE_PUBLISH_INTERVAL_SECONDS late) on the festival's clock, the hours before the last
 * `keepHours` dropped, in order of time.
 */
export function addToHourly(hours: Readonly<Record<string, number>>, at: Date, change: number, timeZone: string, keepHours = HOURLY_STATS_HOURS): Record<string, number> {
  const key = hourKey(at, timeZone);
  const oldest = new Date(new Date(key).getTime() - (keepHours - 1) * HOUR_MS).toISOString();
  const next: Record<string, number> = { ...hours, [key]: (hours[key] ?? 0) + change };
  return Object.fromEntries(
    Object.entries(next)
      .filter(([hour]) => hour >= oldest)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
