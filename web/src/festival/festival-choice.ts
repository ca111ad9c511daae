import type { Festival } from '@encore/model';

/** A festival as the chooser lists it (`festivals/{id}`). */
export type ListedFestival = Pick<Festival, 'name' | 'startsOn' | 'endsOn' | 'venue' | 'timeZone'> & { id: string };

export interface FestivalChoice<F extends ListedFestival = ListedFestival> {
  /** Not over yet (on now, then the next to start first). */
  upcoming: F[];
  /** Over (the most recent first). */
  past: F[];
}

/** The date (YYYY-MM-DD) it is at `now` in `timeZone`; the UTC date for a zone the browser does not know. */
export function dateIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/**
 * The chooser's two lists: the festivals on now or still to come, the soonest first (those on
 * now therefore at the top), and the past editions apart, the latest first. A festival is past
 * once its last day is over where it takes place.
 */
export function chooseFestivals<F extends ListedFestival>(festivals: readonly F[], now: Date): FestivalChoice<F> {
  const upcoming: F[] = [];
  const past: F[] = [];
  for (const festival of festivals) (festival.endsOn < dateIn(festival.timeZone, now) ? past : upcoming).push(festival);
  const byName = (a: F, b: F) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  upcoming.sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.endsOn.localeCompare(b.endsOn) || byName(a, b));
  past.sort((a, b) => b.endsOn.localeCompare(a.endsOn) || b.startsOn.localeCompare(a.startsOn) || byName(a, b));
  return { upcoming, past };
}
