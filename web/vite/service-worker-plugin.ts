import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { filesForFirstOfflineUse, type ChunkInfo } from './first-offline-use.ts';

/**
 * The service worker of production builds: src/sw.ts, bundled by Vite, with Workbox's
 * precache list injected (vite-plugin-pwa's injectManifest). It precaches the app shell, the
 * chunks of the pages a festival-goer browses offline (first-offline-use.ts), their styles and
 * the icons, so those pages open with no network once the first visit is over (Firestore's
 * persistent cache brings the data); other chunks are kept once loaded; it keeps the staff images
 * it has shown (the site plan above all) for offline use, and shows push notifications
 * (src/features/notifications/sw-push.ts), which a generated worker could not.
 *
 * A new version never takes over by itself: it installs and waits, the page shows an update
 * prompt (src/app/UpdatePrompt.tsx), and reloading from there activates it
 * (src/app/register-service-worker.ts sends SKIP_WAITING through workbox-window). Until then
 * the open page keeps the precache of its own version, so its chunks never go missing.
 */
export function serviceWorker(): Plugin[] {
  // The app's chunks to precache, from the bundle (generateBundle runs before vite-plugin-pwa
  // injects the list, in closeBundle); undefined until the app's bundle was seen.
  let precached: Set<string> | undefined;
  const firstOfflineUse: Plugin = {
    name: 'encore-first-offline-use',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: ChunkInfo[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const { fileName, isEntry, facadeModuleId, imports, dynamicImports } = output;
        chunks.push({ fileName, isEntry, facadeModuleId, imports, dynamicImports, css: [...(output.viteMetadata?.importedCss ?? [])] });
      }
      if (chunks.some((chunk) => chunk.isEntry)) precached = filesForFirstOfflineUse(chunks);
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    // Registered by src/app/register-service-worker.ts with workbox-window, not by a script the
    // plugin would inject; and no skipWaiting: the person decides when to reload.
    injectRegister: false,
    registerType: 'prompt',
    // public/manifest.webmanifest is hand-written and precached like the icons.
    manifest: false,
    injectManifest: {
      // The shell's font too: every page shows it, offline as well.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      // sw.js itself is never precached (it is what decides what is), nor index.html, which
      // Hosting does not serve (vite/app-shell.ts: the shell is app.html).
      globIgnores: ['sw.js', 'index.html'],
      // One ES module bundle (sw.js) that hosting serves uncached, Workbox and the FCM SDK inside.
      rollupFormat: 'es',
      sourcemap: false,
      // Of the chunks and their styles, only what the first offline use needs
      // (first-offline-use.ts); the shell's HTML, font, icons and manifest always. A build whose
      // chunks were not seen keeps everything.
      manifestTransforms: [
        (entries) => ({ manifest: entries.filter((entry) => !precached || !/^assets\/.*\.(js|css)$/.test(entry.url) || precached.has(entry.url)) }),
      ],
    },
  });
  return [firstOfflineUse, ...pwa];
}
