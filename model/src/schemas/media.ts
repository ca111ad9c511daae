import { z } from 'zod';
import { rejectionSchema } from './rejection.js';
import { photoIdSchema, textSchema, timestampSchema } from './common.js';
import { thumbnailSchema } from './photos.js';

/**
 * Images staff upload for something in the festival (an artist's picture, the venue's site
 * plan). They go through the same pipeline as visitors' photos (type sniffed from the bytes,
 * metadata stripped, AVIF/WebP/JPEG renditions, ThumbHash, dominant colour); functions
 * record the outcome on the document the image belongs to, in two fields only they write:
 * `image` (the image shown) and `imageUpload` (how staff's latest upload is doing).
 */

/**
 * What a festival's app icon is for (issue 35): `apple-touch` the Apple touch icon (180,
 * opaque on the icon's background), `any` the manifest's and the browser tab's icons (192,
 * 512, transparency kept), `maskable` the manifest's icon a phone may cut into any shape (512,
 * the icon at 80% on a full-bleed background, so no mask cuts into it).
 */
export const APP_ICON_PURPOSES = ['apple-touch', 'any', 'maskable'] as const;
export const appIconPurposeSchema = z.enum(APP_ICON_PURPOSES);
export type AppIconPurpose = z.infer<typeof appIconPurposeSchema>;

/** One square PNG of an app icon: `media/{f}/brand/icon/{uploadId}/{purpose}-{size}.png` in Storage. */
export const appIconSchema = z
  .object({
    purpose: appIconPurposeSchema,
    /** Width and height in pixels (the file is square). */
    size: z.number().int().positive().max(1024),
    path: z.string().min(1).max(1024),
    bytes: z.number().int().positive(),
  })
  .strict();
export type AppIcon = z.infer<typeof appIconSchema>;

/** The image shown: renditions of one upload, `media/{f}/{subject}/{uploadId}/{width}.{ext}` in Storage. */
export const mediaImageSchema = z
  .object({
    /** The upload these renditions come from (a new upload gets new paths, so files never change). */
    uploadId: photoIdSchema,
    /** Of the upright original (of an app icon: the square cut from its centre, which every file shows). */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    renditions: z.array(thumbnailSchema).min(1).max(12),
    /** A festival's app icon only: its PNGs for the web manifest, Apple and the browser tab (absent on every other image). */
    icons: z.array(appIconSchema).min(1).max(8).optional(),
    dominantColor: z.string().regex(/^#[0-9a-f]{6}$/i),
    placeholder: z.string().max(100),
    updatedAt: timestampSchema,
  })
  .strict();
export type MediaImage = z.infer<typeof mediaImageSchema>;

export const mediaUploadStatusSchema = z.enum(['processing', 'ready', 'rejected']);
export type MediaUploadStatus = z.infer<typeof mediaUploadStatusSchema>;

/** Staff's latest upload for the document: while `processing`, the previous `image` stays shown. */
export const mediaUploadSchema = z
  .object({
    uploadId: photoIdSchema,
    status: mediaUploadStatusSchema,
    /** Why it was refused, in words a person understands; required when `rejected`. */
    rejectReason: textSchema(300).nullable(),
    /** The reason as a code and its numbers, rendered in the reader's language. */
    rejection: rejectionSchema.nullable().optional(),
    /** Times the nightly job sent the upload through the pipeline again because it stayed `processing` (absent: never). */
    redrives: z.number().int().min(0).max(100).optional(),
    updatedAt: timestampSchema,
  })
  .strict()
  .refine((upload) => upload.status !== 'rejected' || upload.rejectReason !== null, {
    message: 'a rejected upload needs a rejectReason',
    path: ['rejectReason'],
  });
export type MediaUpload = z.infer<typeof mediaUploadSchema>;

/** The festival's own images (issue 35): its logo (shown in the app and link previews) and its app icon (manifest, Apple, tab). */
export const BRAND_IMAGES = ['logo', 'icon'] as const;
export type BrandImage = (typeof BRAND_IMAGES)[number];

/**
 * What a staff upload belongs to, as the path of its document under the festival:
 * `artists/{artistId}`, `venue/map` or `brand/{logo|icon}`. Storage paths use the same words,
 * so an upload's path names its document.
 */
export type MediaSubject = { kind: 'artist'; artistId: string } | { kind: 'site-plan' } | { kind: 'brand'; image: BrandImage };

export function subjectPath(subject: MediaSubject): string {
  switch (subject.kind) {
    case 'artist':
      return `artists/${subject.artistId}`;
    case 'site-plan':
      return 'venue/map';
    case 'brand':
      return `brand/${subject.image}`;
  }
}

/** The fields of a subject document that only functions write (the rules refuse staff's changes to them). */
export const MEDIA_FIELDS = ['image', 'imageUpload'] as const;

export const mediaFields = {
  image: mediaImageSchema.nullable().optional(),
  imageUpload: mediaUploadSchema.optional(),
};

/**
 * `festivals/{f}/brand/{logo|icon}`: one of the festival's own images. Only functions write it
 * (created by the image's first upload); everyone reads it (the app's header, `firstPage` and
 * the festival's web manifest show it).
 */
export const brandImageDocSchema = z
  .object({
    ...mediaFields,
    updatedAt: timestampSchema,
  })
  .strict();
export type BrandImageDoc = z.infer<typeof brandImageDocSchema>;
