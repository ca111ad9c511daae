import { z } from 'zod';
import { counterSchema, documentIdSchema, timestampSchema } from './common.js';
import { reactionCountsSchema } from './photos.js';

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

/**
 * How many photos `festivals/{f}/live/photos` carries: the newest photos with reactions, as many
 * as the wall shows (its newest 60 ready photos: any of them with reactions is among these).
 * Bound: an entry is at most ~180 bytes (a 64-character id, its time, four counters), so the
 * document stays under 11 KiB whatever the crowd, far below Firestore's 1 MiB; every open wall
 * downloads it at each publication, so it is kept to what the wall shows. Older photos carry
 * their counts themselves (`photos/{id}.reactions`), published at the same cadence.
 */
export const LIVE_PHOTOS_SIZE = 60;

/** One photo of `live/photos`: its creation time (the window's order) and its reactions per kind. */
export const livePhotoEntrySchema = z
  .object({ createdAt: timestampSchema })
  .merge(reactionCountsSchema.partial())
  .strict();
export type LivePhotoEntry = z.infer<typeof livePhotoEntrySchema>;

/**
 * `festivals/{f}/live/photos`: reactions per kind of the newest photos that have any, published
 * like `live/sets` (at most once every LIVE_PUBLISH_INTERVAL_SECONDS, only when a count changed).
 */
export const livePhotosSchema = z
  .object({
    /** Per photo id (the LIVE_PHOTOS_SIZE newest with reactions): its counts; kinds at 0 absent. */
    reactions: z.record(documentIdSchema, livePhotoEntrySchema),
    publishedAt: timestampSchema,
  })
  .strict();
export type LivePhotos = z.infer<typeof livePhotosSchema>;

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
