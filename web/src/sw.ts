/// <reference lib="webworker" />
/**
 * The app's service worker (built by vite-plugin-pwa's injectManifest into dist/app/sw.js;
 * vite/service-worker-plugin.ts has the settings and why).
 *
 * Offline: Workbox precaches the shell, the chunks of the pages a festival-goer browses offline
 * (vite/first-offline-use.ts), the styles and icons (the list is injected at
 * `self.__WB_MANIFEST`), and every navigation is served the precached shell, so those pages
 * open with no network once the first visit is over; the app's other chunks (staff tools,
 * account, friends) are kept once loaded (`encore-assets`); staff images under `media/`
 * (the site plan, artist pictures) are kept once shown (the site plan's phone-size rendition
 * also right after a first visit to any page: features/venue/keep-map-offline.ts), and photos
 * seen before are shown again offline, those shown before this worker controlled the page
 * too (the page hands them over: app/keep-shown-images.ts). A new version installs and
 * waits until the page's update prompt sends SKIP_WAITING (src/app/install-service-worker.ts).
 *
 * Push: features/notifications/sw-push.ts shows every push, however it came.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { assetsToKeep, imagesToKeep, isAppAsset, MEDIA_FILE_URL, PHOTO_FILE_URL } from './app/kept-images';
import { BUNDLE_COPIES_CACHE } from './festival/bundle-file/bundle-copies-cache';
import { installPushHandlers } from './features/notifications/sw-push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every route is the same single-page shell, app.html (web/vite/app-shell.ts: what Hosting
// serves; `/` from the network is that shell with the programme's header written in, which
// React renders anyway); Firebase Hosting's reserved URLs (/__/auth for Google sign-in) are
// real pages and go to the network. Every festival's address (`/f/{festivalId}/...`) is the same
// shell too: the page reads its festival from the address (config/festival-route.ts) and its
// programme from that festival's own bundle copy (festival/bundle-file/bundle-copy.ts, one per
// festival), so a visitor of two festivals has both offline after one visit to each.
registerRoute(new NavigationRoute(createHandlerBoundToURL('app.html'), { denylist: [/^\/__\//] }));

// The app's chunks, styles and fonts the precache leaves out, kept once loaded: their names change
// with their content (content hashes), so the first copy is good for as long as a page of that
// version may ask for it. Hosting answers a file a deploy removed with the shell (app.html,
// status 200), which must not be kept as a chunk: only JavaScript, CSS and fonts are. Bounded: far more
// than the app has, two months at most (a page left open across releases still finds its own).
const appAssets = new CacheFirst({
  cacheName: 'encore-assets',
  // A file's name is its content's hash, so whatever a response varies on it is the same file. A
  // copy kept from the page's hand-over (a request without the page's headers) must answer the
  // page's own module request: servers answer `Vary: Origin` (vite preview; a CDN may vary on more),
  // and a module request carries an Origin the hand-over's has not, so the copy was there offline
  // and never matched (groups test, a page opened while the worker installed).
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    { cacheWillUpdate: async ({ response }) => (/javascript|css|font/.test(response.headers.get('content-type') ?? '') ? response : null) },
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => isAppAsset(url.href, self.location.origin), appAssets);

// A festival's programme bundle at its plain address (the page's first download, and the
// shell's preload of it): while the device is offline, the copy the page keeps
// (festival/bundle-file/bundle-copy.ts) answers, instead of a request that cannot succeed.
// Online, and with no copy yet, the network as before. Downloads with `?v=` (a newer build
// announced) always go to the network.
const PROGRAMME_BUNDLE = /^\/bundles\/[^/]+\/programme\.bundle$/;
registerRoute(
  ({ url }) => url.origin === self.location.origin && PROGRAMME_BUNDLE.test(url.pathname) && url.search === '',
  async ({ request, url }) => {
    const copy = self.navigator.onLine ? undefined : await (await caches.open(BUNDLE_COPIES_CACHE)).match(url.href);
    return copy ?? fetch(request);
  },
);

// Staff's images (the site plan, artist pictures) are public files under `media/` whose paths
// change with every upload and whose bytes never do: kept once seen, so the map opens offline
// with its plan after a first visit. Cross-origin and loaded by <img> without CORS, so the
// responses are opaque (status 0), which CacheFirst may store for that reason.
const mediaFiles = new CacheFirst({
  cacheName: 'encore-media',
  plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 })],
});
registerRoute(MEDIA_FILE_URL, mediaFiles);

// Photos (renditions under `photos/`) a person has seen are shown again offline. Network
// first: a photo staff hid stops being served as soon as the network answers (its URL carries
// no token and the rules refuse it), and the cache answers only when the network does not
// (offline, or no answer within a few seconds on a crowded festival network). Bounded: the
// latest 200 renditions, a week at most.
const photoFiles = new NetworkFirst({
  cacheName: 'encore-photos',
  networkTimeoutSeconds: 4,
  plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 7, purgeOnQuotaError: true })],
});
registerRoute(PHOTO_FILE_URL, photoFiles);

// Images a page showed before this worker controlled it (its first visit) never passed through
// the routes above: the page names them once the worker takes over, and each goes through its
// route now, as an <img> would (no-cors), so it is kept the same way. Only URLs of those two
// kinds are taken (imagesToKeep); a file that cannot be fetched now is simply not kept. So are
// the app's own files the page loaded then (assetsToKeep), unless the precache has them.
self.addEventListener('message', (event) => {
  for (const url of imagesToKeep(event.data)) {
    const strategy = PHOTO_FILE_URL.test(url) ? photoFiles : mediaFiles;
    event.waitUntil(strategy.handle({ event, request: new Request(url, { mode: 'no-cors' }) }).catch(() => undefined));
  }
  for (const url of assetsToKeep(event.data, self.location.origin)) {
    if (getCacheKeyForURL(url) !== undefined) continue;
    event.waitUntil(appAssets.handle({ event, request: new Request(url) }).catch(() => undefined));
  }
});

// The first visit is controlled at once, so pages not opened yet work offline without a
// reload. This claims only pages no worker controls; updates still wait for the prompt.
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

installPushHandlers(self);
