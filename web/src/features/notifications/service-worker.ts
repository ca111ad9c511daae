import type { PushPayload } from '@encore/model';
import { SHOW_PUSH_MESSAGE, showPush, type ShowPushMessage } from './show-push';

/** How long the page waits for its service worker before going on without one. */
const READY_WAIT_MS = 10_000;

/**
 * The app's service worker, once it is active; null where there is none (the dev server,
 * a browser without service workers, or one that did not start in time).
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Has a push shown: handed to the service worker, which shows every push the same way
 * (show-push.ts); a page without one shows it itself.
 */
export async function handToServiceWorker(payload: PushPayload): Promise<void> {
  const registration = await serviceWorkerRegistration();
  const worker = registration?.active;
  if (worker) {
    const message: ShowPushMessage = { type: SHOW_PUSH_MESSAGE, payload };
    worker.postMessage(message);
    return;
  }
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    await showPush({ showNotification: async (title, options) => void new Notification(title, options) }, payload);
  }
}
