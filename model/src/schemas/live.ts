import { z } from 'zod';
import { counterSchema, documentIdSchema, timestampSchema } from './common.js';
import { photoSchema, reactionCountsSchema, reactionKindSchema, wallRenditionSchema } from './photos.js';

/**
 * Live figures as published aggregates. The truth is what people write (their favourites);
 * functions recount what changed and publish it into one document per festival, rewritten at
 * most once every LIVE_PUBLISH_INTERVAL_SECONDS and only when something changed, so an open
 * app pays a bounded number of reads a minute, however many people favourite.
 */

// Kept in a module without zod: the app's first paint reads it (its connection badge).
export { LIVE_PUBLISH_INTERVAL_SECONDS } from './live-cadence.js';
/** Trending counts favourites given in this window by established accounts only. */
export const LIVE_TRENDING_WINDOW_MINUTES = 60;
/**
 * How many trending sets `live/sets` carries: as many as any screen shows (the inbox lists 10,
 * the staff dashboard 8). Every open app downloads the document at each publication (Firestore
 * network egress), so it carries no more than a screen shows.
 */
export const LIVE_TRENDING_SIZE = 10;

export const liveTrendingItemSchema = z.object({ performanceId: documentIdSchema, favorites: counterSchema }).strict();
export type LiveTrendingItem = z.infer<typeof liveTrendingItemSchema>;

/**
 * `festivals/{f}/live/sets`: per set, how many people have it in their schedule; and trending.
 * Only what a visitor's screen shows: every open app downloads it at each publication. What
 * ranks trending (the scores of every set) is the functions' own, in `stats/trendingScores`.
 */
export const liveSetsSchema = z
  .object({
    /** Per performance id, its favourites (sets with none may be absent: read as 0). */
    favorites: z.record(documentIdSchema, counterSchema),
    /** The sets most favourited by established accounts over the last hour, most first (LIVE_TRENDING_SIZE; older documents up to 50). */
    trending: z.array(liveTrendingItemSchema).max(50),
    /** Legacy: trending's scores, published here until they moved to `stats/trendingScores`; the next publication drops them. */
    trendingScores: z.record(documentIdSchema, counterSchema).optional(),
    /** Legacy, as `trendingScores`. */
    trendingCheckedAt: timestampSchema.optional(),
    publishedAt: timestampSchema,
  })
  .strict();
export type LiveSets = z.infer<typeof liveSetsSchema>;

/**
 * `festivals/{f}/liveMarks/{markId}`: sets whose favourites changed, stored by `countFavorite`
 * (and `refreshTrending`) before it acknowledges the message: an instance writes one mark for
 * the favourites that arrived while its previous mark was being written (one write per burst,
 * not per favourite), then asks for the festival's next publication (a task at the next
 * `LIVE_PUBLISH_INTERVAL_SECONDS` boundary). That publication recounts the marked sets and
 * deletes the marks it read in its own transaction; a scheduled sweep asks again for marks left
 * behind. A redelivered message stores its set again: harmless, counts are recounted from the
 * favourites. Functions only.
 */
export const liveMarkSchema = z
  .object({
    /** The sets to recount (each at most once). */
    sets: z.array(documentIdSchema).min(1).max(1000),
    markedAt: timestampSchema,
  })
  .strict();
export type LiveMark = z.infer<typeof liveMarkSchema>;

/**
 * `festivals/{f}/livePhotoMarks/{markId}`: what changed on the wall since the last publication of
 * `live/photos`, stored by `countReaction` and `publishWallPhoto` before they acknowledge their
 * messages (one mark per burst an instance receives), consumed and deleted by the publication
 * like `liveMarks`. Functions only.
 */
export const livePhotoMarkSchema = z
  .object({
    /** Per photo whose reactions changed, the kinds to recount ('all': every kind). */
    reactions: z.record(documentIdSchema, z.union([z.literal('all'), z.array(reactionKindSchema).min(1).max(4)])),
    /** A photo joined or left the ready ones (or changed set): the publication queries the wall again. */
    wall: z.boolean(),
    /** Photos that stopped being ready (listed in `live/photos` `withdrawn`). */
    withdrawn: z.array(documentIdSchema).max(1000),
    markedAt: timestampSchema,
  })
  .strict()
  .refine((mark) => mark.wall || mark.withdrawn.length > 0 || Object.keys(mark.reactions).length > 0, 'a photo mark marks something');
export type LivePhotoMark = z.infer<typeof livePhotoMarkSchema>;

/**
 * `festivals/{f}/live/programme`: which programme bundle is the current one. Functions write it
 * each time they rebuild the festival's bundle (a staff edit of the programme, the venue map or
 * an info page), and an open visitor's app listens to this one small document instead of to
 * the programme's collections: when `builtAt` is newer than the bundle it shows, it fetches the
 * bundle again (`?v=<builtAt in ms>`, past every cache). One read per programme change per open
 * app, nothing per favourite, and no programme document in the app's Firestore cache.
 */
