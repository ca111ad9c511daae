import type { PushPayload } from '@encore/model';
import { appConfig } from '../../config/firebase-config';

/**
 * How this browser gets a push token and receives pushes while the app is open. Production
 * uses Firebase Cloud Messaging (`fcm-push-client.ts`); FCM has no emulator and its
 * `getToken` needs Google's registration servers, so on the emulators the app uses the
 * local stand-in (`local-push-client.ts`), whose tokens functions' local outbox accepts.
 * Both load on demand: the programme page's first download carries neither.
 */
export interface PushClient {
  /** A token for this browser; the same one while it stays valid. */
  token(registration: ServiceWorkerRegistration | null): Promise<string>;
  /** Forgets the token, so the push service stops delivering to it. */
  deleteToken(registration: ServiceWorkerRegistration | null): Promise<void>;
  /**
   * Pushes that reach the open page (FCM's `onMessage`, or this device's local outbox), each
   * handed to `show`; returns a stop function.
   */
  listen(device: { uid: string; deviceId: string }, show: (payload: PushPayload) => void): () => void;
}

/**
 * Whether this browser can get pushes, without loading either client: the Notification API
 * and service workers everywhere, and in production the Push API and a Web Push key
 * (iPhones have them only in an app added to the Home Screen).
 */
export function pushSupported(): boolean {
  if (typeof window === 'undefined' || !('Notification' in window)) return false;
  if (appConfig.emulators) return true;
  return 'serviceWorker' in navigator && 'PushManager' in window && Boolean(import.meta.env.VITE_FIREBASE_VAPID_KEY);
}

export function loadPushClient(): Promise<PushClient> {
  return appConfig.emulators
    ? import('./local-push-client').then((module) => module.localPushClient)
    : import('./fcm-push-client').then((module) => module.fcmPushClient);
}
