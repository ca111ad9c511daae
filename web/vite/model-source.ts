/**
 * `@encore/model` is resolved from its TypeScript sources (the `encore-source` export
 * condition in model/package.json), never from its build in model/dist. The dev server,
 * the production build and the component tests therefore need no build of the model
 * first, and cannot race one: the dev server's dependency scan used to start while
 * `tsc -b model` was still writing dist/, fail to resolve the package and never recover.
 *
 * Vite replaces its default conditions when given any, so they are listed again here.
 */
import { defaultClientConditions } from 'vite';

export const MODEL_SOURCE_CONDITION = 'encore-source';

export const modelSourceConditions = [MODEL_SOURCE_CONDITION, ...defaultClientConditions];
