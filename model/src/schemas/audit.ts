import { z } from 'zod';
import { timestampSchema } from './common.js';

/**
 * The festival's audit trail (issue 35): one entry per staff write to the festival, kept by
 * functions, read by its admins (the console's History). Enough to undo (issue 36): the
 * documents' data before and after, complete unless too big for one entry (`detail`).
 */

/** What kind of thing was written: one per collection staff write (directly or through a callable). */
export const auditKindSchema = z.enum([
  'festival',
  'stage',
  'artist',
  'performance',
  /** A stage running late, or its undo (issue 36): `festivals/{f}/delays/{id}`. */
  'delay',
  'info-page',
  'venue-map',
  'announcement',
  'suspension',
  'moderation',
  'staff',
  'invite',
]);
export type AuditKind = z.infer<typeof auditKindSchema>;

export const auditActionSchema = z.enum(['created', 'updated', 'deleted']);
export type AuditAction = z.infer<typeof auditActionSchema>;

/**
 * How much of the data the entry holds: `complete` (before and after whole), `changed-fields`
 * (only the fields in `changed`: the whole documents were over AUDIT_DATA_MAX_BYTES), or
 * `omitted` (even those were: nothing but the field names).
 */
export const auditDetailSchema = z.enum(['complete', 'changed-fields', 'omitted']);
export type AuditDetail = z.infer<typeof auditDetailSchema>;

/** Bytes (as JSON) `before` and `after` may hold together: well under Firestore's 1 MiB a document. */
export const AUDIT_DATA_MAX_BYTES = 400_000;

/** Entries the console shows per page ("Show older" fetches the next). */
export const AUDIT_PAGE_SIZE = 50;

/** Who wrote, as the console names them: looked up once when the entry is written (described in the entry's table). */
const auditActorSchema = z
  .object({
    uid: z.string().min(1).max(128),
    email: z.string().max(320).nullable(),
    name: z.string().max(200).nullable(),
  })
  .strict();
export type AuditActor = z.infer<typeof auditActorSchema>;

/**
 * Set on an entry when `undoChange` set its document back (issue 36): who, when, and the
 * batch of the undo's own entries. An entry undone is not undone again (a retry writes nothing).
 */
const auditUndoneSchema = z
  .object({
    at: timestampSchema,
    actor: auditActorSchema,
    batchId: z.string().min(1).max(200),
  })
  .strict();
export type AuditUndone = z.infer<typeof auditUndoneSchema>;

/** A document's data as stored (timestamps as `Date`), or null when it did not exist. */
const documentDataSchema = z.record(z.string(), z.unknown()).nullable();

/** `festivals/{f}/audit/{entryId}`: written by functions only; the festival's admins and the project's read it. */
export const auditEntrySchema = z
  .object({
    at: timestampSchema,
    actor: auditActorSchema,
    action: auditActionSchema,
    /** The written document's path relative to the festival (`performances/p1`); `''` for the festival's own document. */
    document: z.string().max(1500),
    kind: auditKindSchema,
    /** The thing's name or title when written (after, or before for a deletion), so the console names deleted things too. */
    label: z.string().max(300).nullable(),
    before: documentDataSchema,
    after: documentDataSchema,
    /** The top-level fields that differ between before and after, sorted. */
    changed: z.array(z.string().max(1500)).max(200),
    detail: auditDetailSchema,
    /** `console` for a staff member's own write, or the callable that wrote (`importProgramme`, `setStaffRole`...). */
    via: z.string().min(1).max(64),
    /** Groups the entries of one callable call (one import): the same for all of them. */
    batchId: z.string().max(200).optional(),
    /** Present once an undo set the document back to `before` (`undoChange`). */
    undone: auditUndoneSchema.optional(),
  })
  .strict();
export type AuditEntry = z.infer<typeof auditEntrySchema>;
