import type { Locale } from '@encore/model';
import { useEffect } from 'react';
import { needsRefresh, registerDevice, registeredDevice, registeredDevices, unregisterDevice, type RegisteredDevice } from './device-registration';
import { loadPushClient, pushSupported } from './push-client';
import { handToServiceWorker, serviceWorkerRegistration } from './service-worker';
import { createStore } from './store';

/**
 * - `unsupported`: no notifications here (an old browser; iPhones only in an app added to the Home Screen).
 * - `blocked`: the person (or a policy) denied notifications in the browser's settings.
 * - `off` / `on`: whether this device is registered for this person's pushes.
 */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on';

interface PushState {
  device: RegisteredDevice | null;
  permission: NotificationPermission | 'unsupported';
  /** Turning on or off is in progress. */
  busy: boolean;
  error: unknown;
}

const browserPermission = (): PushState['permission'] => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** This browser's push registration, shared by the settings and the background sync (NewsLayer's runtime). */
export const pushStore = createStore<PushState>({
  device: typeof window === 'undefined' ? null : registeredDevice(),
  permission: browserPermission(),
  busy: false,
  error: null,
});

export function pushStatus(state: PushState, uid: string | null): PushStatus {
  if (!pushSupported()) return 'unsupported';
  if (state.permission === 'denied') return 'blocked';
  return state.device && state.device.uid === uid && state.permission === 'granted' ? 'on' : 'off';
}

async function busyWhile(work: () => Promise<void>): Promise<void> {
  pushStore.set({ busy: true, error: null });
  try {
    await work();
  } catch (error) {
    pushStore.set({ error });
  } finally {
    pushStore.set({ busy: false });
  }
}

/**
 * The person asked for notifications (a click): the browser's permission prompt, then this
 * device's registration under `signedIn`'s uid. The uid is asked for after the prompt: a
 * visitor with no account yet gets one here, and the prompt must come straight from the click.
 */
export function enablePush(signedIn: () => Promise<string>, locale: Locale): Promise<void> {
  return busyWhile(async () => {
    const answer = await Notification.requestPermission();
    pushStore.set({ permission: answer });
    if (answer !== 'granted') return;
    const [uid, client, registration] = await Promise.all([signedIn(), loadPushClient(), serviceWorkerRegistration()]);
    pushStore.set({ device: await registerDevice(client, registration, uid, locale) });
  });
}

/** Signing out, or turning notifications off: this device stops getting the person's pushes (the permission stays as it is). */
export async function forgetDevice(): Promise<void> {
  if (registeredDevices().length === 0) return;
  const [client, registration] = await Promise.all([loadPushClient(), serviceWorkerRegistration()]);
  await unregisterDevice(client, registration);
  pushStore.set({ device: null });
}

export function disablePush(): Promise<void> {
  return busyWhile(forgetDevice);
}

/**
 * At open and while the app runs: keeps this device's registration fresh (a token older than
 * a few days, another account, another language is written again), registers it for the
 * festival shown when the same person has pushes on for another festival on this device (a
 * visitor of two festivals gets both festivals' news), drops it when the
 * browser's permission was taken back, and hands pushes that reach the open page to the
 * service worker, which shows them as it shows those that reach a closed app.
 */
export function usePushSync(uid: string | null, locale: Locale): void {
  const { device } = pushStore.use();

  useEffect(() => {
    if (device || !uid || !pushSupported() || browserPermission() !== 'granted') return;
    if (!registeredDevices().some((other) => other.device.uid === uid)) return;
    let current = true;
    void Promise.all([loadPushClient(), serviceWorkerRegistration()])
      .then(([client, registration]) => registerDevice(client, registration, uid, locale))
      .then((fresh) => current && pushStore.set({ device: fresh }))
      .catch((error: unknown) => console.warn('Could not register this device for this festival’s pushes:', error));
    return () => {
      current = false;
    };
  }, [device, uid, locale]);

  useEffect(() => {
    if (!device || !uid || !pushSupported()) return;
    if (browserPermission() !== 'granted') {
      void forgetDevice().catch((error: unknown) => console.warn('Could not remove this device’s push registration:', error));
      return;
    }
    if (!needsRefresh(device, uid, locale, Date.now())) return;
    let current = true;
    void Promise.all([loadPushClient(), serviceWorkerRegistration()])
      .then(([client, registration]) => registerDevice(client, registration, uid, locale))
      .then((fresh) => current && pushStore.set({ device: fresh }))
      .catch((error: unknown) => console.warn('Could not refresh this device’s push registration:', error));
    return () => {
      current = false;
    };
  }, [device, uid, locale]);

  const listenUid = device && device.uid === uid ? device.uid : null;
  const listenDeviceId = device && device.uid === uid ? device.deviceId : null;
  useEffect(() => {
    if (!listenUid || !listenDeviceId) return;
    let stop = () => {};
    let stopped = false;
    void loadPushClient().then((client) => {
      if (!stopped) stop = client.listen({ uid: listenUid, deviceId: listenDeviceId }, (payload) => void handToServiceWorker(payload));
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [listenUid, listenDeviceId]);
}
