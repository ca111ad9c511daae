import { z } from 'zod';
import { timestampSchema } from './common.js';

/**
 * Push messages: what functions send to a person's devices and what the service worker
 * shows. In production the payload travels as an FCM data message (every value a string),
 * locally through the emulators' outbox (`users/{uid}/devices/{d}/deliveries`); both end in
 * the same service-worker code (web/src/features/notifications/show-push.ts).
 */

export const pushKindSchema = z.enum(['announcement', 'moved', 'cancelled', 'reminder', 'meetup', 'help']);
export type PushKind = z.infer<typeof pushKindSchema>;

/** A push as the device shows it. `tag` is one per subject: a second push with it replaces the first. */
export const pushPayloadSchema = z
  .object({
    kind: pushKindSchema,
    title: z.string().min(1).max(200),
    body: z.string().max(1000),
    /** A path inside the app ("/inbox", "/performances/p1"), opened when the notification is clicked. */
    link: z.string().regex(/^\/[^/\\]/, 'must be a path inside the app, starting with one "/"').max(300),
    tag: z.string().min(1).max(200),
  })
  .strict();
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/**
 * `users/{uid}/devices/{d}/deliveries/{id}`: the emulators' stand-in for FCM (FCM has no
 * emulator). Functions' local delivery adapter records each send here; the app on the
 * emulators listens to its own device's deliveries, hands each to its service worker and
 * deletes it. Never written in production.
 */
export const localDeliverySchema = pushPayloadSchema
  .extend({
    /** The token the send was addressed to, as FCM would have received it. */
    token: z.string().min(1).max(4096),
    sentAt: timestampSchema,
  })
  .strict();
export type LocalDelivery = z.infer<typeof localDeliverySchema>;

/**
 * `pushReceipts/{id}`: functions only. One per (subject, device token): written before the
 * send, so a redelivered event, an overlapping run or a retry never sends the same thing to
 * the same device twice (TTL on `expiresAt`).
 */
export const pushReceiptSchema = z
  .object({
    /** What was sent: "announcement|encore-2026|a1", "reminder|encore-2026|p1|uid", "notice|uid|n1". */
    key: z.string().min(1).max(1500),
    uid: z.string().min(1).max(128),
    deviceId: z.string().min(1).max(64),
    claimedAt: timestampSchema,
    expiresAt: timestampSchema,
  })
  .strict();
export type PushReceipt = z.infer<typeof pushReceiptSchema>;
