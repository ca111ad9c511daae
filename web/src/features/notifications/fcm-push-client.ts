import { deleteToken, getMessaging, getToken, isSupported, onMessage } from 'firebase/messaging';
import { firebaseApp } from '../../firebase/app';
import { readPushPayload } from './show-push';
import type { PushClient } from './push-client';

/**
 * Firebase Cloud Messaging in production. Tokens come from `getToken` with the project's
 * Web Push certificate (VITE_FIREBASE_VAPID_KEY) and the app's own service worker (sw.js at
 * scope "/"), so no separate firebase-messaging-sw.js is needed. While a page of the app is
 * visible, FCM hands pushes to `onMessage` instead of the service worker; they are passed on
 * to it, so they look the same.
 */
const vapidKey = import.meta.env.VITE_FIREBASE_VAPID_KEY as string | undefined;

function registrationOrThrow(registration: ServiceWorkerRegistration | null): ServiceWorkerRegistration {
  if (!registration) throw new Error('Notifications need the app’s service worker, which is not running.');
  return registration;
}

export const fcmPushClient: PushClient = {
  async token(registration) {
    if (!(await isSupported())) throw new Error('This browser cannot receive push messages.');
    return getToken(getMessaging(firebaseApp()), { vapidKey, serviceWorkerRegistration: registrationOrThrow(registration) });
  },

  async deleteToken() {
    await deleteToken(getMessaging(firebaseApp()));
  },

  listen(_device, show) {
    return onMessage(getMessaging(firebaseApp()), (message) => {
      const payload = readPushPayload(message.data);
      if (payload) show(payload);
    });
  },
};
