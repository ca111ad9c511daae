import { firestorePaths, userPreferencesSchema, type UserPreferences } from '@encore/model';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import type { WithId } from '../../firebase/to-model';
import { useLocale } from '../../i18n/I18nProvider';
import { useAccount } from '../account/AccountContext';

/** What a person may change in their preferences document (`users/{uid}`). */
export type PreferencesChange = Partial<Pick<UserPreferences, 'reminderMinutes' | 'newsSeenAt'>>;

export interface UserPreferencesState {
  /** The person's preferences document: null while loading, when absent, and before sign-in. */
  preferences: WithId<UserPreferences> | null;
  /** 'ready' once the document has been read (absent or not); 'none' without an account yet. */
  status: 'none' | 'loading' | 'ready' | 'error';
  /** True while a change made here has not reached the server (offline, say). */
  pending: boolean;
  error: unknown;
  /** Writes a change (with the app's language, which the document always carries); resolves once the server has it. */
  save(change: PreferencesChange): Promise<void>;
}

const PreferencesContext = createContext<UserPreferencesState | null>(null);

/**
 * The person's preferences document, one listener for the whole app: the unread count reads
 * `newsSeenAt`, the settings read and write the reminder lead time, and functions read the
 * language from it. The app's language is written there whenever the person switches it,
 * so notices and pushes written on the server speak the language they last chose.
 */
export function UserPreferencesProvider({ children }: { children: ReactNode }) {
  const { account } = useAccount();
  const { locale } = useLocale();
  const uid = account?.uid ?? null;
  const ref = useMemo(() => (uid ? doc(db(), firestorePaths.userPreferences(uid)) : null), [uid]);
  const live = useLiveDocument(ref, userPreferencesSchema);

  const save = useCallback(
    (change: PreferencesChange) => {
      if (!ref) return Promise.reject(new Error('Not signed in yet'));
      return setDoc(ref, { locale, ...change, updatedAt: serverTimestamp() }, { merge: true });
    },
    [ref, locale],
  );

  // The language follows the person's switch (not the first render: a browser's default
  // language on a new device must not overwrite the one they chose elsewhere).
  const shownLocale = useRef(locale);
  useEffect(() => {
    if (shownLocale.current === locale) return;
    shownLocale.current = locale;
    if (ref) void setDoc(ref, { locale, updatedAt: serverTimestamp() }, { merge: true }).catch((error: unknown) => console.warn('Language not saved:', error));
  }, [ref, locale]);

  const value = useMemo<UserPreferencesState>(
    () => ({
      preferences: live.data,
      status: !ref ? 'none' : live.status,
      pending: live.hasPendingWrites,
      error: live.error,
      save,
    }),
    [ref, live, save],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function useUserPreferences(): UserPreferencesState {
  const state = useContext(PreferencesContext);
  if (!state) throw new Error('useUserPreferences needs a UserPreferencesProvider above it');
  return state;
}
