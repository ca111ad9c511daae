import { announcementSchema, firestorePaths } from '@encore/model';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery, type LiveState } from '../../firebase/live';
import type { WithId } from '../../firebase/to-model';
import { useNow } from '../../time/ClockContext';
import { useUserPreferences } from '../notifications/UserPreferences';
import { ANNOUNCEMENTS_SHOWN, newestSeen, newsMemory, seenUpTo, unreadCount, urgentBanners } from './news-state';
import type { Announcement } from '@encore/model';

export interface NewsState {
  /** The newest announcements, live (the News page shows them). */
  announcements: LiveState<WithId<Announcement>[]>;
  /** Announcements posted since the person last saw the News page. */
  unread: number;
  /** Urgent announcements to show as a banner on every page. */
  banners: WithId<Announcement>[];
  dismiss(id: string): void;
  /** The News page is showing the announcements: they count as read (here, and for the person everywhere). */
  markSeen(): void;
}

const NewsContext = createContext<NewsState | null>(null);

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/**
 * The festival team's announcements for the whole app, from one Firestore listener: the
 * urgent banner on every page, the unread count on News in both navigations, and the News
 * page itself all read this, so a staff post reaches all three with the listener's latency.
 */
export function NewsProvider({ children }: { children: ReactNode }) {
  const memory = useMemo(() => newsMemory(storage()), []);
  const ref = useMemo(
    () => query(collection(db(), firestorePaths.announcements(appConfig.festivalId)), orderBy('createdAt', 'desc'), limit(ANNOUNCEMENTS_SHOWN)),
    [],
  );
  const announcements = useLiveQuery(ref, announcementSchema);
  const { preferences, status: preferencesStatus, save } = useUserPreferences();
  const [localSeen, setLocalSeen] = useState(() => memory.seenAt());
  const [dismissed, setDismissed] = useState(() => memory.dismissed());
  const now = useNow(60_000);

  const seen = seenUpTo(localSeen, preferences?.newsSeenAt);
  const unread = announcements.status === 'ready' ? unreadCount(announcements.data, seen) : 0;
  const banners = useMemo(() => urgentBanners(announcements.data, dismissed, now), [announcements.data, dismissed, now]);

  const markSeen = useCallback(() => {
    const newest = newestSeen(announcements.data, announcements.pendingIds);
    if (!newest || (seen && newest.getTime() <= seen.getTime())) return;
    memory.rememberSeen(newest);
    setLocalSeen(newest);
    // Signed in (a guest too): the preferences document carries it to their other devices.
    if (preferencesStatus === 'ready' && !(preferences?.newsSeenAt && preferences.newsSeenAt.getTime() >= newest.getTime())) {
      save({ newsSeenAt: newest }).catch((error: unknown) => console.warn('News not marked seen on the server:', error));
    }
  }, [announcements.data, announcements.pendingIds, seen, memory, preferencesStatus, preferences, save]);

  const dismiss = useCallback((id: string) => setDismissed(memory.dismiss(id)), [memory]);

  const value = useMemo<NewsState>(() => ({ announcements, unread, banners, dismiss, markSeen }), [announcements, unread, banners, dismiss, markSeen]);
  return <NewsContext.Provider value={value}>{children}</NewsContext.Provider>;
}

export function useNews(): NewsState {
  const state = useContext(NewsContext);
  if (!state) throw new Error('useNews needs a NewsProvider above it');
  return state;
}
