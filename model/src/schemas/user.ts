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

/** The languages Encore speaks; the web app and the messages functions write both follow it. */
export const localeSchema = z.enum(['en', 'nl']);
export type Locale = z.infer<typeof localeSchema>;

/** How long before a set a reminder comes (push, and the calendar's alarm), in minutes. */
export const REMINDER_LEAD_MINUTES = [5, 10, 15, 30, 60] as const;
export const reminderMinutesSchema = z.union(REMINDER_LEAD_MINUTES.map((minutes) => z.literal(minutes)));

/**
 * `users/{uid}`: the person's own preferences, written by them (firestore.rules checks each
 * field) and read by functions to speak their language and remind them in time. Absent or
 * null `reminderMinutes` means no reminders.
 */
export const userPreferencesSchema = z
  .object({
    locale: localeSchema,
    reminderMinutes: reminderMinutesSchema.nullable().optional(),
    updatedAt: timestampSchema,
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
