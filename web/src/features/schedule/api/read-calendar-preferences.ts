import { firestorePaths, userPreferencesSchema, type UserPreferences } from '@encore/model';
import { doc, getDoc } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';
import { toModel } from '../../../firebase/to-model';

/**
 * The person's preferences document (`users/{uid}`), which the calendar feed reads too: the
 * download follows the same language and reminder. Undefined when there is none, when it
 * cannot be read (offline with nothing cached) or does not match the contract; the download
 * then uses the language on screen and no reminder, and the page still works.
 */
export async function readCalendarPreferences(uid: string): Promise<UserPreferences | undefined> {
  try {
    const snapshot = await getDoc(doc(db(), firestorePaths.userPreferences(uid)));
    if (!snapshot.exists()) return undefined;
    const preferences = toModel(snapshot, userPreferencesSchema);
    return preferences instanceof Error ? undefined : preferences;
  } catch {
    return undefined;
  }
}
