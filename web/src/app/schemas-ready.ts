import { roleSchema, textSchema } from '@encore/model';

/**
 * What load-data-sdk.ts imports, after zod, to have the model's shared schema modules (the
 * common fields, the account's, the role) evaluated in a task of their own: every caller of
 * `importAfterDataSdk` needs them, so the first caller's import evaluated them with its own
 * schemas, one task of 110-150 ms under Lighthouse's 4x CPU slowdown. Used, so the bundler
 * keeps the import.
 */
export const schemasReady = typeof textSchema === 'function' && roleSchema.options.length > 0;
