import { z } from 'zod';
import { documentIdSchema, photoIdSchema, slugIdSchema } from '../schemas/common.js';
import { photoStatusSchema, reactionKindSchema, reportReasonSchema } from '../schemas/photos.js';

/**
 * Domain events: what Encore's triggers publish to Pub/Sub and its subscribers consume.
 *
 * Every event travels as JSON in one envelope `{ id, type, version, occurredAt, data }`.
 * `id` is stable for one source change (derived from the trigger's CloudEvent id), so a
 * duplicated trigger or a redelivered message carries the same id and the subscriber's
 * ledger counts it once. `version` lets a subscriber refuse an envelope it does not know
 * instead of misreading it; a breaking change adds a new version next to the old one.
 * Timestamps are ISO-8601 strings on the wire (JSON has no dates).
 */

const isoInstant = z.iso.datetime({ offset: true });
const uid = z.string().min(1).max(128);

export const photoUploadedSchema = z
  .object({
    bucket: z.string().min(1),
    path: z.string().min(1).max(1024),
    uploaderUid: uid,
    festivalId: slugIdSchema,
    photoId: documentIdSchema,
    /** The content type the client claimed; never trusted, the bytes decide. */
    claimedContentType: z.string().max(200).nullable(),
    size: z.number().int().min(0),
    generation: z.string().min(1),
    performanceId: documentIdSchema.nullable(),
  })
  .strict();

/**
 * Staff uploaded an image for something of the festival: `subject` is its document's path
 * under the festival (`artists/{artistId}`, `venue/map` or `brand/{logo|icon}`, see `parseMediaUploadPath`).
 */
export const mediaUploadedSchema = z
  .object({
    bucket: z.string().min(1),
    path: z.string().min(1).max(1024),
    festivalId: slugIdSchema,
    subject: z.string().regex(/^(artists\/[a-z0-9][a-z0-9-]{0,79}|venue\/map|brand\/(logo|icon))$/),
    uploadId: photoIdSchema,
    claimedContentType: z.string().max(200).nullable(),
    size: z.number().int().min(0),
    generation: z.string().min(1),
  })
  .strict();

export const photoOriginalDeletedSchema = z
  .object({ festivalId: slugIdSchema, photoId: documentIdSchema, path: z.string().min(1).max(1024) })
  .strict();

export const favoriteChangedSchema = z
  .object({ uid, festivalId: slugIdSchema, performanceId: documentIdSchema, change: z.enum(['added', 'removed']) })
  .strict();

export const reactionChangedSchema = z
  .object({
    uid,
    festivalId: slugIdSchema,
    photoId: documentIdSchema,
    /** `changed`: the person picked another kind. */
    change: z.enum(['added', 'removed', 'changed']),
    /** The kinds whose counts moved (absent on older events: every kind is recounted). */
    kinds: z.array(reactionKindSchema).min(1).max(2).optional(),
  })
  .strict();

export const reportFiledSchema = z
  .object({ festivalId: slugIdSchema, reportId: documentIdSchema, photoId: documentIdSchema, reporterUid: uid, reason: reportReasonSchema })
  .strict();

/** What of a photo matters to counts and clean-up; null when the document does not exist. */
const photoSideSchema = z.object({ status: photoStatusSchema, performanceId: documentIdSchema.nullable() }).strict().nullable();

/** A photo was created, deleted, or changed status or performance. */
export const photoChangedSchema = z
  .object({
    festivalId: slugIdSchema,
    photoId: documentIdSchema,
    uploaderUid: uid,
    originalPath: z.string().min(1).max(1024),
    before: photoSideSchema,
    after: photoSideSchema,
  })
  .strict();

export const performanceChangedSchema = z
  .object({
    festivalId: slugIdSchema,
    performanceId: documentIdSchema,
    change: z.enum(['moved', 'cancelled']),
    startsAt: isoInstant,
    endsAt: isoInstant,
  })
  .strict();

/**
 * One slice of a programme-change fan-out: the fans in it get a notice (and a push) each.
 * `params` let the subscriber write each notice in its reader's language; `text` is the
 * English text, for batches published before `params` existed (a compatible addition, so
 * the envelope version stays 1).
 */
