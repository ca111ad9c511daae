import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { appShell } from './vite/app-shell.ts';
import { builtConfig } from './vite/built-config.ts';
import { deployConfigProblem } from './vite/deploy-config-check.ts';
import { bundlesProxy, previewRewrites } from './vite/hosting-rewrites.ts';
import { firstPageHints } from './vite/first-page.ts';
import { inlineEntryCss } from './vite/inline-entry-css.ts';
import { leanPreloadHelper } from './vite/lean-preload-helper.ts';
import { modelSourceConditions } from './vite/model-source.ts';
import { precompiledMessages } from './vite/precompiled-messages.ts';
import { serviceWorker } from './vite/service-worker-plugin.ts';

/** The data SDK's chunks, imported lazily (app/load-data-sdk.ts, features/account/AccountContext.tsx): Firestore, zod, Auth. */
const DATA_SDK_CHUNK = /(^|\/)(firestore|zod|auth)-[\w-]+\.js$/;

export default defineConfig(({ command, mode }) => {
  // The environment the app is built with (process env over .env files), for the /bundles proxy's target.
  const env = { ...loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'), ...process.env };
  const problem = command === 'build' ? deployConfigProblem(env) : null;
  if (problem) throw new Error(problem);
  return {
    plugins: [react(), serviceWorker(), firstPageHints(), inlineEntryCss(), precompiledMessages(), appShell(), builtConfig(env), leanPreloadHelper()],
    resolve: {
      // @encore/model from its TypeScript sources, in dev and build alike: see vite/model-source.ts.
      conditions: modelSourceConditions,
      // Production only: see vite/re2js-unused.ts and vite/use-sync-external-store-shim.ts (tests
      // and the dev server keep the real libraries).
      ...(command === 'build'
        ? {
            alias: {
              re2js: fileURLToPath(new URL('./vite/re2js-unused.ts', import.meta.url)),
              'use-sync-external-store/shim/index.js': fileURLToPath(new URL('./vite/use-sync-external-store-shim.ts', import.meta.url)),
            },
          }
        : {}),
    },
    // The emulators and functions talk to 127.0.0.1; the app is served from the same host so
    // the browser treats every local origin alike.
    server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: bundlesProxy(env) },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: previewRewrites(env) },
    build: {
      outDir: 'dist/app',
      sourcemap: true,
      modulePreload: {
        // No polyfill: every browser the app supports has `<link rel="modulepreload">` (Safari
        // since 17; one without it only loses the hint); the polyfill was 0.25 KB gzipped of the
        // entry, run on every visit (`npm run bench -- bundle-size`).
        polyfill: false,
        // The loader of lazy chunks (vite/lean-preload-helper.ts) adds a `<link rel="modulepreload">` for each chunk a lazily imported chunk
        // needs, before importing it, so they download side by side; the lists of those chunks
        // sit in the importing chunk. Kept for the data SDK only (Firestore, zod, Auth: large
        // chunks with imports of their own, loaded right after the first content). A page's
        // chunk, and what loads after the SDK (the programme's follower, messaging, favourites),
        // go without: the browser finds their imports when it parses them (one round trip more
        // each level, none once the service worker has precached every chunk, right after the
        // first page shows). Their lists were 1.1 KB gzipped of the JavaScript every first visit
        // downloads before the sets show (`npm run bench -- bundle-size`), and Chromium spends
        // ~0.7 ms per link inserted, in one task per import: 15-30 ms tasks after the first
        // content (web/README.md, "The first page").
        resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && !DATA_SDK_CHUNK.test(file) ? [] : deps),
      },
      rolldownOptions: {
        output: {
          // Libraries in chunks of their own: they change less often than the app, so browsers
          // keep them cached across releases, and the bundle budget shows what each costs.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'webchannel', test: /node_modules[\\/]@firebase[\\/]webchannel-wrapper[\\/]/ },
              { name: 'firestore', test: /node_modules[\\/]@firebase[\\/]firestore[\\/]/ },
              { name: 'firebase-core', test: /node_modules[\\/](@firebase[\\/](app|component|util|logger)|idb)[\\/]/ },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
              { name: 'luxon', test: /node_modules[\\/]luxon[\\/]/ },
              // What the programme page draws its sets with, also shared with other pages (My
              // schedule's cards, the gate every festival page waits behind, the countdown's
              // phase): one chunk with the shell's code it needs, not a dozen of a few hundred
              // bytes each, whose every module wrapper and request cost the first visit (from
              // 102.0 KB to under 100 KB gzipped before the sets show, `npm run bench -- bundle-size`).
              {
                name: 'programme-sets',
                test: /web[\\/]src[\\/](features[\\/]programme[\\/](SetCard|Timeline|timeline-layout)|features[\\/]favorites[\\/](FavoriteButton|priority-words|PriorityCycleButton)|time[\\/]format|festival[\\/]festival-phase|firebase[\\/]retry-when-online|ui[\\/](FestivalGate|EmptyState|Skeleton))\.tsx?$/,
              },
            ],
          },
        },
      },
    },
  };
});
