import { zonedInstant, type MapMarker, type MapPoint, type MeetupPlace, type MemberLocation } from '@encore/model';

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

/** `YYYY-MM-DD` of an instant on the festival's clock. */
export function festivalDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * The instant a meet-up time (`HH:MM` on the festival's clock) means: today, or tomorrow when
 * today's is more than an hour gone ("01:00" set at 23:00 is after midnight). Null for a time
 * that is not one.
 */
export function meetupInstant(time: string, now: Date, timeZone: string): Date | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  const today = zonedInstant(festivalDate(now, timeZone), time, timeZone);
  if (!today) return null;
  if (today.getTime() >= now.getTime() - 60 * 60 * 1000) return today;
  return zonedInstant(festivalDate(new Date(now.getTime() + 24 * 60 * 60 * 1000), timeZone), time, timeZone);
}

/** Shared positions still showable at `now` (a reader drops an expired one at once, before it is deleted). */
export function unexpired<T extends Pick<MemberLocation, 'expiresAt'>>(locations: readonly T[], now: Date): T[] {
  return locations.filter((location) => location.expiresAt.getTime() > now.getTime());
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
