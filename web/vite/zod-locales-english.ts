/**
 * Stands in for zod's `locales` index in production builds (`vite/zod-english-only.ts`):
 * English only, the error map zod installs by default. The app never switches zod to another
 * language (what a person reads comes from the i18n catalogs, not from zod's messages).
 */
export { default as en } from 'zod/v4/locales/en.js';
