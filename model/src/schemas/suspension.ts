import { z } from 'zod';
import { timestampSchema } from './common.js';

/**
 * `festivals/{f}/suspensions/{uid}` (issue 22): staff stop one person's photo uploads and
 * reports in a festival. Written by staff with a second factor (firestore.rules checks who
 * and when); storage.rules refuses the person's uploads and firestore.rules their reports
 * while `active`. Lifting keeps the document (who lifted it, when); suspending again
 * rewrites it. Only staff read it: the person is never told who suspended them.
 */
export const uploaderSuspensionSchema = z
  .object({
    /** True while suspended; false once lifted. */
    active: z.boolean(),
    /** Why, as the staff member wrote it (shown to staff only). */
    reason: z.string().min(1).max(500),
    /** The staff member's uid, equal to the caller's (the rules check it). */
    suspendedBy: z.string().min(1).max(128),
    suspendedAt: timestampSchema,
    /** Who lifted it, and when: null while active. */
    liftedBy: z.string().min(1).max(128).nullable(),
    liftedAt: timestampSchema.nullable(),
  })
  .strict();
export type UploaderSuspension = z.infer<typeof uploaderSuspensionSchema>;

export const SUSPENSION_REASON_MAX = 500;
