import { isLiveUrgent, type Announcement } from '@encore/model';

/**
 * What "unread" and "dismissed" mean for the festival team's announcements, as pure rules
 * over what this device remembers (localStorage) and the person's preferences document.
 */

/** An urgent announcement shows as a banner on every page for this long after it was posted, until dismissed. */
export const URGENT_BANNER_HOURS = 12;
/** The announcements the app listens to (newest first): the News page shows them, the count is capped by them. */
export const ANNOUNCEMENTS_SHOWN = 20;

const SEEN = 'encore.news.seenAt';
const DISMISSED = 'encore.news.dismissed';
const DISMISSED_KEPT = 50;

type Dated = Pick<Announcement, 'createdAt' | 'status'> & { id: string };

const withdrawn = (announcement: Dated) => announcement.status === 'withdrawn';

/**
 * The newest announcement the person has seen: the later of this device's note and their
 * preferences document's (so a reload keeps it, and another device they sign in on too).
 */
export function seenUpTo(local: Date | null, remote: Date | null | undefined): Date | null {
  if (!local) return remote ?? null;
  if (!remote) return local;
  return local.getTime() >= remote.getTime() ? local : remote;
}

/** Announcements posted after the newest one seen (not withdrawn ones); all of them when nothing was seen yet. */
export function unreadCount(announcements: readonly Dated[], seen: Date | null): number {
  const standing = announcements.filter((announcement) => !withdrawn(announcement));
  return seen ? standing.filter((announcement) => announcement.createdAt.getTime() > seen.getTime()).length : standing.length;
}

/** The banners to show: urgent (not lowered or withdrawn since), posted within URGENT_BANNER_HOURS, not dismissed; newest first. */
export function urgentBanners<A extends Dated & Pick<Announcement, 'priority'>>(announcements: readonly A[], dismissed: ReadonlySet<string>, now: Date): A[] {
  const since = now.getTime() - URGENT_BANNER_HOURS * 3_600_000;
  return announcements.filter((announcement) => isLiveUrgent(announcement) && announcement.createdAt.getTime() >= since && !dismissed.has(announcement.id));
}

/** The newest announcement that counts as seen once the News page shows these (written ones only, not a staff member's own still syncing). */
export function newestSeen(announcements: readonly Dated[], pendingIds: ReadonlySet<string>): Date | null {
  let newest: Date | null = null;
  for (const announcement of announcements) {
    if (pendingIds.has(announcement.id)) continue;
    if (!newest || announcement.createdAt.getTime() > newest.getTime()) newest = announcement.createdAt;
  }
  return newest;
}

export interface NewsMemory {
  seenAt(): Date | null;
  rememberSeen(at: Date): void;
  dismissed(): Set<string>;
  dismiss(id: string): Set<string>;
}

/**
 * This device's memory of seen and dismissed announcements (localStorage; forgetful when
 * storage is off), per festival: `festival` names the festival when it is not the build's,
 * whose memory keeps the keys it had when a build served one festival.
 */
export function newsMemory(storage: Pick<Storage, 'getItem' | 'setItem'> | null, festival?: string): NewsMemory {
  const SEEN_KEY = festival ? `${SEEN}.${festival}` : SEEN;
  const DISMISSED_KEY = festival ? `${DISMISSED}.${festival}` : DISMISSED;
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string) => {
    try {
      storage?.setItem(key, value);
    } catch {
      // Not remembered on this device; the preferences document may still keep it.
    }
  };
  const dismissedIds = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(read(DISMISSED_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
    } catch {
      return [];
    }
  };
  return {
    seenAt() {
      const value = read(SEEN_KEY);
      const date = value ? new Date(value) : null;
      return date && !Number.isNaN(date.getTime()) ? date : null;
    },
    rememberSeen(at) {
      write(SEEN_KEY, at.toISOString());
    },
    dismissed: () => new Set(dismissedIds()),
    dismiss(id) {
      const ids = [...dismissedIds().filter((kept) => kept !== id), id].slice(-DISMISSED_KEPT);
      write(DISMISSED_KEY, JSON.stringify(ids));
      return new Set(ids);
    },
  };
}
