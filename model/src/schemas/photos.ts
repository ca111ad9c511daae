import { z } from 'zod';
import { counterSchema, documentIdSchema, textSchema, timestampSchema } from './common.js';
import { rejectionSchema } from './rejection.js';
import { displayNameSchema } from './user.js';

/**
 * Photo lifecycle: `processing -> ready` or `processing -> rejected` (with a reason);
 * staff move `ready -> hidden -> ready`; deleting the original makes it `deleted`.
 */
export const photoStatusSchema = z.enum(['processing', 'ready', 'rejected', 'hidden', 'deleted']);
export type PhotoStatus = z.infer<typeof photoStatusSchema>;

export const thumbnailFormatSchema = z.enum(['avif', 'webp', 'jpeg']);
export type ThumbnailFormat = z.infer<typeof thumbnailFormatSchema>;

/** One derived rendition: `photos/{f}/{photoId}/{width}.{ext}` in Storage. */
export const thumbnailSchema = z
  .object({
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    format: thumbnailFormatSchema,
    path: z.string().min(1).max(1024),
    bytes: z.number().int().positive(),
  })
  .strict();
export type Thumbnail = z.infer<typeof thumbnailSchema>;

/** Each rendition format's file extension: a photo's rendition is `storagePaths.thumbnail(f, photoId, width, THUMBNAIL_EXTENSIONS[format], renditionVersion)`. */
export const THUMBNAIL_EXTENSIONS: Readonly<Record<ThumbnailFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/**
 * The recipe a photo's renditions were made by (widths, formats, encoder settings), as a short
 * fingerprint the pipeline computes (functions/src/domain/image-policy.ts,
 * `PHOTO_RENDITION_VERSION`). It is part of each rendition's file name (`{version}-{width}.{ext}`),
 * so a rendition's URL changes whenever its bytes could (a photo's original never changes under
 * its id): the files may be cached for a year. Absent on photos made before it: their files
 * are `{width}.{ext}`, cached for five minutes.
 */
export const renditionVersionSchema = z.string().regex(/^[a-z0-9]{4,16}$/, 'a rendition version is 4-16 lowercase letters and digits');

/**
 * A rendition as a wall tile (`live/photos.wall`) carries it: no `path` (it follows from the
 * photo's id, width and format: `THUMBNAIL_EXTENSIONS`) and no `bytes` (no screen shows them),
 * since every open wall downloads the tiles at each publication.
 */
export const wallRenditionSchema = z.object({ width: thumbnailSchema.shape.width, height: thumbnailSchema.shape.height, format: thumbnailFormatSchema }).strict();
export type WallRendition = z.infer<typeof wallRenditionSchema>;

/** A photo's reactions per kind (every kind present, 0 included). */
export const reactionCountsSchema = z
  .object({ love: counterSchema, fire: counterSchema, clap: counterSchema, wow: counterSchema })
  .strict();
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

