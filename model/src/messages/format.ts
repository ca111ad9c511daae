import type { Locale } from '../schemas/user.js';

/**
 * Dates and times in messages: in the reader's language, always on the festival's clocks
 * (its time zone), 24-hour in both languages, as the web app shows them
 * (web/src/time/format.ts): "Sat 15 Aug, 21:30" / "za 15 aug, 21:30".
 */

/** The BCP 47 tag each language formats with: British English for day-month order, Dutch as in NL. */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL' };

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** "21:30" in the festival's zone. */
export function festivalClock(locale: Locale, instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...CLOCK, timeZone }).format(instant);
}

/** "Sat 15 Aug, 21:30" / "za 15 aug, 21:30" in the festival's zone. */
export function festivalMoment(locale: Locale, instant: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'short', day: 'numeric', month: 'short', timeZone }).format(instant);
  return `${day}, ${festivalClock(locale, instant, timeZone)}`;
}