export const programmeVersionSchema = z
  .object({
    /** The current bundle's build time (its metadata's `createTime`). */
    builtAt: timestampSchema,
    /** The current bundle's digest, as `GET /bundles/{f}/programme.bundle` gives it in its ETag (uncompressed). */
    etag: z.string().min(1).max(200),
  })
  .strict();
export type ProgrammeVersion = z.infer<typeof programmeVersionSchema>;

/**
 * `festivals/{f}/stats/trendingScores`: what trending is ranked from, kept by the functions that
 * publish `live/sets` (in the same transaction) and by no screen, so open apps do not download it.
 */
export const trendingScoresSchema = z
  .object({
    /** Per set recounted lately: its established favourites of the trending window (none: absent). */
    scores: z.record(documentIdSchema, counterSchema),
    /** When every score was last recounted (they age as the window moves). */
    checkedAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .strict();
export type TrendingScores = z.infer<typeof trendingScoresSchema>;

/**
 * How many photos `festivals/{f}/live/photos` carries: the newest photos with reactions, as many
 * as the wall shows (its newest 60 ready photos: any of them with reactions is among these).
 * Bound: an entry is at most ~180 bytes (a 64-character id, its time, four counters), so the
 * document stays under 11 KiB whatever the crowd, far below Firestore's 1 MiB; every open wall
 * downloads it at each publication, so it is kept to what the wall shows. Older photos carry
 * their counts themselves (`photos/{id}.reactions`), published at the same cadence.
 */
export const LIVE_PHOTOS_SIZE = 60;

/**
 * How many of the newest ready photos `live/photos` carries for the wall (`wall`): a phone's wall
 * shows about 8 tiles at once, so 12 fill its first screen and a half; older ones the wall pages
 * with one-off queries. Every open wall downloads the whole document at each publication (billed
 * as Firestore network egress), so this is kept small: `npm run bench -- bill` prices it.
 */
export const LIVE_WALL_SIZE = 12;
/**
 * The wall's hard size bound: a publication drops its oldest tiles until the tiles' JSON fits in
 * this many bytes (a tile is ~0.6 KB with its five AVIF renditions, which stand for the fifteen
 * files: `wallRenditionsListed`; so 12 take ~7 KiB). With the
 * reactions (under 11 KiB) the document stays under 36 KiB, far below Firestore's 1 MiB.
 */
export const LIVE_WALL_MAX_BYTES = 24 * 1024;

/**
 * One photo of the wall as a tile shows it: the photo document's fields a tile and the lightbox
 * need, and its id; its renditions without their paths and sizes (`wallRenditionSchema`).
 */
const photoField = photoSchema.shape;
export const liveWallPhotoSchema = z
  .object({
    id: documentIdSchema,
    uploaderUid: photoField.uploaderUid,
    uploaderName: photoField.uploaderName,
    performanceId: photoField.performanceId,
    width: photoField.width,
    height: photoField.height,
    thumbnails: z.array(wallRenditionSchema),
    renditionVersion: photoField.renditionVersion,
    dominantColor: photoField.dominantColor,
    placeholder: photoField.placeholder,
    capturedAt: photoField.capturedAt,
    createdAt: photoField.createdAt,
  })
  .strict();
export type LiveWallPhoto = z.infer<typeof liveWallPhotoSchema>;

/** One photo of `live/photos`: its creation time (the window's order) and its reactions per kind. */
export const livePhotoEntrySchema = z
  .object({ createdAt: timestampSchema })
  .merge(reactionCountsSchema.partial())
  .strict();
export type LivePhotoEntry = z.infer<typeof livePhotoEntrySchema>;

/** How long and how many withdrawn photos `live/photos` lists (about 3 KiB at most). */
export const LIVE_WITHDRAWN_MINUTES = 60;
export const LIVE_WITHDRAWN_SIZE = 50;

/**
 * `festivals/{f}/live/photos`: reactions per kind of the newest photos that have any, published
 * like `live/sets` (at most once every LIVE_PUBLISH_INTERVAL_SECONDS, only when a count changed).
 */
export const livePhotosSchema = z
  .object({
    /** Per photo id (the LIVE_PHOTOS_SIZE newest with reactions): its counts; kinds at 0 absent. */
    reactions: z.record(documentIdSchema, livePhotoEntrySchema),
    /**
     * The newest LIVE_WALL_SIZE ready photos, newest first (hidden, rejected and deleted ones leave
     * at the next publication), so an open wall pays one read per publication, not one per new
     * photo. Absent on documents published before it existed: the wall then queries its first page.
     */
    wall: z.array(liveWallPhotoSchema).max(LIVE_WALL_SIZE).optional(),
    /**
     * Photos that stopped being ready lately (hidden, rejected, deleted), newest first: an open
     * wall drops them wherever it shows them (a tile that aged out of `wall`, an older page it
     * loaded), which it cannot tell from `wall` alone. The last LIVE_WITHDRAWN_MINUTES, at most
     * LIVE_WITHDRAWN_SIZE; a wall opened later queries only ready photos anyway.
     */
    withdrawn: z.array(z.object({ photoId: documentIdSchema, at: timestampSchema }).strict()).max(LIVE_WITHDRAWN_SIZE).optional(),
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
