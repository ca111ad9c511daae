import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker of production builds: src/sw.ts, bundled by Vite, with Workbox's
 * precache list injected (vite-plugin-pwa's injectManifest). It precaches the app shell,
 * every route chunk, the styles and the icons, so any page opens with no network once the
 * first visit is over (Firestore's persistent cache brings the data), keeps the staff images
 * it has shown (the site plan above all) for offline use, and shows push notifications
 * (src/features/notifications/sw-push.ts), which a generated worker could not.
 *
 * A new version never takes over by itself: it installs and waits, the page shows an update
 * prompt (src/app/UpdatePrompt.tsx), and reloading from there activates it
 * (src/app/register-service-worker.ts sends SKIP_WAITING through workbox-window). Until then
 * the open page keeps the precache of its own version, so its chunks never go missing.
 */
export function serviceWorker(): Plugin[] {
  return VitePWA({
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
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // sw.js itself is never precached (it is what decides what is), nor index.html, which
      // Hosting does not serve (vite/app-shell.ts: the shell is app.html).
      globIgnores: ['sw.js', 'index.html'],
      // One ES module bundle (sw.js) that hosting serves uncached, Workbox and the FCM SDK inside.
      rollupFormat: 'es',
      sourcemap: false,
    },
  });
}
