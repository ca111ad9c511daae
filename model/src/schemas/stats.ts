import { z } from 'zod';
import { counterSchema, documentIdSchema, slugIdSchema, timestampSchema } from './common.js';
import { rejectionCodeSchema } from './rejection.js';

/**
 * `festivals/{f}/stats/{name}`: aggregates written only by functions, one document per
 * view so the UI reads one document and never counts with a query.
 */
export const totalsStatsSchema = z
  .object({
    favorites: counterSchema,
    photos: counterSchema,
    reactions: counterSchema,
    reports: counterSchema,
    updatedAt: timestampSchema,
  })
  .strict();
export type TotalsStats = z.infer<typeof totalsStatsSchema>;

/** Most favourited performances over the last `windowMinutes`. */
export const trendingStatsSchema = z
  .object({
    windowMinutes: z.number().int().positive(),
    items: z
      .array(z.object({ performanceId: documentIdSchema, favorites: counterSchema }).strict())
      .max(50),
    updatedAt: timestampSchema,
  })
  .strict();
export type TrendingStats = z.infer<typeof trendingStatsSchema>;

/** Interest per stage. */
export const stageStatsSchema = z
  .object({
    stages: z.record(slugIdSchema, z.object({ favorites: counterSchema, photos: counterSchema }).strict()),
    updatedAt: timestampSchema,
  })
  .strict();
export type StageStats = z.infer<typeof stageStatsSchema>;

/** `stats/daily-YYYY-MM-DD`: yesterday's figures, rolled up nightly. */
export const dailyStatsSchema = z
  .object({
    day: z.iso.date(),
    favoritesAdded: counterSchema,
    favoritesRemoved: counterSchema,
    photosUploaded: counterSchema,
    photosRejected: counterSchema,
    reactions: counterSchema,
    reports: counterSchema,
    rolledUpAt: timestampSchema,
  })
  .strict();
export type DailyStats = z.infer<typeof dailyStatsSchema>;

/**
 * `stats/today`: today's figures (the festival's calendar day, in its time zone) as they
 * happen, summed from the same daily shards the nightly roll-up reads, by every stats refresh
 * (so within seconds of each upload, reaction or report). Favourites today are the day's hours
 * in `stats/hourly`. A `day` other than today's means nothing has happened yet today.
 */
export const todayStatsSchema = z
  .object({
    day: z.iso.date(),
    photosUploaded: counterSchema,
    photosRejected: counterSchema,
    reactions: counterSchema,
    reports: counterSchema,
    updatedAt: timestampSchema,
  })
  .strict();
export type TodayStats = z.infer<typeof todayStatsSchema>;

/** How many hours `stats/hourly` keeps. */
export const HOURLY_STATS_HOURS = 24;

/**
 * `stats/hourly`: favourites per hour over the last day (net: added minus removed), for the
 * staff dashboard's chart, added by each publication of the live document (`live/sets`) in the
 * hour it was published. Keys are the hours' starts as ISO instants (`2026-08-14T19:00:00.000Z`).
 */
export const hourlyStatsSchema = z
  .object({
    favorites: z.record(z.iso.datetime(), z.number().int()),
    updatedAt: timestampSchema,
  })
  .strict();
export type HourlyStats = z.infer<typeof hourlyStatsSchema>;

/**
 * `stats/uploadRefusals-{YYYY-MM-DD}` (issue 39): the uploads the photo pipeline refused on
 * that calendar day of the festival's zone (midnight to midnight, as `stats/today`), per hour
 * the file was uploaded in (keys: the hours' starts as ISO instants) and per reason (the
 * rejection's code), for the staff dashboard. Added to once per refused photo, in the
 * transaction that marks it rejected; one document a day, so none grows without end.
 */
export const uploadRefusalsSchema = z
  .object({
    day: z.iso.date(),
    hours: z.record(z.iso.datetime(), z.partialRecord(rejectionCodeSchema, counterSchema)),
    updatedAt: timestampSchema,
  })
  .strict();
export type UploadRefusals = z.infer<typeof uploadRefusalsSchema>;

/** The `stats/{name}` of a day's refused uploads. */
export const uploadRefusalsName = (day: string) => `uploadRefusals-${day}`;
