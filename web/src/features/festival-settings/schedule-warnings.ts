import { festivalDays, type Festival } from '@encore/model';

type Days = Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>;

/**
 * How many sets fall outside the festival's days with these dates, zone and day start. Sets keep
 * their moment in time (`startsAt`), so a set outside every day would drop out of the
 * programme's day tabs. Null when the values cannot form days yet (a date missing, the last day
 * before the first).
 */
export function setsOutsideDays(sets: ReadonlyArray<{ startsAt: Date }>, festival: Days): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(festival.startsOn) || !/^\d{4}-\d{2}-\d{2}$/.test(festival.endsOn) || festival.startsOn > festival.endsOn) return null;
  // A zone or hour the form refuses: the field's own error says so.
  if (!isTimeZone(festival.timeZone) || (festival.dayStartsAtHour !== undefined && !(Number.isInteger(festival.dayStartsAtHour) && festival.dayStartsAtHour >= 0 && festival.dayStartsAtHour <= 12))) return null;
  const days = festivalDays(festival);
  const first = days[0]!.startsAt.getTime();
  const last = days.at(-1)!.endsAt.getTime();
  return sets.filter((set) => set.startsAt.getTime() < first || set.startsAt.getTime() >= last).length;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
