/**
 * Installs the precaching service worker of production builds (vite/pwa.ts; the dev server
 * has none) and tells the page when a new version is ready.
 *
 * A new worker installs in the background and waits: it never takes over an open page by
 * itself, since the page's chunks belong to the version that loaded it. The update prompt
 * subscribes here; `apply()` asks the waiting worker to activate and reloads once it controls
 * the page, so the reload runs the new version.
 */
export interface PendingUpdate {
  apply(): void;
}

type Listener = () => void;

let pending: PendingUpdate | null = null;
const listeners = new Set<Listener>();

function announce(update: PendingUpdate): void {
  pending = update;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the update waiting to be applied, if any. */
export function pendingUpdate(): PendingUpdate | null {
  return pending;
}

export function subscribeToUpdates(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Offers an update without a real worker (component tests). */
export function announceUpdate(update: PendingUpdate): void {
  announce(update);
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // A first visit: the images shown before the worker takes over are handed to it then (keep-shown-images.ts).
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        const controlledAt = performance.now();
        const controller = navigator.serviceWorker.controller;
        if (!controller) return;
        void import('./keep-shown-images').then(({ keepImagesShownBeforeControl }) => keepImagesShownBeforeControl(controller, controlledAt)).catch(() => undefined);
      },
      { once: true },
    );
  }
  // workbox-window loads after the page: the first render does not wait for it.
  void import('workbox-window')
    .then(({ Workbox }) => {
      const workbox = new Workbox('/sw.js');
      let applying = false;
      const reload = () => window.location.reload();
      workbox.addEventListener('waiting', () => {
        announce({
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
        if (event.isUpdate && !applying) announce({ apply: reload });
      });
      // Browsers look for a new worker when a page is navigated to; an app left open for a
      // festival weekend is not, so it also asks every hour (failing quietly offline).
      window.setInterval(() => workbox.update().catch(() => {}), UPDATE_CHECK_MS);
      return workbox.register();
    })
    .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
}
