import { DISPLAY_NAME_MAX, firestorePaths } from '@encore/model';
import { deleteField, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { db } from '../../firebase/firestore';
import { preferencesStore } from '../notifications/preferences-store';

export { DISPLAY_NAME_MAX };

/** What a typed name is stored as: trimmed; null when nothing is left (the name is removed). */
export function normaliseDisplayName(typed: string): string | null {
  const trimmed = typed.trim().replace(/\s+/g, ' ');
  return trimmed === '' ? null : trimmed;
}

/** Whether a typed name can be saved (after trimming): at most DISPLAY_NAME_MAX characters. */
export function displayNameTooLong(typed: string): boolean {
  return (normaliseDisplayName(typed)?.length ?? 0) > DISPLAY_NAME_MAX;
}

/**
 * Saves (or with null removes) the name the person's photos are signed with, in their
 * preferences document. Photos already on the wall keep the name they were uploaded with.
 */
export function saveDisplayName(name: string | null, locale: string): Promise<void> {
  const { uid } = preferencesStore.get();
  if (!uid) return Promise.reject(new Error('There is no account yet to keep a name in.'));
  const current = preferencesStore.get().preferences;
  return setDoc(
    doc(db(), firestorePaths.userPreferences(uid)),
    { locale: current?.locale ?? locale, displayName: name ?? deleteField(), updatedAt: serverTimestamp() },
    { merge: true },
  );
}
