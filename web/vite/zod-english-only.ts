import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENGLISH_ONLY = fileURLToPath(new URL('./zod-locales-english.ts', import.meta.url));
/** zod's own modules that re-export every locale as a namespace (`z.locales`, `core.locales`). */
const ZOD_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/;

/**
 * Production builds: zod's locale index resolves to English only. zod 4 re-exports its ~50
 * locales as a namespace (`locales`), and the app imports the whole module once
 * (`src/app/load-data-sdk.ts`: zod evaluated in a task of its own), which keeps every export,
 * and so every locale, in the bundle: the zod chunk was 386 KB (89 KB gzipped), most of it
 * error messages in languages the app never asks zod for, downloaded, compiled and evaluated
 * on every first visit right after the programme shows (web/README.md, "The first page").
 * Tests and the dev server keep the real index.
 */
export function zodEnglishOnly(): Plugin {
  return {
    name: 'encore-zod-english-only',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../locales/index.js' && importer && ZOD_MODULE.test(importer)) return ENGLISH_ONLY;
      return null;
    },
  };
}