export const noticeBatchSchema = z
  .object({
    festivalId: slugIdSchema,
    performanceId: documentIdSchema,
    change: z.enum(['moved', 'cancelled']),
    text: z.string().min(1).max(500),
    params: z
      .object({ artist: z.string().min(1).max(120), stage: z.string().min(1).max(80), startsAt: isoInstant, timeZone: z.string().min(1).max(64) })
      .strict()
      .optional(),
    uids: z.array(uid).min(1).max(500),
  })
  .strict();

/**
 * Staff set a stage running late (`delayed`: the delay was created) or undid it
 * (`delay-undone`): its sets' fans get one notice and one push each (issue 36).
 */
export const delayChangedSchema = z
  .object({
    festivalId: slugIdSchema,
    delayId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    change: z.enum(['delayed', 'delay-undone']),
  })
  .strict();

/** Staff posted an urgent announcement: every device registered for the festival gets a push. */
export const announcementUrgentSchema = z.object({ festivalId: slugIdSchema, announcementId: documentIdSchema }).strict();

/** One slice of an urgent announcement's fan-out: the devices (document paths) to push it to. */
export const announcementPushBatchSchema = z
  .object({
    festivalId: slugIdSchema,
    announcementId: documentIdSchema,
    devicePaths: z.array(z.string().regex(/^users\/[^/]+\/devices\/[^/]+$/)).min(1).max(500),
  })
  .strict();

/** Staff changed the festival's programme (the festival, a stage, an artist or a set): its data bundle is rebuilt. */
export const programmeEditedSchema = z.object({ festivalId: slugIdSchema }).strict();

/** Each event type, its topic and its payload schema, in one table. */
export const domainEvents = {
  'photo.uploaded': { topic: 'photo-uploaded', data: photoUploadedSchema },
  'media.uploaded': { topic: 'media-uploaded', data: mediaUploadedSchema },
  'photo.original-deleted': { topic: 'photo-original-deleted', data: photoOriginalDeletedSchema },
  'photo.changed': { topic: 'photo-changed', data: photoChangedSchema },
  'favorite.changed': { topic: 'favorite-changed', data: favoriteChangedSchema },
  'reaction.changed': { topic: 'reaction-changed', data: reactionChangedSchema },
  'report.filed': { topic: 'report-filed', data: reportFiledSchema },
  'performance.changed': { topic: 'performance-changed', data: performanceChangedSchema },
  'notice.batch': { topic: 'notice-batch', data: noticeBatchSchema },
  'delay.changed': { topic: 'delay-changed', data: delayChangedSchema },
  'announcement.urgent': { topic: 'announcement-urgent', data: announcementUrgentSchema },
  'announcement.push-batch': { topic: 'announcement-push-batch', data: announcementPushBatchSchema },
  'programme.edited': { topic: 'programme-edited', data: programmeEditedSchema },
} as const;

export type DomainEventType = keyof typeof domainEvents;
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof domainEvents)[T]['data']>;

/** The current envelope version; bump it (and keep reading the old one) on a breaking change. */
export const DOMAIN_EVENT_VERSION = 1;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  version: typeof DOMAIN_EVENT_VERSION;
  occurredAt: string;
  data: DomainEventData<T>;
}

const envelopeSchema = z
  .object({
    id: z.string().min(1).max(500),
    type: z.string(),
    version: z.literal(DOMAIN_EVENT_VERSION),
    occurredAt: isoInstant,
    data: z.unknown(),
  })
  .strict();

export function topicOf(type: DomainEventType): string {
  return domainEvents[type].topic;
}

/** Builds a validated event; throws on a payload that does not match its schema. */
export function makeDomainEvent<T extends DomainEventType>(type: T, id: string, data: DomainEventData<T>, occurredAt: Date): DomainEvent<T> {
  return parseDomainEvent(type, { id, type, version: DOMAIN_EVENT_VERSION, occurredAt: occurredAt.toISOString(), data });
}

/** Validates an envelope read off the wire as an event of the expected type. */
export function parseDomainEvent<T extends DomainEventType>(type: T, raw: unknown): DomainEvent<T> {
  const envelope = envelopeSchema.parse(raw);
  if (envelope.type !== type) throw new Error(`Expected a "${type}" event, got "${envelope.type}"`);
  const data = domainEvents[type].data.parse(envelope.data) as DomainEventData<T>;
  return { ...envelope, type, version: DOMAIN_EVENT_VERSION, data };
}
