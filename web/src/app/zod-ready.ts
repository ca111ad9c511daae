import { z } from 'zod';

/**
 * What load-data-sdk.ts imports to have zod evaluated ahead of the model's schemas. Not
 * `import('zod')`: a dynamic import keeps every export of the module it names, and zod's
 * include its ~50 locales and its JSON Schema tools, none of which the app uses (the zod chunk
 * was 386 KB, 89 KB gzipped; through this module, with `z` used only by name, the bundler
 * leaves them out: 94 KB, 26 KB gzipped). Used, so the bundler keeps the import.
 */
export const zodReady = typeof z.object === 'function';
