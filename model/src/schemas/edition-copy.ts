import { z } from 'zod';
import { isoDateSchema, slugIdSchema, textSchema, timestampSchema } from './common.js';

/**
 * `editionCopies/{festivalId}`: functions only. A `createEdition` in progress or done, keyed by
 * the new festival's id: written before anything is copied, so a retry after a crash knows it
 * is the same request and finishes it, and the same id asked for anything else is refused. The
 * new festival's document is written last, with `completedAt`: until then no visitor or chooser
 * sees the edition.
 */
export const editionCopySchema = z
  .object({
    sourceFestivalId: slugIdSchema,
    /** What was asked for the new festival (the request's `festival` without its id). */
    name: textSchema(120),
    shortName: textSchema(30).optional(),
    startsOn: isoDateSchema,
    endsOn: isoDateSchema,
    requestedBy: z.string().min(1).max(128),
    startedAt: timestampSchema,
    completedAt: timestampSchema.nullable(),
  })
  .strict();
export type EditionCopy = z.infer<typeof editionCopySchema>;
