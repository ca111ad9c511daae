import { z } from 'zod';
import { counterSchema, documentIdSchema, timestampSchema } from './common.js';

/**
 * Live figures as published aggregates. The truth is what people write (their favourites);
 * functions recount what changed and publish it into one document per festival, rewritten at
 * most once every LIVE_PUBLISH_INTERVAL_SECONDS and only when something changed, so an open
 * app pays a bounded number of reads a minute, however many people favourite.
 */

/** The shortest time between two publications of a festival's live document. */
export const LIVE_PUBLISH_INTERVAL_SECONDS = 10;
/** Trending counts favourites given in this window by established accounts only. */
export const LIVE_TRENDING_WINDOW_MINUTES = 60;
export const LIVE_TRENDING_SIZE = 20;

export const liveTrendingItemSchema = z.object({ performanceId: documentIdSchema, favorites: counterSchema }).strict();
export type LiveTrendingItem = z.infer<typeof liveTrendingItemSchema>;

/** `festivals/{f}/live/sets`: per set, how many people have it in their schedule; and trending. */
export const liveSetsSchema = z
  .object({
    /** Per performance id, its favourites (sets with none may be absent: read as 0). */
    favorites: z.record(documentIdSchema, counterSchema),
    /** The sets most favourited by established accounts over the last hour, most first. */
    trending: z.array(liveTrendingItemSchema).max(50),
    /** Per set in `trending` and every set recounted since: its established favourites of the window. */
    trendingScores: z.record(documentIdSchema, counterSchema),
    /** When the trending scores were last all recounted (they age as the window moves). */
    trendingCheckedAt: timestampSchema,
    publishedAt: timestampSchema,
  })
  .strict();
export type LiveSets = z.infer<typeof liveSetsSchema>;

/** How many favourite and reaction toggles one account may make per window; firestore.rules holds the same numbers. */
export const TOGGLES_PER_WINDOW = 30;
export const TOGGLE_WINDOW_SECONDS = 60;

/**
 * `users/{uid}/limits/toggles`: the person's toggle rate limit, written by the client in the
 * same commit as each favourite or reaction change (created, deleted, or a favourite's priority changed) and checked by the
 * rules, like the report limit.
 */
export const toggleLimitSchema = z
  .object({
    windowStartsAt: timestampSchema,
    count: z.number().int().min(1).max(TOGGLES_PER_WINDOW),
    lastToggleAt: timestampSchema,
  })
  .strict();
export type ToggleLimit = z.infer<typeof toggleLimitSchema>;
