import { z } from 'zod';
import { slugIdSchema, timestampSchema } from './common.js';

/**
 * `site/settings`: what holds for the whole project rather than one festival (issue 35). Everyone
 * reads it (the app at `/` and the `firstPage` function); a project admin writes it from the
 * organisers' page (firestore.rules: `updatedAt` the request's time, `updatedBy` the writer, and
 * a default festival that exists).
 */
export const siteSettingsSchema = z
  .object({
    /** The festival `/` opens; null (or the document absent): the build's festival if it exists, else the chooser. */
    defaultFestivalId: slugIdSchema.nullable(),
    updatedAt: timestampSchema,
    /** The uid of the project admin who chose it. */
    updatedBy: z.string().min(1).max(128),
  })
  .strict();
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
