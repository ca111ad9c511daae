import { z } from 'zod';
import { festivalRoleSchema } from './role.js';
import { timestampSchema } from './common.js';

/**
 * `festivals/{f}/staff/{uid}`: one person's role in one festival (issue 35). Written by functions
 * only (`createFestival` makes its creator the admin; `npm run grant -- <email> <role> --festival
 * <id>`; accepting an invite). firestore.rules and storage.rules read it with `get()` on staff
 * requests only (a visitor's request never pays that read: the second-factor check comes first).
 * The person reads their own; the festival's admins read them all.
 */
export const festivalStaffSchema = z
  .object({
    role: festivalRoleSchema,
    /** How the festival's admins know the person in the console (their email when granted). */
    email: z.string().max(320).optional(),
    name: z.string().max(200).optional(),
    addedAt: timestampSchema,
    /** The uid of who gave the role; null when `npm run grant` or the seed did. */
    addedBy: z.string().max(128).nullable(),
  })
  .strict();
export type FestivalStaff = z.infer<typeof festivalStaffSchema>;
