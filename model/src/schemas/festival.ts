import { z } from 'zod';
import { artistLinksSchema, festivalLinksSchema } from './artist-links.js';
import { counterSchema, hexColourSchema, isoDateSchema, localeSchema, slugIdSchema, textSchema, timeZoneSchema, timestampSchema } from './common.js';
import { delayIdSchema, scheduledTimesSchema } from './delay.js';
import { mediaFields } from './media.js';
import { emergencyNumberSchema } from './help.js';

/**
 * A festival's look (issue 35): `primary` is the app's accent (buttons with white text on it,
 * links, the focus of every control), `secondary` the night band behind the programme's header
 * (light text on it). Both are checked for contrast before they are stored (festival/brand.ts).
 */
export const festivalColoursSchema = z.object({ primary: hexColourSchema, secondary: hexColourSchema }).strict();
export type FestivalColours = z.infer<typeof festivalColoursSchema>;

/**
 * `festivals/{festivalId}`: one edition of a festival. Created by a project admin (`createFestival`)
 * or copied from an earlier edition (`createEdition`), edited by its admins until it is archived.
 */
export const festivalSchema = z
  .object({
    name: textSchema(120),
    /** The name where room is short: the installed app's name under its icon, the browser tab. */
    shortName: textSchema(30).optional(),
    timeZone: timeZoneSchema,
    startsOn: isoDateSchema,
    endsOn: isoDateSchema,
    venue: textSchema(200),
    /** The venue's postal address, as visitors type it into a route planner. */
    address: z.string().trim().max(300).optional(),
    /** The languages the festival offers its visitors (at least its default one). */
    languages: z.array(localeSchema).min(1).max(2).optional(),
    /** The language a visitor whose browser asks for none of `languages` gets. */
    defaultLanguage: localeSchema.optional(),
    colours: festivalColoursSchema.optional(),
    links: festivalLinksSchema.optional(),
    /**
     * The local hour at which one festival day hands over to the next. A set at 01:30
     * belongs to the previous night; with the default 6, anything before 06:00 does.
     */
    dayStartsAtHour: z.number().int().min(0).max(12).optional(),
    description: z.string().max(2000).optional(),
    /** Days a ready photo's original is kept after its upload (renditions stay); absent: the deploy's `ORIGINAL_RETENTION_DAYS`. */
    originalRetentionDays: z.number().int().min(1).max(365).optional(),
    /**
     * When its admin archived it (`archiveFestival`, functions only): read-only for every client
     * from then on, and its nightly jobs skip it; absent while it is open.
     */
    archivedAt: timestampSchema.optional(),
    /** The festival this edition was copied from (`createEdition`, functions only); absent for one created empty. */
    editionOf: slugIdSchema.optional(),
    /** The number the Help page offers to call first (issue 36); absent: `DEFAULT_EMERGENCY_NUMBER` (112). */
    emergencyNumber: emergencyNumberSchema.optional(),
  })
  .strict()
  .refine((f) => f.startsOn <= f.endsOn, { message: 'endsOn must not be before startsOn', path: ['endsOn'] })
  .refine((f) => !f.defaultLanguage || !f.languages || f.languages.includes(f.defaultLanguage), {
    message: 'the default language must be one of the languages offered',
    path: ['defaultLanguage'],
  });
export type Festival = z.infer<typeof festivalSchema>;

/**
 * When the console's "new" form created the document (the server's time). Rules refuse any
 * update that adds or changes it, so a "new" stage, artist or info page whose id exists is
 * refused, never written over the existing one (issue 36), also when an offline queue sends it
 * late. Edits never send it; documents made before issue 36, by an import or by the seed may lack it.
 */
export const createdAtField = timestampSchema.optional();

/** `festivals/{f}/stages/{stageId}`. Written by staff. */
export const stageSchema = z
  .object({
    name: textSchema(80),
    order: z.number().int().min(0).max(999),
    /** A CSS colour (#rrggbb) that identifies the stage in the timetable. */
    color: z.string().regex(/^#[0-9a-f]{6}$/i).optional(),
    createdAt: createdAtField,
  })
  .strict();
export type Stage = z.infer<typeof stageSchema>;

/** The fields staff write on an artist. */
export const artistInputSchema = z
  .object({
    name: textSchema(120),
    bio: z.string().max(5000),
    genres: z.array(textSchema(40)).max(10),
    country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code').optional(),
    /** Website, socials and a listen link: https only, socials on their own network. */
    links: artistLinksSchema.optional(),
  })
  .strict();
export type ArtistInput = z.infer<typeof artistInputSchema>;

/**
 * `festivals/{f}/artists/{artistId}`: staff's fields, plus the picture functions derive from
 * staff's upload (`image`, `imageUpload`: see media.ts).
 */
export const artistSchema = artistInputSchema.extend({ ...mediaFields, createdAt: createdAtField }).strict();
export type Artist = z.infer<typeof artistSchema>;

export const performanceStatusSchema = z.enum(['scheduled', 'cancelled']);
export type PerformanceStatus = z.infer<typeof performanceStatusSchema>;

/** The longest a performance may last: what the programme accepts, and what lets a reader find the sets playing at an instant by their start alone. */
export const MAX_PERFORMANCE_MS = 12 * 3600_000;

/** The fields staff write on a performance. */
export const performanceInputSchema = z
  .object({
    artistId: slugIdSchema,
    stageId: slugIdSchema,
    startsAt: timestampSchema,
    endsAt: timestampSchema,
    status: performanceStatusSchema,
    /** Optional billing such as "DJ set" or "Acoustic". */
    title: z.string().max(120).optional(),
  })
  .strict();

/**
 * `festivals/{f}/performances/{performanceId}`: what staff write. The two counts are legacy:
 * live figures are published in `festivals/{f}/live/sets` now, nothing writes these, and the
 * live-counts migration (nightly maintenance) removes them (staff tools may still create a set with them at 0).
 */
export const performanceSchema = performanceInputSchema
  .extend({
    favoriteCount: counterSchema.optional(),
    photoCount: counterSchema.optional(),
    /** Issue 36: the times printed before a stage delay moved the set (kept across successive delays); absent while on time. */
    scheduled: scheduledTimesSchema.optional(),
    /** The delay (`festivals/{f}/delays/{id}`) that last moved the set; present exactly when `scheduled` is. */
    delayId: delayIdSchema.optional(),
  })
  .strict()
  .refine((p) => (p.scheduled === undefined) === (p.delayId === undefined), { message: 'scheduled and delayId come together', path: ['delayId'] })
  .refine((p) => p.endsAt.getTime() > p.startsAt.getTime(), { message: 'endsAt must be after startsAt', path: ['endsAt'] })
  .refine((p) => p.endsAt.getTime() - p.startsAt.getTime() <= MAX_PERFORMANCE_MS, {
    message: 'a performance lasts at most 12 hours',
    path: ['endsAt'],
  });
export type Performance = z.infer<typeof performanceSchema>;
export type PerformanceInput = z.infer<typeof performanceInputSchema>;
