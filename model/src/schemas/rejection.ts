import { z } from 'zod';

/**
 * Why the image pipeline refused an upload, as a code and the numbers its sentence needs,
 * so every reader gets the reason in their own language (`message('rejection', locale, ...)`)
 * rather than in the language the function happened to write. Stored beside the English
 * `rejectReason` text on photos and on staff's image uploads, and carried by the uploader's
 * notice.
 */
export const rejectionCodeSchema = z.enum([
  'empty',
  'too-large',
  'heic',
  'svg',
  'unknown',
  'too-many-pixels',
  'corrupt',
  'no-festival',
  'gone',
  'quota',
  'unprocessable',
  /** Far more pixels than its file size can honestly hold (a decompression bomb): refused from the header. */
  'implausible-size',
  /** The festival-wide upload rate is reached: everyone together, per hour. */
  'festival-busy',
  /** A festival's app icon that is not about square (width over height outside 0.9-1.1): it would be cut badly on a home screen. */
  'icon-not-square',
  /** A festival's app icon smaller than the 512x512 pixels the web manifest's largest icon needs. */
  'icon-too-small',
]);
export type RejectionCode = z.infer<typeof rejectionCodeSchema>;

const count = z.number().int().nonnegative();

export const rejectionSchema = z
  .object({
    code: rejectionCodeSchema,
    /** `too-large`, `implausible-size`: the file's size. */
    bytes: count.optional(),
    /** `too-many-pixels`, `implausible-size`, `icon-not-square`, `icon-too-small`: the image's size. */
    width: count.optional(),
    height: count.optional(),
    /** `too-large`: the most bytes; `too-many-pixels`: the most pixels; `quota`: uploads a day; `festival-busy`: uploads an hour; `icon-too-small`: the least pixels a side. */
    limit: count.optional(),
    /** `festival-busy`: minutes until the festival takes uploads again. */
    retryInMinutes: count.optional(),
  })
  .strict();
export type Rejection = z.infer<typeof rejectionSchema>;
