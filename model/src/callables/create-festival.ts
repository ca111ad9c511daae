import { z } from 'zod';
import { slugIdSchema } from '../schemas/common.js';
import { festivalSchema } from '../schemas/festival.js';

/**
 * The `createFestival` callable (functions/src/handlers/create-festival.ts): a project admin
 * signed in with a second factor creates `festivals/{festivalId}` and becomes its admin
 * (`festivals/{f}/staff/{uid}`), in one transaction. `already-exists` when the id is taken;
 * `invalid-argument` naming each field the schema or the colour check (festival/brand.ts) refuses.
 */
export const createFestivalInputSchema = z
  .object({ festivalId: slugIdSchema, festival: festivalSchema })
  .strict()
  // Archiving and the edition link are functions' own (archiveFestival, createEdition): never asked for.
  .superRefine(({ festival }, context) => {
    for (const field of ['archivedAt', 'editionOf'] as const) {
      if (festival[field] !== undefined) context.addIssue({ code: 'custom', message: 'is set by Encore, not asked for', path: ['festival', field] });
    }
  });
export type CreateFestivalInput = z.infer<typeof createFestivalInputSchema>;

export interface CreateFestivalResult {
  festivalId: string;
}
