import { isAppAsset, isKeptImage, KEEP_SHOWN_IMAGES, type KeepShownImagesMessage } from './kept-images';

/** A request started before the worker took over and still not done after this long is no image on screen. */
const STRAGGLERS_MS = 60_000;

/**
 * On a first visit the service worker installs while the page loads, so the photos (and the
 * staff images) this page showed before the worker controlled it never went through the
 * worker's routes, and would be missing offline: a person who opened the photo wall once
 * would find those photos gone when the network fails. Once the worker controls the page
 * (`controlledAt`, on the page's clock), this hands it every such image the page loaded (by
 * Resource Timing: those that started before that moment), so its routes keep them as if they
 * had passed through (sw.ts; mostly from the browser's HTTP cache, no second download).
 * The app's own chunks and styles loaded before that moment are handed over the same way:
 * the precache holds only what the first offline use needs, and a chunk this page already
 * used (the Dutch messages, a page opened first) is kept too.
 */
export function keepImagesShownBeforeControl(controller: ServiceWorker, controlledAt: number): void {
  const send = (entries: readonly PerformanceEntry[]) => {
    const urls = entries.filter((entry) => entry.startTime < controlledAt && (isKeptImage(entry.name) || isAppAsset(entry.name, location.origin))).map((entry) => entry.name);
    if (urls.length > 0) controller.postMessage({ type: KEEP_SHOWN_IMAGES, urls } satisfies KeepShownImagesMessage);
  };
  // Images still loading when the worker took over are reported as they finish.
  if (typeof PerformanceObserver !== 'undefined') {
    const observer = new PerformanceObserver((list) => send(list.getEntries()));
    observer.observe({ type: 'resource' });
    window.setTimeout(() => observer.disconnect(), STRAGGLERS_MS);
  }
  send(performance.getEntriesByType('resource'));
}
