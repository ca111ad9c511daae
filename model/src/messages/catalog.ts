import type { Locale } from '../schemas/user.js';
import { festivalClock, festivalMoment } from './format.js';

/**
 * Every message the backend writes for people to read (notice texts, push titles and
 * bodies), in every language Encore speaks, in one place. Functions render them in the
 * recipient's language (their `users/{uid}` locale); the web app renders notices from their
 * kind and parameters with the same catalog, in the reader's current language.
 *
 * Each entry is a function per language rather than an ICU string: the parameters are
 * typed, a missing language is a type error (and `catalog.test.ts` checks it at run time
 * too), and dates go through `format.ts` so they always show festival time.
 */
export interface MessageParams {
  noticeMoved: { artist: string; stage: string; startsAt: Date; timeZone: string };
  noticeCancelled: { artist: string };
  noticePhotoReady: Record<string, never>;
  noticePhotoRejected: { reason?: string | undefined };
  noticeAnnouncement: { title: string };
  pushUrgentTitle: { title: string };
  pushMovedTitle: { artist: string };
  pushCancelledTitle: { artist: string };
  pushScheduleChangeTitle: Record<string, never>;
  pushReminderTitle: { artist: string; minutes: number };
  pushReminderBody: { stage: string; startsAt: Date; timeZone: string };
}
export type MessageId = keyof MessageParams;

type Catalog = { [K in MessageId]: Record<Locale, (params: MessageParams[K]) => string> };

export const catalog: Catalog = {
  noticeMoved: {
    en: ({ artist, stage, startsAt, timeZone }) => `${artist} moved: now ${festivalMoment('en', startsAt, timeZone)} on ${stage}.`,
    nl: ({ artist, stage, startsAt, timeZone }) => `${artist} is verplaatst: nu ${festivalMoment('nl', startsAt, timeZone)} op ${stage}.`,
  },
  noticeCancelled: {
    en: ({ artist }) => `${artist} is cancelled.`,
    nl: ({ artist }) => `${artist} is afgelast.`,
  },
  noticePhotoReady: {
    en: () => 'Your photo is up.',
    nl: () => 'Je foto staat op de fotomuur.',
  },
  noticePhotoRejected: {
    en: ({ reason }) => `Your photo was not accepted: ${reason ?? 'it could not be processed.'}`,
    nl: ({ reason }) => `Je foto is niet geaccepteerd: ${reason ?? 'hij kon niet worden verwerkt.'}`,
  },
  noticeAnnouncement: {
    en: ({ title }) => `Announcement: ${title}`,
    nl: ({ title }) => `Mededeling: ${title}`,
  },
  pushUrgentTitle: {
    en: ({ title }) => `Urgent: ${title}`,
    nl: ({ title }) => `Dringend: ${title}`,
  },
  pushMovedTitle: {
    en: ({ artist }) => `Set moved: ${artist}`,
    nl: ({ artist }) => `Set verplaatst: ${artist}`,
  },
  pushCancelledTitle: {
    en: ({ artist }) => `Cancelled: ${artist}`,
    nl: ({ artist }) => `Afgelast: ${artist}`,
  },
  pushScheduleChangeTitle: {
    en: () => 'A change to your schedule',
    nl: () => 'Een wijziging in je schema',
  },
  pushReminderTitle: {
    en: ({ artist, minutes }) => `${artist} starts in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    nl: ({ artist, minutes }) => `${artist} begint over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`,
  },
  pushReminderBody: {
    en: ({ stage, startsAt, timeZone }) => `On ${stage} at ${festivalClock('en', startsAt, timeZone)}.`,
    nl: ({ stage, startsAt, timeZone }) => `Op ${stage} om ${festivalClock('nl', startsAt, timeZone)}.`,
  },
};

/** One message in one language. */
export function message<K extends MessageId>(id: K, locale: Locale, params: MessageParams[K]): string {
  return catalog[id][locale](params);
}
