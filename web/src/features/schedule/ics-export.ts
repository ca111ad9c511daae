import { calendarOptionsFor, scheduleCalendar, type CalendarSet } from '@encore/model/calendar';
import type { FavoritePriority, Locale, UserPreferences } from '@encore/model';
import type { PerformanceDoc, Programme } from '../../festival/programme';

/**
 * A personal schedule as an .ics download. What each event says comes from the shared
 * mapper (`@encore/model/calendar`), the same one behind the subscribable feed, so the
 * download and the feed agree event by event: same UID (importing both never doubles a
 * set), title, place, description, link, status and alarm. Loaded on demand: `ics` is not
 * part of any page's first download.
 */

/** The programme's facts about each set, as the mapper takes them. */
export function calendarSets(programme: Programme, performances: readonly PerformanceDoc[], priorities: ReadonlyMap<string, FavoritePriority> = new Map()): CalendarSet[] {
  return performances.map((performance) => ({
    performanceId: performance.id,
    festivalId: programme.festivalId,
    festival: programme.festival,
    performance,
    artist: programme.artists.get(performance.artistId),
    stage: programme.stages.find((stage) => stage.id === performance.stageId),
    priority: priorities.get(performance.id),
  }));
}

/** The .ics text: in the person's language and with their reminder (their preferences, else the language on screen). */
export function scheduleToIcs(
  programme: Programme,
  performances: readonly PerformanceDoc[],
  origin: string,
  preferences: Pick<UserPreferences, 'locale' | 'reminderMinutes'> | undefined,
  screenLocale: Locale,
  priorities: ReadonlyMap<string, FavoritePriority> = new Map(),
): string {
  return scheduleCalendar(calendarSets(programme, performances, priorities), calendarOptionsFor(preferences, screenLocale, origin));
}

/** Offers the calendar as a download. */
export function downloadIcs(content: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
