import { z } from 'zod';
import { timestampSchema } from './common.js';

/**
 * `festivals/{f}/suspensions/{uid}` (issue 22): staff stop one person's photo uploads and
 * reports in a festival. Written by staff with a second factor (firestore.rules checks who
 * and when); storage.rules refuses the person's uploads and firestore.rules their reports
 * while `active`. Lifting keeps the document (who lifted it, when); suspending again
 * rewrites it. The festival's moderators and admins read it, and so does the person suspended
 * (issue 36: the app tells them they are suspended, and until when); staff are named by uid
 * only (the console looks their names up in `festivals/{f}/staff`), so the person is never
 * told who suspended them.
 */
export const uploaderSuspensionSchema = z
  .object({
    /** True while suspended; false once lifted. */
    active: z.boolean(),
    /** Why, as the staff member wrote it (the console shows it to staff; the app does not show it to the person). */
    reason: z.string().min(1).max(500),
    /** The staff member's uid, equal to the caller's (the rules check it). */
    suspendedBy: z.string().min(1).max(128),
    suspendedAt: timestampSchema,
    /** Who lifted it, and when: null while active. */
    liftedBy: z.string().min(1).max(128).nullable(),
    liftedAt: timestampSchema.nullable(),
    /** When it ends by itself (at most SUSPENSION_MAX_DAYS on); null or absent: until staff lift it. */
    until: timestampSchema.nullable().optional(),
  })
  .strict();
export type UploaderSuspension = z.infer<typeof uploaderSuspensionSchema>;

export const SUSPENSION_REASON_MAX = 500;

/** The longest suspension with an end staff may set (the rules hold it): a festival's lifetime. */
export const SUSPENSION_MAX_DAYS = 30;

/** Suspended at `now`: active, and not past its end (rules: firestore.rules suspendedHere, storage.rules suspended). */
export function isSuspendedAt(suspension: Pick<UploaderSuspension, 'active' | 'until'> | undefined, now: Date): boolean {
  return suspension?.active === true && (suspension.until === null || suspension.until === undefined || now.getTime() < suspension.until.getTime());
}
