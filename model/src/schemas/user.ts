import { z } from 'zod';
import { documentIdSchema, slugIdSchema, textSchema, timestampSchema } from './common.js';

/** `users/{uid}/favorites/{performanceId}`: written by that user; deleting it un-favourites. */
export const favoriteSchema = z
  .object({
    festivalId: slugIdSchema,
    /** Mirrors the document id so functions can find every fan of a set with one query. */
    performanceId: documentIdSchema,
    createdAt: timestampSchema,
  })
  .strict();
export type Favorite = z.infer<typeof favoriteSchema>;

export const noticeKindSchema = z.enum(['moved', 'cancelled', 'photo-ready', 'photo-rejected', 'announcement']);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/** `users/{uid}/notices/{id}`: written by functions; the user may only set `readAt`. */
export const noticeSchema = z
  .object({
    kind: noticeKindSchema,
    festivalId: slugIdSchema,
    performanceId: documentIdSchema.optional(),
    photoId: documentIdSchema.optional(),
    text: textSchema(500),
    createdAt: timestampSchema,
    readAt: timestampSchema.nullable(),
  })
  .strict();
export type Notice = z.infer<typeof noticeSchema>;

export const roleSchema = z.enum(['staff', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** A person as the app sees them: role from the `role` custom claim, absent for visitors. */
export const accountSchema = z.object({
  uid: z.string().min(1).max(128),
  anonymous: z.boolean(),
  role: roleSchema.optional(),
  displayName: textSchema(80).optional(),
});
export type Account = z.infer<typeof accountSchema>;
