import { ChunkLoadError } from '../app/lazy-page';

// Apart from app/lazy-page.ts (which the first page runs): only an error screen asks (app/ErrorFallback.tsx).

// What browsers say when a dynamic import fails (Chromium, Firefox, Safari), for imports
// made outside lazyPage.
const FAILED_IMPORT = /dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof TypeError && FAILED_IMPORT.test(error.message));
}
