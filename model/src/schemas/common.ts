import { z } from 'zod';

/**
 * Building blocks shared by every document schema.
 *
 * Timestamps are `Date` in the model: each SDK edge (firebase-admin in functions, the
 * web SDK in the client) converts Firestore `Timestamp`s to and from `Date` with
 * `toModel`/`fromModel` converters, so the same schemas validate on both sides.
 */

/** A Firestore document id: 1-1500 bytes, no `/`, not `.`/`..`, not `__reserved__`. */
export const documentIdSchema = z
  .string()
  .min(1)
  .max(1500)
  .refine((id) => !id.includes('/'), 'must not contain "/"')
  .refine((id) => id !== '.' && id !== '..', 'must not be "." or ".."')
  .refine((id) => !/^__.*__$/.test(id), 'must not match __.*__ (reserved)');

/** Ids Encore creates itself (slugs and random ids): short, URL-safe. */
export const slugIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be 1-80 lowercase letters, digits or dashes, starting with a letter or digit');

/**
 * A photo id: what the Storage rules accept as the last segment of an upload path
 * (`uploads/{uid}/{festivalId}/{photoId}`) and the Firestore rules as a report's `photoId`.
 * The web client makes them with `randomId()`.
 */
export const photoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"');

/** A calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();

/** An IANA time zone the runtime knows, such as `Europe/Amsterdam`. */
export const timeZoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as "Europe/Amsterdam"');

export const timestampSchema = z.date();

/** A counter maintained by functions: never negative, always whole. */
export const counterSchema = z.number().int().min(0);

/** A non-empty line of text with surrounding white space trimmed away. */
export function textSchema(max: number) {
  return z.string().trim().min(1).max(max);
}

/** The languages Encore speaks; the web app and the messages functions write both follow it. */
export const localeSchema = z.enum(['en', 'nl']);
export type Locale = z.infer<typeof localeSchema>;

/** A CSS colour as #rrggbb. */
export const hexColourSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #c8185b');
