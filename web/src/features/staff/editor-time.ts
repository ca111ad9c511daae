import { DEFAULT_DAY_STARTS_AT_HOUR, type Festival } from '@encore/model';
import { fromDate, parseDate, parseDateTime, toZoned, type ZonedDateTime } from '@internationalized/date';

/**
 * Set times as staff pick them: date and time on the festival's clock, whatever zone their
 * laptop is in. The pickers hold `ZonedDateTime`s in the festival's zone; what is saved is
 * the instant they name. (An organiser in London preparing an Amsterdam festival types
 * 21:30 and means 21:30 in Amsterdam.)
 */

type Clock = Pick<Festival, 'timeZone'>;

/** A stored instant as the pickers show it: in the festival's zone. */
export function festivalDateTime(instant: Date, festival: Clock): ZonedDateTime {
  return fromDate(instant, festival.timeZone);
}

/** The instant a picker's value names. */
export function instantOf(value: ZonedDateTime): Date {
  return value.toDate();
}

/** `YYYY-MM-DD` at `HH:mm` festival time, e.g. a new set's default start. */
export function festivalAt(date: string, time: string, festival: Clock): ZonedDateTime {
  return toZoned(parseDateTime(`${date}T${time}`), festival.timeZone);
}

/**
 * The range a set may be placed in: from the first festival day's midnight to the hour the
 * last festival night hands over (a set at 02:00 after the last day still belongs to it).
 */
export function festivalRange(festival: Pick<Festival, 'timeZone' | 'startsOn' | 'endsOn' | 'dayStartsAtHour'>): { min: ZonedDateTime; max: ZonedDateTime } {
  const lastNight = parseDate(festival.endsOn).add({ days: 1 }).toString();
  const hour = String(festival.dayStartsAtHour ?? DEFAULT_DAY_STARTS_AT_HOUR).padStart(2, '0');
  return { min: festivalAt(festival.startsOn, '00:00', festival), max: festivalAt(lastNight, `${hour}:00`, festival) };
}

/** A new end after the start moved: the set keeps its length. */
export function keepLength(previousStart: ZonedDateTime, nextStart: ZonedDateTime, end: ZonedDateTime): ZonedDateTime {
  return end.add({ milliseconds: nextStart.toDate().getTime() - previousStart.toDate().getTime() });
}