/** `festivals/{f}/photos/{photoId}`: created by functions when an upload lands. */
export const photoSchema = z
  .object({
    uploaderUid: z.string().min(1).max(128),
    /** The uploader's chosen display name when the upload landed (`users/{uid}.displayName`); absent: none chosen. */
    uploaderName: displayNameSchema.optional(),
    performanceId: documentIdSchema.nullable(),
    /** Set from the capture time and the programme when the uploader picked no performance. */
    suggestedPerformanceId: documentIdSchema.nullable().optional(),
    status: photoStatusSchema,
    rejectReason: textSchema(300).nullable(),
    /** The reason as a code and its numbers, rendered in the reader's language (absent on photos refused before it existed). */
    rejection: rejectionSchema.nullable().optional(),
    originalPath: z.string().min(1).max(1024),
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
    thumbnails: z.array(thumbnailSchema),
    /** The recipe its renditions were made by, in their file names (`renditionVersionSchema`); absent: made before it. */
    renditionVersion: renditionVersionSchema.optional(),
    /** Average colour as #rrggbb, painted behind the placeholder. */
    dominantColor: z.string().regex(/^#[0-9a-f]{6}$/i).nullable(),
    /** A ThumbHash (base64) the client decodes into a blurred preview while loading. */
    placeholder: z.string().max(100).nullable(),
    capturedAt: timestampSchema.nullable(),
    /** Legacy: the total functions kept while every reaction rewrote the photo; the reactions migration removes it. */
    reactionCount: counterSchema.optional(),
    /**
     * Per kind, the photo's reactions once it is older than the photos `festivals/{f}/live/photos`
     * carries (LIVE_PHOTOS_SIZE): published by functions at most once per LIVE_PUBLISH_INTERVAL_SECONDS.
     * While the photo is in the live document this is absent or stale: the live document wins.
     */
    reactions: reactionCountsSchema.optional(),
    reportCount: counterSchema,
    /** Times the nightly job sent the upload through the pipeline again because it stayed `processing` (absent: never). */
    redrives: z.number().int().min(0).max(100).optional(),
    /**
     * When the nightly job retired the original (its renditions stay): once the photo has been
     * up for the festival's `originalRetentionDays` (deploy default `ORIGINAL_RETENTION_DAYS`).
     * The original's deletion then leaves the photo as it is.
     */
    originalRetiredAt: timestampSchema.optional(),
    /** When the uploader deleted it (status `deleted`): functions then remove its files, reactions and the document. */
    deleteRequestedAt: timestampSchema.optional(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .strict()
  .refine((p) => p.status !== 'rejected' || p.rejectReason !== null, {
    message: 'a rejected photo needs a rejectReason',
    path: ['rejectReason'],
  });
export type Photo = z.infer<typeof photoSchema>;

export const reactionKindSchema = z.enum(['love', 'fire', 'clap', 'wow']);
export type ReactionKind = z.infer<typeof reactionKindSchema>;
export const REACTION_KINDS = reactionKindSchema.options;


/** `festivals/{f}/photos/{photoId}/reactions/{uid}`: one per user per photo. */
export const reactionSchema = z
  .object({
    kind: reactionKindSchema,
    createdAt: timestampSchema,
  })
  .strict();
export type Reaction = z.infer<typeof reactionSchema>;

export const reportReasonSchema = z.enum(['inappropriate', 'privacy', 'spam', 'copyright', 'other']);
export type ReportReason = z.infer<typeof reportReasonSchema>;

/**
 * Why a filed report did not count towards hiding its photo (it still counts as a report, and
 * staff see it): a report counts only from an account with a verified email, older than
 * `REPORTER_COUNTS_AFTER_HOURS`, with a favourite saved before the report, never refuted by
 * staff (functions/src/domain/reporter-trust.ts).
 */
export const notCountedBecauseSchema = z.enum(['no-account', 'anonymous', 'unverified-email', 'new-account', 'no-history', 'refuted']);
export type NotCountedBecause = z.infer<typeof notCountedBecauseSchema>;


/**
 * `festivals/{f}/reports/{photoId}~{uid}` (`reportIdFor`): one per person per photo, filed
 * by a trusted account (verified email, or the `trustedReporter` claim the backend grants
 * to accounts old enough). The moderation subscriber adds `countedAt` and whether the
 * reporter counted as trusted when it counted the report; clients never write those.
 */
export const reportSchema = z
  .object({
    photoId: documentIdSchema,
    reporterUid: z.string().min(1).max(128),
    reason: reportReasonSchema,
    details: z.string().max(500).optional(),
    createdAt: timestampSchema,
    countedAt: timestampSchema.optional(),
    trustedReporter: z.boolean().optional(),
    /** Why it did not count towards hiding (with `trustedReporter: false`). */
    notCountedBecause: notCountedBecauseSchema.optional(),
  })
  .strict();
export type Report = z.infer<typeof reportSchema>;
