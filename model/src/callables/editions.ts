import { z } from 'zod';
import { isoDateSchema, slugIdSchema, textSchema } from '../schemas/common.js';

/**
 * `createEdition` (functions/src/handlers/create-edition.ts): the source festival's admin (or
 * a project admin), signed in with a second factor, copies the source's festival fields, stages,
 * venue map, info pages and brand images into a new festival `festival.id`, and becomes its
 * admin. Never its sets, artists, photos, favourites, counts or staff (docs/data-contract.md,
 * "Editions"). A retry of the same request finishes the copy and answers the same; the same id
 * asked with another source or festival is `already-exists`.
 */
export const createEditionInputSchema = z
  .object({
    sourceFestivalId: slugIdSchema,
    festival: z
      .object({
        id: slugIdSchema,
        name: textSchema(120),
        /** Absent: the source's short name (usually the festival's name without the year). */
        shortName: textSchema(30).optional(),
        startsOn: isoDateSchema,
        endsOn: isoDateSchema,
      })
      .strict()
      .refine((f) => f.startsOn <= f.endsOn, { message: 'endsOn must not be before startsOn', path: ['endsOn'] }),
  })
  .strict()
  .refine((input) => input.festival.id !== input.sourceFestivalId, { message: 'a new edition needs an address of its own', path: ['festival', 'id'] });
export type CreateEditionInput = z.infer<typeof createEditionInputSchema>;

export interface CreateEditionResult {
  festivalId: string;
}

/**
 * `archiveFestival`: the festival's admin (or a project admin), signed in with a second
 * factor, archives a festival whose last day has ended in its own zone (`failed-precondition`
 * before then). Idempotent: archiving an archived festival answers its first `archivedAt`.
 */
export const archiveFestivalInputSchema = z.object({ festivalId: slugIdSchema }).strict();
export type ArchiveFestivalInput = z.infer<typeof archiveFestivalInputSchema>;

export interface ArchiveFestivalResult {
  festivalId: string;
  /** ISO instant the festival was archived (its first archiving, on a retry). */
  archivedAt: string;
}
