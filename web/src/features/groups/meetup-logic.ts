import { festivalDay, festivalDayOf, festivalDays, zonedInstant, type Festival, type FestivalClock, type MapMarker, type MapPoint, type MeetupPlace, type MemberLocation } from '@encore/model';

/** A place one may pick for a meet-up: every stage and facility marker of the venue map, by name. */
export interface PlaceChoice {
  markerId: string;
  label: string;
  place: MeetupPlace;
}

/** The map's markers as meet-up places, named by `nameOf` (a stage's name, a facility's label or kind), sorted by name. */
export function placeChoices(markers: readonly MapMarker[], nameOf: (marker: MapMarker) => string): PlaceChoice[] {
  return markers
    .map((marker) => {
      const label = nameOf(marker).slice(0, 80);
      return { markerId: marker.id, label, place: { x: marker.x, y: marker.y, label, markerId: marker.id } };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The place select's value for "a point I pick on the plan" (marker ids are slugs: never this). */
export const FREE_POINT = '_point';

/** A free point as the contract stores it: the label trimmed, and left out when empty (readers then see "a point on the map"). */
export function freePointPlace(point: MapPoint, label: string): MeetupPlace {
  const trimmed = label.trim();
  return { x: point.x, y: point.y, ...(trimmed ? { label: trimmed } : {}) };
}

/**
 * The named place nearest to a point of the plan, to say in words where a free point is. The
 * plan's proportions count: x and y are fractions of its width and its height.
 */
export function nearestPlace(point: MapPoint, choices: readonly PlaceChoice[], aspect: number): PlaceChoice | null {
  let nearest: PlaceChoice | null = null;
  let best = Infinity;
  for (const choice of choices) {
    const distance = ((choice.place.x - point.x) * aspect) ** 2 + (choice.place.y - point.y) ** 2;
    if (distance < best) {
      best = distance;
      nearest = choice;
    }
  }
  return nearest;
}

/** How far ahead the rules let a meet-up be (`validMeetup`: `at < request.time + 3 d`). */
export const MEETUP_MAX_AHEAD_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * The days a meet-up form offers: today's festival day (the one it starts on) and the festival's
 * days still to come; a day gone is no use to meet on.
 */
export function meetupDays(festival: FestivalClock & Pick<Festival, 'startsOn' | 'endsOn'>, now: Date): string[] {
  const today = festivalDayOf(now, festival);
  const days = new Set([today, ...festivalDays(festival).map((day) => day.date).filter((date) => date > today)]);
  return [...days].sort();
}

/**
 * The instant a meet-up time (`HH:MM` on the festival's clock) on a festival day means. A time
 * before the day's start hour (06:00 by default) is that night's, after midnight: "01:00" on
 * Friday is Saturday 01:00, as the programme reads it. Null for a time that is not one.
 */
export function meetupInstantOn(day: string, time: string, festival: FestivalClock): Date | null {
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!clock) return null;
  const start = festivalDay(day, festival).startsAt;
  const onDay = zonedInstant(day, time, festival.timeZone);
  if (!onDay) return null;
  return onDay.getTime() >= start.getTime() ? onDay : zonedInstant(festivalDate(new Date(start.getTime() + 24 * 60 * 60 * 1000), festival.timeZone), time, festival.timeZone);
}

/**
 * The meet-up instant for the form's day and time: on today's festival day, a time more than an
 * hour gone means the next day's (at 04:30, "23:30" is this evening, as people say it).
 */
export function meetupInstantFor(day: string, time: string, festival: FestivalClock, now: Date): Date | null {
  const at = meetupInstantOn(day, time, festival);
  if (!at || day !== festivalDayOf(now, festival) || at.getTime() >= now.getTime() - 60 * 60 * 1000) return at;
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return meetupInstantOn(next, time, festival);
}

/** `YYYY-MM-DD` of an instant on the festival's clock (its calendar, not its festival day). */
function festivalDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * Shared positions still showable at `now` (a reader drops an expired one at once, before it is
 * deleted); one whose end is not written yet is not shown (the rules let only its sharer read it).
 */
export function unexpired<T extends Pick<MemberLocation, 'expiresAt'>>(locations: readonly T[], now: Date): Array<T & { expiresAt: Date }> {
  return locations.filter((location): location is T & { expiresAt: Date } => location.expiresAt !== undefined && location.expiresAt.getTime() > now.getTime());
}

/** A random id for requests and the like: 128 bits, base64url. */
export function randomRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Who may read a member's live position (`visibleTo`): the group's members, the writer among
 * them (they read their own back), less those hidden from the writer because a friendship
 * between them ended (the rules refuse a list that names one of those).
 */
export function positionAudience(members: ReadonlyArray<{ memberId: string }>, hiddenFrom: readonly string[]): string[] {
  const hidden = new Set(hiddenFrom);
  return members.map((member) => member.memberId).filter((id) => !hidden.has(id));
}
