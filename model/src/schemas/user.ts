import { z } from 'zod';
import { rejectionSchema } from './rejection.js';
import { roleSchema } from './role.js';
import { documentIdSchema, localeSchema, slugIdSchema, textSchema, timeZoneSchema, timestampSchema } from './common.js';

/**
 * How much a person wants to see a favourite set (Clashfinder's must-see and maybe). A
 * favourite without one is a plain favourite, as every favourite given before priorities was.
 */
export const favoritePrioritySchema = z.enum(['must', 'maybe']);
export type FavoritePriority = z.infer<typeof favoritePrioritySchema>;

/** `users/{uid}/favorites/{performanceId}`: written by that user; deleting it un-favourites. */
export const favoriteSchema = z
  .object({
    festivalId: slugIdSchema,
    /** Mirrors the document id so functions can find every fan of a set with one query. */
    performanceId: documentIdSchema,
    createdAt: timestampSchema,
    /**
     * The app's claim that the account is verified (not anonymous, and a verified email or the
     * backend's `trustedReporter` claim): the rules' part of reputation, which they check (they
     * refuse `true` from any other account; absent reads as false). Only such favourites are
     * looked at for `reputable`.
     */
    established: z.boolean().optional(),
    /**
     * Written by functions only (issue 39): whether the giver had reputation when the favourite
     * was saved (model: `reputationAt`: verified, a day old, with a history, never refuted).
     * Only `true` counts in trending; absent (not looked at, or not `established`) reads as false.
     */
    reputable: z.boolean().optional(),
    /** Must-see or maybe; absent: a plain favourite. Its owner may change it (and `hiddenFromFriends`). */
    priority: favoritePrioritySchema.optional(),
    /** True: this set is left out of the plan the owner's friends see (issue 25); absent reads as false. */
    hiddenFromFriends: z.boolean().optional(),
  })
  .strict();
export type Favorite = z.infer<typeof favoriteSchema>;

export const noticeKindSchema = z.enum(['moved', 'cancelled', 'photo-ready', 'photo-rejected', 'announcement', 'meetup', 'delayed', 'delay-undone', 'help']);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/**
 * What a notice says, as data: the app renders it in the reader's language with the shared
 * catalog (`model/src/messages/`), so a notice written while the person read English reads
 * in Dutch once they switch. Which fields a kind uses is the catalog's business
 * (`noticeMessage`); all are optional so an older or newer kind never fails to parse.
 */
export const noticeParamsSchema = z
  .object({
    artist: textSchema(120).optional(),
    stage: textSchema(80).optional(),
    startsAt: timestampSchema.optional(),
    /** The festival's zone: times are always shown as the festival's clocks say them. */
    timeZone: timeZoneSchema.optional(),
    /** Why a photo was refused (as the pipeline wrote it). */
    reason: z.string().max(400).optional(),
    /** The same reason as a code and its numbers, rendered in the reader's language. */
    rejection: rejectionSchema.optional(),
    /** An announcement's title. */
    title: textSchema(120).optional(),
    /** A meet-up point's place, and its friend group's name (issue 25). */
    place: textSchema(80).optional(),
    group: textSchema(40).optional(),
    /** A stage delay's minutes (issue 36), and the start the person's set had before it (`startsAt` is the new one). */
    minutes: z.number().int().min(1).max(240).optional(),
    previousStartsAt: timestampSchema.optional(),
    /** A help request's step the notice tells of (issue 36). */
    helpStatus: z.enum(['on-the-way', 'resolved']).optional(),
  })
  .strict();
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

/**
 * `users/{uid}/notices/{id}`: written by functions; the user may only set `readAt`.
 * `text` is the notice rendered in the person's language when it was written (their
 * `users/{uid}` locale), kept for app versions that predate `params` and for push bodies;
 * the app renders `kind` + `params` in the reader's current language when it has them.
 */
export const noticeSchema = z
  .object({
    kind: noticeKindSchema,
    festivalId: slugIdSchema,
    performanceId: documentIdSchema.optional(),
    photoId: documentIdSchema.optional(),
    /** A stage delay's notice (`delayed`, `delay-undone`): the delay it tells of. */
    delayId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
    text: textSchema(500),
    params: noticeParamsSchema.optional(),
    createdAt: timestampSchema,
    readAt: timestampSchema.nullable(),
  })
  .strict();
export type Notice = z.infer<typeof noticeSchema>;


/** A person as the app sees them: role from the `role` custom claim, absent for visitors. */
export const accountSchema = z.object({
  uid: z.string().min(1).max(128),
  anonymous: z.boolean(),
  role: roleSchema.optional(),
  displayName: textSchema(80).optional(),
});
export type Account = z.infer<typeof accountSchema>;

export { localeSchema, type Locale } from './common.js';

/** How long before a set a reminder comes (push, and the calendar's alarm), in minutes. */
export const REMINDER_LEAD_MINUTES = [5, 10, 15, 30, 60] as const;
export const reminderMinutesSchema = z.union(REMINDER_LEAD_MINUTES.map((minutes) => z.literal(minutes)));

/**
 * `users/{uid}`: the person's own preferences, written by them (firestore.rules checks each
 * field) and read by functions to speak their language and remind them in time. Absent or
 * null `reminderMinutes` means no reminders. `newsSeenAt` is the `createdAt` of the newest
 * announcement the person has seen on the News page (what "read" means for the unread
 * count), so it follows them to every device they sign in on.
 */
/**
 * The name a person chose to sign their photos with: 1-40 characters, stored trimmed (the
 * rules refuse surrounding spaces, so what is stored is what is shown). Never an email.
 */
export const DISPLAY_NAME_MAX = 40;
export const displayNameSchema = z
  .string()
  .min(1)
  .max(DISPLAY_NAME_MAX)
  .refine((name) => name.trim() === name, { message: 'must not start or end with spaces' });

export const userPreferencesSchema = z
  .object({
    locale: localeSchema,
    /** The name their photos are signed with on the wall; absent: "a visitor". */
    displayName: displayNameSchema.optional(),
    reminderMinutes: reminderMinutesSchema.nullable().optional(),
    newsSeenAt: timestampSchema.optional(),
    updatedAt: timestampSchema,
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** The id the app gives one installation (browser profile) of itself: random, URL-safe. */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, "_" or "-"');

/**
 * `users/{uid}/devices/{deviceId}`: one browser that receives this person's push messages,
 * written by them (the app, when they turn notifications on and when it refreshes the token)
 * and deleted on sign-out, when they turn notifications off, or by functions when the push
 * service says the token is dead. `token` is the FCM registration token in production, a
 * `local:` token on the emulators (functions/src/platform/local-push-outbox.ts).
 */
export const deviceSchema = z
  .object({
    token: z.string().min(1).max(4096),
    /** The festival whose announcements this device wants. */
    festivalId: slugIdSchema,
    /** The app's language on this device: push messages use it when the person has no preferences document. */
    locale: localeSchema,
    /** "Chrome on Android": enough to tell one's devices apart, nothing that fingerprints. */
    userAgent: z.string().max(80),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .strict();
export type Device = z.infer<typeof deviceSchema>;
