/**
 * The app's configuration, read once by the build rather than by every page at load: in
 * production builds src/config/build-config.ts (which calls `readConfig(import.meta.env)`)
 * becomes a module of the values it would have computed. The first visit then downloads the
 * values only, not the reading (the emulators' branch, the checks, Vite's env object): 0.5 KB
 * gzipped of the JavaScript before the sets show (`npm run bench -- bundle-size`). A value
 * `readConfig` refuses (a port that is no number, a CDN origin that is no https origin) now
 * fails the build with its message instead of every page.
 *
 * The service worker's own build (vite-plugin-pwa) does not run this plugin: it keeps reading
 * the same environment when it starts, which gives the same values.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { readConfig, type Env } from '../src/config/read-config.ts';

const BUILD_CONFIG_MODULE = fileURLToPath(new URL('../src/config/build-config.ts', import.meta.url));

/** The source that stands in for build-config.ts: the same export, as a literal. */
export function builtConfigSource(env: Env): string {
  return `export const buildConfig = ${JSON.stringify(readConfig(env))};\n`;
}

/** `env`: the environment the app is built with (Vite's `VITE_*` variables, process env first). */
export function builtConfig(env: Env): Plugin {
  let source: string | undefined;
  return {
    name: 'encore-built-config',
    apply: 'build',
    // Read when the build starts, so a bad value stops it before any work.
    buildStart() {
      source = builtConfigSource(env);
    },
    load(id) {
      if (id.split('?')[0] !== BUILD_CONFIG_MODULE) return null;
      return source ?? builtConfigSource(env);
    },
  };
}
