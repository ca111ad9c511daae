/// <reference lib="webworker" />
import { getMessaging, onBackgroundMessage } from 'firebase/messaging/sw';
import { appConfig } from '../../config/firebase-config';
import { firebaseApp } from '../../firebase/app';
import { isShowPushMessage, linkOf, readPushPayload, showPush } from './show-push';

/**
 * Push handling in the app's service worker (src/sw.ts). Must run while the worker script is
 * first evaluated: the FCM SDK adds its `push` listener when `getMessaging` is called, and
 * browsers only honour listeners added then.
 *
 * - Production: FCM data messages arrive through `onBackgroundMessage` when no page of the
 *   app is visible (a visible page gets them through `onMessage` and posts them here).
 * - Every page (and on the emulators, the local outbox the page listens to) posts
 *   `SHOW_PUSH_MESSAGE` here, so what is shown never depends on how it came.
 * - A click focuses an open page of the app on the push's link, or opens one.
 */
export function installPushHandlers(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('message', (event) => {
    if (!isShowPushMessage(event.data)) return;
    const payload = readPushPayload(event.data.payload);
    if (payload) event.waitUntil(showPush(worker.registration, payload));
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL(linkOf(event.notification.data), worker.location.origin).href;
    event.waitUntil(openOrFocus(worker, url));
  });

  if (!appConfig.emulators) {
    onBackgroundMessage(getMessaging(firebaseApp()), (message) => {
      const payload = readPushPayload(message.data);
      if (payload) return showPush(worker.registration, payload);
    });
  }
}

async function openOrFocus(worker: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    await open.focus();
    await open.navigate(url).catch(() => undefined);
    return;
  }
  await worker.clients.openWindow(url);
}
