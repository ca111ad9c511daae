import { festivalDay, festivalDayOf, hourStartIn, type FavoritePriority, type Festival } from '@encore/model';
import type { PerformanceDoc } from '../../festival/programme';

/**
 * The friends view of one's schedule: per festival day, hour by hour on the festival's clock,
 * the sets that I or my friends plan then, each with who will be there. A set I plan that a
 * friend plans too is where our plans meet. A set spans every hour it plays in.
 */

/** One person's plan: me, or a friend by the name they chose. */
export interface PersonPlan {
  /** A stable key: 'me' or the friendship id. */
  key: string;
  name: string;
  me: boolean;
  /** The sets they plan, with their priority (null: a plain favourite). */
  sets: ReadonlyMap<string, FavoritePriority | null>;
}

export interface HourSet {
  set: PerformanceDoc;
  /** Who plans it: me first, then friends in the given order. */
  people: Array<{ key: string; name: string; me: boolean; priority: FavoritePriority | null }>;
  /** I plan it and at least one friend does too. */
  together: boolean;
}

export interface FriendsHour {
  /** The hour's start (on the festival's clock). */
  startsAt: Date;
  sets: HourSet[];
}

export interface FriendsDay {
  date: string;
  hours: FriendsHour[];
}

const HOUR_MS = 60 * 60 * 1000;

/** The starts of the hours a set plays in, on the festival's clock. */
function hoursOf(set: PerformanceDoc, timeZone: string): Date[] {
  const hours: Date[] = [];
  for (let hour = hourStartIn(set.startsAt, timeZone); hour < set.endsAt; hour = hourStartIn(new Date(hour.getTime() + HOUR_MS + 1), timeZone)) hours.push(hour);
  return hours;
}

/** Every festival day where anyone plans a set, hour by hour; cancelled sets are left out (nobody will be there). */
export function friendsDays(performances: readonly PerformanceDoc[], people: readonly PersonPlan[], festival: Festival): FriendsDay[] {
  const planned = performances
    .filter((set) => set.status !== 'cancelled' && people.some((person) => person.sets.has(set.id)))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
  const days = new Map<string, Map<number, HourSet[]>>();
  for (const set of planned) {
    const who = people
      .filter((person) => person.sets.has(set.id))
      .sort((a, b) => Number(b.me) - Number(a.me))
      .map((person) => ({ key: person.key, name: person.name, me: person.me, priority: person.sets.get(set.id) ?? null }));
    const entry: HourSet = { set, people: who, together: who.some((person) => person.me) && who.some((person) => !person.me) };
    const date = festivalDayOf(set.startsAt, festival);
    const { endsAt: dayEnds } = festivalDay(date, festival);
    const hours = days.get(date) ?? new Map<number, HourSet[]>();
    days.set(date, hours);
    // A set past the end of its day (rare) is shown in its day's hours only.
    for (const hour of hoursOf(set, festival.timeZone)) {
      if (hour >= dayEnds) break;
      const list = hours.get(hour.getTime()) ?? [];
      list.push(entry);
      hours.set(hour.getTime(), list);
    }
  }
  return [...days]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, hours]) => ({
      date,
      hours: [...hours].sort(([a], [b]) => a - b).map(([startsAt, sets]) => ({ startsAt: new Date(startsAt), sets })),
    }));
}
