import { firestorePaths, userPreferencesSchema, type Locale, type UserPreferences } from '@encore/model';
import { doc, onSnapshot, serverTimestamp, setDoc } from 'firebase/firestore';
import { db } from '../../firebase/firestore';
import { InvalidDocumentError, toModel } from '../../firebase/to-model';
import { createStore } from './store';

/** What a person may change in their preferences document (`users/{uid}`). */
export type PreferencesChange = Partial<Pick<UserPreferences, 'reminderMinutes' | 'newsSeenAt' | 'locale'>>;

export interface PreferencesState {
  uid: string | null;
  /** The document: null while loading, when absent, and before there is an account. */
  preferences: UserPreferences | null;
  /** 'ready' once read (absent or not); 'none' without an account yet. */
  status: 'none' | 'loading' | 'ready' | 'error';
  /** A change made here has not reached the server yet (offline, say). */
  pending: boolean;
  error: unknown;
}

/**
 * The person's preferences document, one listener for the whole app (started by
 * NewsLayer's runtime): the unread count reads `newsSeenAt`, the settings the reminder lead
 * time, and functions the language.
 */
export const preferencesStore = createStore<PreferencesState>({ uid: null, preferences: null, status: 'none', pending: false, error: null });

let stopListening = () => {};
let currentLocale: Locale = 'en';

/** Follows the signed-in person's document (null: nobody yet). */
export function watchPreferences(uid: string | null): () => void {
  stopListening();
  preferencesStore.set({ uid, preferences: null, status: uid ? 'loading' : 'none', pending: false, error: null });
  if (!uid) return () => {};
  stopListening = onSnapshot(
    doc(db(), firestorePaths.userPreferences(uid)),
    { includeMetadataChanges: true },
    (snapshot) => {
      const model = snapshot.exists() ? toModel(snapshot, userPreferencesSchema) : null;
      if (model instanceof InvalidDocumentError) console.warn(model.message);
      preferencesStore.set({ preferences: model instanceof InvalidDocumentError ? null : model, status: 'ready', pending: snapshot.metadata.hasPendingWrites, error: null });
    },
    (error) => preferencesStore.set({ status: 'error', error }),
  );
  return () => stopListening();
}

/** The app's language, which every write carries (the document requires it; functions read it). */
export function setPreferencesLocale(locale: Locale): void {
  currentLocale = locale;
}

/**
 * Writes a change; resolves once the server has it. `uid` names the account when the listener
 * may not follow it yet (one made for this very change).
 */
export function savePreferences(change: PreferencesChange, uid = preferencesStore.get().uid): Promise<void> {
  if (!uid) return Promise.reject(new Error('There is no account yet to keep preferences in.'));
  return setDoc(doc(db(), firestorePaths.userPreferences(uid)), { locale: currentLocale, ...change, updatedAt: serverTimestamp() }, { merge: true });
}
