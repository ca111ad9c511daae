import { deviceIdSchema, firestorePaths, type Locale } from '@encore/model';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import type { PushClient } from './push-client';
import { userAgentSummary } from './user-agent';

/**
 * This browser's registration for pushes: the device document `users/{uid}/devices/{id}`
 * (model: deviceSchema) and, on this device, a note of what was registered (localStorage),
 * so the app knows at open whether to refresh it.
 */
export interface RegisteredDevice {
  deviceId: string;
  uid: string;
  token: string;
  locale: Locale;
  /** When the token was last written (ms since the epoch). */
  refreshedAt: number;
}

const STORAGE_KEY = 'encore.push.device';
/** A token older than this is fetched and written again at open: FCM rotates tokens and forgets idle ones. */
export const REFRESH_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export function registeredDevice(storage: Pick<Storage, 'getItem'> = window.localStorage): RegisteredDevice | null {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as RegisteredDevice | null;
    return value && deviceIdSchema.safeParse(value.deviceId).success && typeof value.uid === 'string' && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

function remember(device: RegisteredDevice | null): void {
  try {
    if (device) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(device));
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage off: the registration still works for this visit.
  }
}

/** Whether the registration must be written again: another account, another language, or a token getting old. */
export function needsRefresh(device: RegisteredDevice, uid: string, locale: Locale, now: number): boolean {
  return device.uid !== uid || device.locale !== locale || now - device.refreshedAt > REFRESH_AFTER_MS;
}

/** A new random device id (one per browser profile), e.g. "Zx3_k9-Qm2LpW8aa1b2c". */
function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * Gets a token and writes the device document (created with its createdAt, or updated
 * keeping it, as the rules require); resolves once the server has it.
 */
export async function registerDevice(client: PushClient, registration: ServiceWorkerRegistration | null, uid: string, locale: Locale): Promise<RegisteredDevice> {
  const token = await client.token(registration);
  const known = registeredDevice();
  const deviceId = known?.deviceId ?? newDeviceId();
  const ref = doc(db(), firestorePaths.device(uid, deviceId));
  const fields = { token, festivalId: appConfig.festivalId, locale, userAgent: userAgentSummary(navigator.userAgent), updatedAt: serverTimestamp() };
  const existing = await getDoc(ref).catch(() => null);
  if (existing?.exists()) await updateDoc(ref, fields);
  else await setDoc(ref, { ...fields, createdAt: serverTimestamp() });
  const device = { deviceId, uid, token, locale, refreshedAt: Date.now() };
  remember(device);
  return device;
}

/** How long signing out waits for the device document's deletion to reach the server. */
const UNREGISTER_WAIT_MS = 4000;

/**
 * Stops pushes to this browser: deletes the device document and the token. Waits a few
 * seconds at most for the server (offline, the deletion syncs later, and the forgotten token
 * makes FCM refuse pushes to it anyway, after which functions delete the document).
 */
export async function unregisterDevice(client: PushClient | null, registration: ServiceWorkerRegistration | null): Promise<void> {
  const known = registeredDevice();
  remember(null);
  if (!known) return;
  const deletion = deleteDoc(doc(db(), firestorePaths.device(known.uid, known.deviceId))).catch((error: unknown) => console.warn('Device not removed:', error));
  await Promise.race([deletion, new Promise((resolve) => setTimeout(resolve, UNREGISTER_WAIT_MS))]);
  await client?.deleteToken(registration).catch(() => undefined);
}
