import { DateTime } from 'luxon';
import type { TimedSet } from '@encore/model';

/**
 * EXIF `DateTimeOriginal` is camera wall-clock time ("2026:08:14 21:30:05") with no zone.
 * `OffsetTimeOriginal` ("+02:00"), when the camera wrote it, says which; otherwise the
 * photo was taken at the festival, so its wall clock is the festival's zone.
 */
export function captureInstant(dateTimeOriginal: string | undefined, offsetTimeOriginal: string | undefined, festivalTimeZone: string): Date | null {
  if (!dateTimeOriginal) return null;
  const match = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(dateTimeOriginal.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const iso = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
  const offset = offsetTimeOriginal && /^[+-]\d{2}:\d{2}$/.test(offsetTimeOriginal.trim()) ? offsetTimeOriginal.trim() : null;
  const instant = offset ? DateTime.fromISO(`${iso}${offset}`, { setZone: true }) : DateTime.fromISO(iso, { zone: festivalTimeZone });
  return instant.isValid ? instant.toJSDate() : null;
}

/**
 * The set a photo most likely shows: the one scheduled set playing at its capture time.
 * When several stages play at once, the uploader's own schedule breaks the tie: if
 * exactly one of those sets is among their favourites, that is where they were. Anything
 * still ambiguous gets no suggestion rather than a guess.
 */
export function suggestPerformance<T extends TimedSet>(
  capturedAt: Date | null,
  sets: readonly T[],
  favouriteIds: ReadonlySet<string> = new Set(),
): T | null {
  if (!capturedAt) return null;
  const playing = playingAt(capturedAt, sets);
  if (playing.length === 1) return playing[0]!;
  const favourites = playing.filter((set) => favouriteIds.has(set.id));
  return favourites.length === 1 ? favourites[0]! : null;
}

/** The scheduled (not cancelled) sets playing at `at`: started by then and not yet ended. */
export function playingAt<T extends TimedSet>(at: Date, sets: readonly T[]): T[] {
  const time = at.getTime();
  return sets.filter((set) => set.status !== 'cancelled' && set.startsAt.getTime() <= time && time < set.endsAt.getTime());
}
