import { deviceIdSchema, firestorePaths, type Locale } from '@encore/model';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { appConfig, buildFestivalId } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import type { PushClient } from './push-client';
import { userAgentSummary } from './user-agent';

/**
 * This browser's registration for pushes: the device document `users/{uid}/devices/{id}`
 * (model: deviceSchema) and, on this device, a note of what was registered (localStorage),
 * so the app knows at open whether to refresh it.
 *
 * One registration per festival (issue 35): functions push a festival's news to the devices
 * whose `festivalId` is that festival, so a browser that follows two festivals has a device
 * document for each, with the same token (FCM delivers each festival's pushes once), and a
 * note of each here. Signing out or turning pushes off removes them all.
 */
export interface RegisteredDevice {
  deviceId: string;
  uid: string;
  token: string;
  locale: Locale;
  /** When the token was last written (ms since the epoch). */
  refreshedAt: number;
}

/** The note of the build's festival keeps the key it had when a build served one festival. */
const STORAGE_KEY = 'encore.push.device';
const STORAGE_PREFIX = `${STORAGE_KEY}.`;

/** Where this device keeps the note of its registration for `festivalId`. */
export function deviceStorageKey(festivalId: string, buildFestival: string = buildFestivalId): string {
  return festivalId === buildFestival ? STORAGE_KEY : `${STORAGE_PREFIX}${festivalId}`;
}
/** A token older than this is fetched and written again at open: FCM rotates tokens and forgets idle ones. */
export const REFRESH_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

function parseDevice(value: string | null): RegisteredDevice | null {
  try {
    const device = JSON.parse(value ?? 'null') as RegisteredDevice | null;
    return device && deviceIdSchema.safeParse(device.deviceId).success && typeof device.uid === 'string' && typeof device.token === 'string' ? device : null;
  } catch {
    return null;
  }
}

/** This device's registration for `festivalId` (the one shown, by default), or null. */
export function registeredDevice(storage: Pick<Storage, 'getItem'> | null = browserStorage(), festivalId: string = appConfig.festivalId): RegisteredDevice | null {
  return storage ? parseDevice(storage.getItem(deviceStorageKey(festivalId))) : null;
}

/** This device's registrations for every festival it follows, with the key of each note. */
export function registeredDevices(storage: Pick<Storage, 'getItem' | 'key' | 'length'> | null = browserStorage()): Array<{ key: string; device: RegisteredDevice }> {
  if (!storage) return [];
  const found: Array<{ key: string; device: RegisteredDevice }> = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== STORAGE_KEY && !key?.startsWith(STORAGE_PREFIX)) continue;
    const device = parseDevice(storage.getItem(key));
    if (device) found.push({ key, device });
  }
  return found;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function remember(key: string, device: RegisteredDevice | null): void {
  try {
    if (device) window.localStorage.setItem(key, JSON.stringify(device));
    else window.localStorage.removeItem(key);
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
  const festivalId = appConfig.festivalId;
  const known = registeredDevice(browserStorage(), festivalId);
  const deviceId = known?.deviceId ?? newDeviceId();
  const ref = doc(db(), firestorePaths.device(uid, deviceId));
  const fields = { token, festivalId, locale, userAgent: userAgentSummary(navigator.userAgent), updatedAt: serverTimestamp() };
  const existing = await getDoc(ref).catch(() => null);
  if (existing?.exists()) await updateDoc(ref, fields);
  else await setDoc(ref, { ...fields, createdAt: serverTimestamp() });
  const device = { deviceId, uid, token, locale, refreshedAt: Date.now() };
  remember(deviceStorageKey(festivalId), device);
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
  const known = registeredDevices();
  for (const { key } of known) remember(key, null);
  if (known.length === 0) return;
  const deletions = known.map(({ device }) => deleteDoc(doc(db(), firestorePaths.device(device.uid, device.deviceId))).catch((error: unknown) => console.warn('Device not removed:', error)));
  await Promise.race([Promise.all(deletions), new Promise((resolve) => setTimeout(resolve, UNREGISTER_WAIT_MS))]);
  await client?.deleteToken(registration).catch(() => undefined);
}
