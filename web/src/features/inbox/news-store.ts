import { announcementSchema, firestorePaths, type Announcement } from '@encore/model';
import { collection, limit, onSnapshot, orderBy, query } from 'firebase/firestore';
import { appConfig, buildFestivalId } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { InvalidDocumentError, toModel, type WithId } from '../../firebase/to-model';
import { useNow } from '../../time/ClockContext';
import { preferencesStore, savePreferences } from '../notifications/preferences-store';
import { createStore } from '../notifications/store';
import { ANNOUNCEMENTS_SHOWN, newestSeen, newsMemory, seenUpTo, unreadCount, urgentBanners } from './news-state';

interface FeedState {
  announcements: WithId<Announcement>[];
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Announcements this device wrote that the server has not confirmed (a staff member's own post, offline). */
  pendingIds: ReadonlySet<string>;
  /** The newest announcement seen, as this device remembers it. */
  localSeen: Date | null;
  dismissed: ReadonlySet<string>;
}

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);
// Per festival: the build's festival keeps the keys it always had (news-state.ts).
const memory = newsMemory(storage(), appConfig.festivalId === buildFestivalId ? undefined : appConfig.festivalId);

/**
 * The festival team's announcements for the whole app, from one Firestore listener: the
 * urgent banner on every page, the unread count on News in both navigations and the News
 * page all read this store, so a staff post reaches all three with the listener's latency.
 */
const feed = createStore<FeedState>({
  announcements: [],
  status: 'loading',
  error: null,
  pendingIds: new Set(),
  localSeen: memory.seenAt(),
  dismissed: memory.dismissed(),
});

let listeners = 0;
let stop = () => {};

/** Starts the listener (once, however many callers); the returned function releases it. */
export function followAnnouncements(): () => void {
  if (listeners++ === 0) {
    const newest = query(collection(db(), firestorePaths.announcements(appConfig.festivalId)), orderBy('createdAt', 'desc'), limit(ANNOUNCEMENTS_SHOWN));
    stop = onSnapshot(
      newest,
      { includeMetadataChanges: true },
      (snapshot) => {
        const announcements: WithId<Announcement>[] = [];
        const pendingIds = new Set<string>();
        for (const doc of snapshot.docs) {
          const model = toModel(doc, announcementSchema);
          if (model instanceof InvalidDocumentError) console.warn(model.message);
          else announcements.push(model);
          if (doc.metadata.hasPendingWrites) pendingIds.add(doc.id);
        }
        feed.set({ announcements, pendingIds, status: 'ready', error: null });
      },
      (error) => feed.set({ status: 'error', error }),
    );
  }
  return () => {
    if (--listeners === 0) stop();
  };
}

/** The newest seen: this device's note or the person's preferences document, whichever is later. */
function seen(): Date | null {
  return seenUpTo(feed.get().localSeen, preferencesStore.get().preferences?.newsSeenAt);
}

/** The News page shows the announcements: they count as read, here and (signed in, a guest too) on the person's other devices. */
export function markNewsSeen(): void {
  const { announcements, pendingIds } = feed.get();
  const newest = newestSeen(announcements, pendingIds);
  const before = seen();
  if (!newest || (before && newest.getTime() <= before.getTime())) return;
  memory.rememberSeen(newest);
  feed.set({ localSeen: newest });
  if (preferencesStore.get().status === 'ready') {
    savePreferences({ newsSeenAt: newest }).catch((error: unknown) => console.warn('News not marked seen on the server:', error));
  }
}

export function dismissBanner(id: string): void {
  feed.set({ dismissed: memory.dismiss(id) });
}

export interface NewsView {
  announcements: WithId<Announcement>[];
  status: FeedState['status'];
  error: unknown;
  unread: number;
  banners: WithId<Announcement>[];
}

/** The announcements, the unread count and the banners to show, kept current. */
export function useNews(): NewsView {
  const state = feed.use();
  const preferences = preferencesStore.use();
  const now = useNow(60_000);
  const seenAt = seenUpTo(state.localSeen, preferences.preferences?.newsSeenAt);
  return {
    announcements: state.announcements,
    status: state.status,
    error: state.error,
    unread: state.status === 'ready' ? unreadCount(state.announcements, seenAt) : 0,
    banners: urgentBanners(state.announcements, state.dismissed, now),
  };
}
