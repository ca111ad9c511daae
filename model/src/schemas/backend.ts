import { z } from 'zod';
import { documentIdSchema, isoDateSchema, slugIdSchema, timestampSchema } from './common.js';

/**
 * Documents only functions read and write (no client may touch them, see firestore.rules).
 * They are part of the contract all the same: functions parse every document they read
 * with these schemas, so a bad one is an error naming its path and field.
 */

/** `eventLedger/{subscriber}~{eventId}`: an event a subscriber has applied (TTL on `expiresAt`). */
export const ledgerEntrySchema = z
  .object({ subscriber: z.string().min(1).max(100), eventId: z.string().min(1).max(1500), processedAt: timestampSchema, expiresAt: timestampSchema })
  .strict();
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `festivals/{f}/uploadQuotas/{uid}_{day}`: the photos counted against one person's festival day. */
export const uploadQuotaSchema = z
  .object({ photoIds: z.array(documentIdSchema).max(10_000), day: isoDateSchema, uid: z.string().min(1).max(128) })
  .strict();
export type UploadQuota = z.infer<typeof uploadQuotaSchema>;

/**
 * `festivals/{f}/uploadRate/{hour}` (UTC, `YYYY-MM-DDTHH`): the photos the pipeline took for
 * the festival in that hour from everyone together (`FESTIVAL_UPLOADS_PER_HOUR`), so a crowd
 * of accounts cannot multiply the pipeline's work by their number.
 */
export const uploadRateSchema = z
  .object({ photoIds: z.array(documentIdSchema).max(10_000), hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/) })
  .strict();
export type UploadRate = z.infer<typeof uploadRateSchema>;

/**
 * One shard of a counter. Every change to a shard adds 1 to `ops`, which only grows (see
 * functions' `domain/counters.ts`); the figures themselves may dip below zero on one shard
 * while a removal lands on another shard than its addition. Fields appear as shards are
 * first incremented, so all are optional.
 */
const shardFigure = z.number().int();

/** `festivals/{f}/performances/{p}/favoriteShards/{0-9}`. */
export const favoriteShardSchema = z.object({ count: shardFigure.optional(), ops: shardFigure.min(0).optional() }).strict();
export type FavoriteShard = z.infer<typeof favoriteShardSchema>;

/** `festivals/{f}/statShards/{0-9}`: festival-wide figures, and per stage. */
export const statShardSchema = z
  .object({
    favorites: shardFigure.optional(),
    photos: shardFigure.optional(),
    reactions: shardFigure.optional(),
    reports: shardFigure.optional(),
    stages: z.record(z.string(), z.object({ favorites: shardFigure.optional(), photos: shardFigure.optional() }).strict()).optional(),
    ops: shardFigure.min(0).optional(),
  })
  .strict();
export type StatShard = z.infer<typeof statShardSchema>;

/** `{shard collection}/rollup`: the `ops` of the last roll-up written from those shards. */
export const rollupSchema = z.object({ ops: z.number().int().min(0) }).strict();
export type Rollup = z.infer<typeof rollupSchema>;

/** `festivals/{f}/trendBuckets/{startMs}_{shard}`: favourite changes per performance in 5 minutes. */
export const trendBucketSchema = z.object({ startsAt: timestampSchema, counts: z.record(z.string(), shardFigure) }).strict();
export type TrendBucketDoc = z.infer<typeof trendBucketSchema>;

/** `festivals/{f}/dailyShards/{day}_{shard}`: figures of one local day, rolled up nightly. */
export const dailyShardSchema = z
  .object({
    day: isoDateSchema,
    favoritesAdded: shardFigure.optional(),
    favoritesRemoved: shardFigure.optional(),
    photosUploaded: shardFigure.optional(),
    photosRejected: shardFigure.optional(),
    reactions: shardFigure.optional(),
    reports: shardFigure.optional(),
  })
  .strict();
export type DailyShard = z.infer<typeof dailyShardSchema>;

/** `users/{uid}/private/calendar`: the secret in a person's calendar-feed URL. */
export const calendarSecretSchema = z.object({ token: z.string().min(16).max(200), createdAt: timestampSchema }).strict();
export type CalendarSecret = z.infer<typeof calendarSecretSchema>;

/** `users/{uid}/clashes/{festivalId}`: which of a person's favourites overlap another (readable by them). */
export const clashStateSchema = z
  .object({ festivalId: slugIdSchema, clashingPerformanceIds: z.array(documentIdSchema).max(1000), updatedAt: timestampSchema })
  .strict();
export type ClashState = z.infer<typeof clashStateSchema>;
