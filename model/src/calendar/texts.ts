import type { FavoritePriority, Locale } from '../schemas/user.js';

/**
 * The words Encore writes into calendars, in the languages it speaks. They live here, not in
 * the web app's catalogs, because the functions write the same calendar (the subscribable
 * feed) with no React around them: one table, so the download and the feed cannot drift.
 */
export interface CalendarTexts {
  /** The calendar's name: "Encore 2026: my schedule". */
  calendarName(festivalName: string): string;
  /** A set's title once it is cancelled (the event also says STATUS:CANCELLED). */
  cancelledTitle(title: string): string;
  /** A set's title with the person's priority for it: "Must-see: Amara Okafor". */
  priorityTitle: Record<FavoritePriority, (title: string) => string>;
  /** The first line of a cancelled set's description. */
  cancelledNote: string;
  /** The alarm's text: "Amara Okafor on Main Stage in 15 min". */
  reminder(artist: string, stage: string, minutes: number): string;
  /** Stand-ins for an artist or a stage the programme no longer has. */
  unknownArtist: string;
  unknownStage: string;
  /** The calendar name when the sets come from more than one festival (or none yet). */
  appName: string;
}

export const CALENDAR_TEXTS: Record<Locale, CalendarTexts> = {
  en: {
    calendarName: (festival) => `${festival}: my schedule`,
    cancelledTitle: (title) => `Cancelled: ${title}`,
    priorityTitle: { must: (title) => `Must-see: ${title}`, maybe: (title) => `Maybe: ${title}` },
    cancelledNote: 'This set is cancelled.',
    reminder: (artist, stage, minutes) => `${artist} on ${stage} in ${minutes} min`,
    unknownArtist: 'Set',
    unknownStage: 'Stage',
    appName: 'Encore',
  },
  nl: {
    calendarName: (festival) => `${festival}: mijn schema`,
    cancelledTitle: (title) => `Afgelast: ${title}`,
    priorityTitle: { must: (title) => `Moet zien: ${title}`, maybe: (title) => `Misschien: ${title}` },
    cancelledNote: 'Deze set is afgelast.',
    reminder: (artist, stage, minutes) => `${artist} op ${stage} over ${minutes} min`,
    unknownArtist: 'Set',
    unknownStage: 'Podium',
    appName: 'Encore',
  },
};
