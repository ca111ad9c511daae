import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import { bundlesProxy } from './vite/bundles-proxy.ts';
import { firstPageHints } from './vite/first-page.ts';
import { inlineEntryCss } from './vite/inline-entry-css.ts';
import { modelSourceConditions } from './vite/model-source.ts';
import { precompiledMessages } from './vite/precompiled-messages.ts';
import { serviceWorker } from './vite/service-worker-plugin.ts';
import { zodEnglishOnly } from './vite/zod-english-only.ts';

/** The chunk of a page App.tsx routes to lazily (`features/.../XxxPage.tsx`, `app/NotFoundPage.tsx`). */
const ROUTE_PAGE_CHUNK = /(^|\/)[A-Z]\w*Page-[\w-]+\.js$/;

export default defineConfig(({ command, mode }) => {
  // The environment the app is built with (process env over .env files), for the /bundles proxy's target.
  const env = { ...loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'), ...process.env };
  return {
    plugins: [react(), serviceWorker(), firstPageHints(), inlineEntryCss(), precompiledMessages(), zodEnglishOnly()],
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
    preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: bundlesProxy(env) },
    build: {
      outDir: 'dist/app',
      sourcemap: true,
      modulePreload: {
        // A page's chunk is fetched on its first visit without the list of the chunks it imports
        // (the browser finds them when it parses the page's chunk: one round trip more, and none
        // once the service worker has precached every chunk, which it does right after the first
        // page shows). Those lists, one per route, sat in the entry chunk every first visit
        // downloads before the sets show: 2 KB gzipped of 12 (`npm run bench -- bundle-size`).
        // What loads right after the first content (Firestore, Auth) keeps its list: its
        // chunks then download side by side rather than one after another.
        resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && ROUTE_PAGE_CHUNK.test(file) ? [] : deps),
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
                test: /web[\\/]src[\\/](features[\\/]programme[\\/](SetCard|SetList|Timeline|timeline-layout)|features[\\/]favorites[\\/](FavoriteButton|PriorityToggle|PriorityCycleButton)|time[\\/]format|festival[\\/]festival-phase|firebase[\\/]retry-when-online|ui[\\/](FestivalGate|EmptyState|Skeleton))\.tsx?$/,
              },
            ],
          },
        },
      },
    },
  };
});
