import { readConfig, type AppConfig, type Env } from './read-config';

/**
 * The configuration this app was built with (read-config.ts), read from `import.meta.env` when
 * the page loads. Production builds replace this module with the result, read once by Vite
 * (web/vite/built-config.ts), so a first visit downloads the values and not the code that
 * reads them; tests and the dev server use it as it is.
 */
export const buildConfig: AppConfig = readConfig(import.meta.env as Env);
