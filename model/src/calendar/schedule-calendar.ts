import { createEvents, type EventAttributes } from 'ics';
import type { Artist, Festival, Performance, Stage } from '../schemas/festival.js';
import type { FavoritePriority, Locale, UserPreferences } from '../schemas/user.js';
import { CALENDAR_TEXTS } from './texts.js';

/**
 * One person's sets as an iCalendar calendar: the one mapper behind both the .ics the web
 * app downloads and the feed calendar apps subscribe to (functions' `calendarFeed`). Both
 * hand it the same facts and the person's preferences, so an event has the same UID, title,
 * place, description, link, status and alarm whichever way it reached the calendar, and a
 * person who does both gets every set once (calendar apps match events by UID).
 *
 * Times are written in UTC, so every calendar app shows them right in its own zone.
 */

/** One set with what the calendar says about it, already looked up. */
export interface CalendarSet {
  performanceId: string;
  festivalId: string;
  festival: Pick<Festival, 'name' | 'venue'>;
  performance: Pick<Performance, 'startsAt' | 'endsAt' | 'status' | 'title'>;
  /** Absent when the programme no longer has the artist or the stage. */
  artist?: Pick<Artist, 'name' | 'bio' | 'genres'> | undefined;
  stage?: Pick<Stage, 'name'> | undefined;
  /** The person's priority for the set (their favourite's); absent: a plain favourite. */
  priority?: FavoritePriority | undefined;
}

export interface CalendarOptions {
  /** The person's language: titles, the calendar's name and the alarm's text. */
  locale: Locale;
  /**
   * An alarm this many minutes before each plain favourite; null for none. The person's own
   * reminder lead time, which is off until they choose one on the Account page.
   */
  reminderMinutes: number | null;
  /**
   * An alarm this many minutes before each must-see set: always one, because a calendar is how
   * people without push get reminded and a must-see is the set they said they will not miss.
   * The person's lead time when they chose one, else `DEFAULT_MUST_SEE_ALARM_MINUTES`.
   */
  mustSeeMinutes: number;
  /** The web app's address ("https://encore.example"), for each set's page. */
  appUrl: string;
}

const PRODUCT_ID = 'encore/schedule';
/** A must-see's alarm for a person who never chose a reminder lead time. */
export const DEFAULT_MUST_SEE_ALARM_MINUTES = 15;
/** The longest description: a calendar entry is not the artist page. */
const DESCRIPTION_MAX = 500;

/** The options a person's preferences document (`users/{uid}`) asks for; `fallbackLocale` when there is none. */
export function calendarOptionsFor(preferences: Pick<UserPreferences, 'locale' | 'reminderMinutes'> | undefined, fallbackLocale: Locale, appUrl: string): CalendarOptions {
  const reminderMinutes = preferences?.reminderMinutes ?? null;
  return { locale: preferences?.locale ?? fallbackLocale, reminderMinutes, mustSeeMinutes: reminderMinutes ?? DEFAULT_MUST_SEE_ALARM_MINUTES, appUrl };
}

/**
 * How many minutes before a set its alarm rings, or null for none: a must-see always rings, a
 * maybe never (the person has not decided to go), a plain favourite as the person's reminder
 * setting says, a cancelled set never.
 */
export function alarmMinutesFor(set: Pick<CalendarSet, 'performance' | 'priority'>, options: Pick<CalendarOptions, 'reminderMinutes' | 'mustSeeMinutes'>): number | null {
  if (set.performance.status === 'cancelled') return null;
  if (set.priority === 'must') return options.mustSeeMinutes;
  if (set.priority === 'maybe') return null;
  return options.reminderMinutes;
}

/** A set's UID: stable across downloads, feeds and programme changes, unique per festival. */
export function calendarUid(festivalId: string, performanceId: string): string {
  return `${performanceId}@${festivalId}.encore`;
}

/** The calendar event of one set. */
export function calendarEvent(set: CalendarSet, options: CalendarOptions): EventAttributes {
  const texts = CALENDAR_TEXTS[options.locale];
  const cancelled = set.performance.status === 'cancelled';
  const artist = set.artist?.name ?? texts.unknownArtist;
  const stage = set.stage?.name ?? texts.unknownStage;
  const billed = set.performance.title ? `${artist} (${set.performance.title})` : artist;
  const billing = set.priority ? texts.priorityTitle[set.priority](billed) : billed;
  const alarmMinutes = alarmMinutesFor(set, options);
  const description = [cancelled ? texts.cancelledNote : null, set.artist?.bio.trim().slice(0, DESCRIPTION_MAX) || null].filter(Boolean).join('\n\n');
  return {
    uid: calendarUid(set.festivalId, set.performanceId),
    start: set.performance.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: set.performance.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: cancelled ? texts.cancelledTitle(billing) : billing,
    location: set.festival.venue ? `${stage}, ${set.festival.venue}` : stage,
    ...(description ? { description } : {}),
    url: `${options.appUrl.replace(/\/+$/, '')}/performances/${encodeURIComponent(set.performanceId)}`,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    ...(set.artist?.genres.length ? { categories: set.artist.genres } : {}),
    ...(alarmMinutes
      ? { alarms: [{ action: 'display', description: texts.reminder(artist, stage, alarmMinutes), trigger: { minutes: alarmMinutes, before: true } }] }
      : {}),
  };
}

/** The calendar's name: the festival's, when every set is from one festival. */
export function calendarName(sets: readonly CalendarSet[], locale: Locale): string {
  const texts = CALENDAR_TEXTS[locale];
  const festivals = new Set(sets.map((set) => set.festival.name));
  return texts.calendarName(festivals.size === 1 ? [...festivals][0]! : texts.appName);
}

/** The whole calendar as .ics text, its events in start order. Throws what `ics` refuses. */
export function scheduleCalendar(sets: readonly CalendarSet[], options: CalendarOptions): string {
  const ordered = [...sets].sort(
    (a, b) => a.performance.startsAt.getTime() - b.performance.startsAt.getTime() || a.performanceId.localeCompare(b.performanceId),
  );
  const { error, value } = createEvents(
    ordered.map((set) => calendarEvent(set, options)),
    { productId: PRODUCT_ID, calName: calendarName(ordered, options.locale) },
  );
  if (error || value === null) throw error ?? new Error('The calendar could not be created');
  return value;
}
