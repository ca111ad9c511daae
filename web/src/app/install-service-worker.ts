/**
 * Installs the precaching service worker of production builds (vite/pwa.ts; the dev server
 * has none) and announces a waiting new version to the update prompt
 * (register-service-worker.ts). Its own chunk, imported once the first content is painted
 * (main.tsx): nothing of it is needed before.
 */
import { announceUpdate } from './register-service-worker';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // A first visit: what the page loaded before the worker took over is handed to it then
  // (keep-shown-images.ts). The worker may also have taken over while this page loaded, before
  // this code ran (a busy phone installs slowly: the second page of a first visit): the
  // navigation itself did not pass through a worker, yet the page is controlled now. Its chunks
  // are handed over at once then, or a page opened once would not open offline.
  const controller = navigator.serviceWorker.controller;
  if (!controller) {
    navigator.serviceWorker.addEventListener('controllerchange', () => handOverLoadedFiles(navigator.serviceWorker.controller, performance.now()), { once: true });
  } else if (!navigationPassedThroughWorker()) {
    handOverLoadedFiles(controller, performance.now());
  }
  // workbox-window loads after the page: the first render does not wait for it.
  void import('workbox-window')
    .then(({ Workbox }) => {
      const workbox = new Workbox('/sw.js');
      let applying = false;
      const reload = () => window.location.reload();
      workbox.addEventListener('waiting', () => {
        announceUpdate({
          apply() {
            applying = true;
            workbox.addEventListener('controlling', reload);
            workbox.messageSkipWaiting();
          },
        });
      });
      // Another tab applied the update: this page now runs on the new worker, whose precache
      // no longer holds this version's chunks. Offer the reload here too.
      workbox.addEventListener('controlling', (event) => {
        if (event.isUpdate && !applying) announceUpdate({ apply: reload });
      });
      // Browsers look for a new worker when a page is navigated to; an app left open for a
      // festival weekend is not, so it also asks every hour (failing quietly offline).
      window.setInterval(() => workbox.update().catch(() => {}), UPDATE_CHECK_MS);
      return workbox.register();
    })
    .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
}

function handOverLoadedFiles(controller: ServiceWorker | null, controlledAt: number): void {
  if (!controller) return;
  void import('./keep-shown-images').then(({ keepImagesShownBeforeControl }) => keepImagesShownBeforeControl(controller, controlledAt)).catch(() => undefined);
}

/** Whether this page was a worker's from its first request (Navigation Timing's `workerStart`). */
function navigationPassedThroughWorker(): boolean {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return (navigation?.workerStart ?? 0) > 0;
}
