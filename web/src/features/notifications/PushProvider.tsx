import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocale } from '../../i18n/I18nProvider';
import { useAccount } from '../account/AccountContext';
import { needsRefresh, registerDevice, registeredDevice, unregisterDevice, type RegisteredDevice } from './device-registration';
import { loadPushClient, pushSupported } from './push-client';
import { handToServiceWorker, serviceWorkerRegistration } from './service-worker';

/**
 * - `unsupported`: no notifications here (an old browser; iPhones only in an app added to the Home Screen).
 * - `blocked`: the person (or a policy) denied notifications in the browser's settings.
 * - `off` / `on`: whether this device is registered for this person's pushes.
 */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on';

export interface PushState {
  status: PushStatus;
  /** Turning on or off is in progress. */
  busy: boolean;
  error: unknown;
  /** The person asked for notifications: the browser's permission prompt, then this device's registration. */
  enable(): Promise<void>;
  disable(): Promise<void>;
  /** Signing out: this device stops receiving the person's pushes (the permission stays as it is). */
  forgetDevice(): Promise<void>;
}

const PushContext = createContext<PushState | null>(null);

const permission = (): NotificationPermission | 'unsupported' => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * Push notifications for the whole app: knows whether this device gets them, keeps its
 * registration fresh at open (a token older than a few days, another account, another
 * language is written again), and hands pushes that reach the open page to the service
 * worker. The permission prompt appears only from `enable`, which a click calls.
 */
export function PushProvider({ children }: { children: ReactNode }) {
  const { account } = useAccount();
  const { locale } = useLocale();
  const uid = account?.uid ?? null;
  const [supported] = useState(pushSupported);
  const [device, setDevice] = useState<RegisteredDevice | null>(() => (typeof window === 'undefined' ? null : registeredDevice()));
  const [browserPermission, setBrowserPermission] = useState(permission);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  // Keep the registration fresh, and drop it when the browser's permission was taken back.
  useEffect(() => {
    if (!device || !uid || !supported) return;
    const allowed = permission();
    if (allowed !== 'granted') {
      void loadPushClient().then((client) => unregisterDevice(client, null)).then(() => setDevice(null));
      return;
    }
    if (!needsRefresh(device, uid, locale, Date.now())) return;
    let current = true;
    void Promise.all([loadPushClient(), serviceWorkerRegistration()])
      .then(([client, registration]) => registerDevice(client, registration, uid, locale))
      .then((fresh) => current && setDevice(fresh))
      .catch((failure: unknown) => console.warn('Could not refresh this device’s push registration:', failure));
    return () => {
      current = false;
    };
  }, [device, uid, locale, supported]);

  // Pushes that reach the open page go to the service worker, like those that reach a closed app.
  const listenUid = device && device.uid === uid ? device.uid : null;
  const listenDeviceId = listenUid ? device!.deviceId : null;
  useEffect(() => {
    if (!listenUid || !listenDeviceId) return;
    let stop = () => {};
    let stopped = false;
    void loadPushClient().then((client) => {
      if (stopped) return;
      stop = client.listen({ uid: listenUid, deviceId: listenDeviceId }, (payload) => void handToServiceWorker(payload));
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [listenUid, listenDeviceId]);

  const enable = useCallback(async () => {
    if (!uid) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await Notification.requestPermission();
      setBrowserPermission(answer);
      if (answer !== 'granted') return;
      const [client, registration] = await Promise.all([loadPushClient(), serviceWorkerRegistration()]);
      setDevice(await registerDevice(client, registration, uid, locale));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }, [uid, locale]);

  const forgetDevice = useCallback(async () => {
    if (!registeredDevice()) return;
    const [client, registration] = await Promise.all([loadPushClient(), serviceWorkerRegistration()]);
    await unregisterDevice(client, registration);
    setDevice(null);
  }, []);

  const disable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      await forgetDevice();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }, [forgetDevice]);

  // The push client (and in production the FCM SDK) loads only for a device that has asked
  // for pushes, or when the person asks: every other visit goes without it.
  const status: PushStatus =
    !supported ? 'unsupported' : browserPermission === 'denied' ? 'blocked' : device && device.uid === uid && browserPermission === 'granted' ? 'on' : 'off';
  const value = useMemo<PushState>(() => ({ status, busy, error, enable, disable, forgetDevice }), [status, busy, error, enable, disable, forgetDevice]);
  return <PushContext.Provider value={value}>{children}</PushContext.Provider>;
}

export function usePush(): PushState {
  const state = useContext(PushContext);
  if (!state) throw new Error('usePush needs a PushProvider above it');
  return state;
}
