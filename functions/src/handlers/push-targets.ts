import { deviceSchema, firestorePaths, userPreferencesSchema, type Device, type Locale, type UserPreferences } from '@encore/model';
import { readsOf, type Docs } from '../platform/docs.js';
import type { PushTarget } from './push-delivery.js';

/** Languages fall back to English: the catalog's first language, and the festival team's. */
export const FALLBACK_LOCALE: Locale = 'en';

/** The preferences documents of several people, by uid (a person without one is absent). */
export async function readPreferences(docs: Pick<Docs, 'getAll'>, uids: readonly string[]): Promise<Map<string, UserPreferences>> {
  const unique = [...new Set(uids)];
  const found = new Map<string, UserPreferences>();
  for (let start = 0; start < unique.length; start += 300) {
    const chunk = unique.slice(start, start + 300);
    const preferences = await docs.getAll(readsOf(chunk.map(firestorePaths.userPreferences), userPreferencesSchema));
    chunk.forEach((uid, index) => {
      if (preferences[index]) found.set(uid, preferences[index]);
    });
  }
  return found;
}

/** The person's language: their preferences, else the language of the device, else English. */
export function localeFor(preferences: UserPreferences | undefined, device?: Pick<Device, 'locale'>): Locale {
  return preferences?.locale ?? device?.locale ?? FALLBACK_LOCALE;
}

/** The devices a person registered for a festival's pushes. */
export async function devicesOf(docs: Pick<Docs, 'query'>, uid: string, festivalId: string): Promise<Array<{ deviceId: string; device: Device }>> {
  const found = await docs.query({ collection: firestorePaths.devices(uid), where: [['festivalId', '==', festivalId]] }, deviceSchema);
  return found.map((doc) => ({ deviceId: doc.id, device: doc.data }));
}

/** Every device of these people for the festival, as push targets in each person's language. */
export async function targetsOf(docs: Pick<Docs, 'query'>, uids: readonly string[], festivalId: string, preferences: Map<string, UserPreferences>): Promise<PushTarget[]> {
  const perPerson = await Promise.all(
    [...new Set(uids)].map(async (uid) =>
      (await devicesOf(docs, uid, festivalId)).map(({ deviceId, device }) => ({ uid, deviceId, token: device.token, locale: localeFor(preferences.get(uid), device) })),
    ),
  );
  return perPerson.flat();
}
