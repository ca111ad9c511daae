import type { Announcement } from '../schemas/announcement.js';
import type { Locale } from '../schemas/user.js';
import { message } from '../messages/catalog.js';

type Texts = Pick<Announcement, 'title' | 'body' | 'titleNl' | 'bodyNl'>;

/** The other language, for a text left empty in the reader's. */
const otherThan = (locale: Locale): Locale => (locale === 'nl' ? 'en' : 'nl');

function textIn(announcement: Texts, locale: Locale, field: 'title' | 'body'): string {
  if (locale === 'nl') return field === 'title' ? (announcement.titleNl ?? '') : (announcement.bodyNl ?? '');
  return announcement[field];
}

/**
 * An announcement in the reader's language: the title and the body each in that language,
 * or in the other one where staff left it empty (one of the two always has it, the schema
 * says). The banner, News and the push all read it through here.
 */
export function announcementText(announcement: Texts, locale: Locale): { title: string; body: string } {
  const pick = (field: 'title' | 'body') => textIn(announcement, locale, field) || textIn(announcement, otherThan(locale), field);
  return { title: pick('title'), body: pick('body') };
}

/** Urgent and not withdrawn: shown as a banner and pushed (staff may lower or withdraw it at any moment). */
export function isLiveUrgent(announcement: Pick<Announcement, 'priority' | 'status'> | undefined): boolean {
  return announcement?.priority === 'urgent' && announcement.status !== 'withdrawn';
}

/**
 * Urgent once, even if lowered or withdrawn since (`urgentAt`; documents from before it was
 * recorded: still urgent, or pushed): what an "all clear" may follow up. An all clear itself
 * never gets one.
 */
export function wasEverUrgent(announcement: Pick<Announcement, 'priority' | 'urgentAt' | 'pushedDevices' | 'followUpOf'>): boolean {
  if (announcement.followUpOf !== undefined) return false;
  return announcement.urgentAt !== undefined || announcement.priority === 'urgent' || (announcement.pushedDevices ?? 0) > 0;
}

/** An "all clear": it follows up an urgent announcement (and is urgent itself, for its banner and push). */
export function isAllClear(announcement: Pick<Announcement, 'followUpOf'>): boolean {
  return announcement.followUpOf !== undefined;
}

/** The "all clear" that follows an urgent announcement, in both languages, naming what it follows up. */
export function allClearTexts(original: Texts): Required<Texts> {
  const en = announcementText(original, 'en').title;
  const nl = announcementText(original, 'nl').title;
  return {
    title: message('allClearTitle', 'en', { title: en }),
    body: message('allClearBody', 'en', {}),
    titleNl: message('allClearTitle', 'nl', { title: nl }),
    bodyNl: message('allClearBody', 'nl', {}),
  };
}
