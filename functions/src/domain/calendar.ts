import { createEvents, type EventAttributes } from 'ics';

export interface CalendarSet {
  performanceId: string;
  festivalName: string;
  artistName: string;
  stageName: string;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
}

/**
 * A subscribable iCalendar feed of one person's favourites. Each set keeps its UID, so a
 * calendar app that refreshes the feed (it replaces the whole subscription each time)
 * moves the existing entry when the set moves; a cancelled set stays in the feed,
 * marked CANCELLED, so the entry is struck rather than silently dropped.
 */
export function calendarFeed(sets: readonly CalendarSet[]): string {
  if (sets.length === 0) {
    // ics refuses an empty list; an empty calendar is still a valid subscription.
    return 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Encore//Favourites//EN\r\nCALSCALE:GREGORIAN\r\nX-WR-CALNAME:Encore favourites\r\nEND:VCALENDAR\r\n';
  }
  const events: EventAttributes[] = sets.map((set) => ({
    uid: `${set.performanceId}@encore`,
    productId: 'Encore//Favourites',
    calName: 'Encore favourites',
    title: set.status === 'cancelled' ? `CANCELLED: ${set.artistName}` : set.artistName,
    location: `${set.stageName}, ${set.festivalName}`,
    start: set.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: set.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: set.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  }));
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('ics produced no calendar');
  return value;
}

/** A calendar secret: 32 random bytes, URL-safe. */
export function newCalendarToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64url');
}
