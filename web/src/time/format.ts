import { festivalDayOf, type Festival } from '@encore/model';
import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * Display formats in the reader's language, but always in the festival's zone, so a visitor
 * abroad sees the posters' times. Clocks are 24-hour in both languages on purpose: the
 * stage screens, wristband apps and printed timetables of a European festival say "21:30",
 * and a phone saying "9:30 PM" next to them is how people miss a set.
 */

type Zoned = Pick<Festival, 'timeZone'>;

// Plain descriptors: react-intl's defineMessages types its entries as taking no values.
const messages = {
  slot: { id: 'time.format.slot', defaultMessage: '{day}, {range}' },
  dayTime: { id: 'time.format.dayTime', defaultMessage: '{day}, {time}' },
  inMinutes: { id: 'time.format.inMinutes', defaultMessage: 'in {minutes} min' },
  inHours: { id: 'time.format.inHours', defaultMessage: 'in {hours} h' },
  inHoursMinutes: { id: 'time.format.inHoursMinutes', defaultMessage: 'in {hours} h {minutes} min' },
} satisfies Record<string, MessageDescriptor>;

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** A festival date (YYYY-MM-DD) as an instant that is that date in UTC, to format with `timeZone: 'UTC'`. */
const calendarDate = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Saturday 15 August" / "zaterdag 15 augustus" for a festival day (YYYY-MM-DD). */
export function dayLabel(intl: IntlShape, date: string): string {
  return intl.formatDate(calendarDate(date), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/** "Saturday 15 August 2026" / "zaterdag 15 augustus 2026": a festival day once the year matters (looking back). */
export function dayLabelWithYear(intl: IntlShape, date: string): string {
  return intl.formatDate(calendarDate(date), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "Sat 15" / "za 15" for compact day tabs. */
export function shortDayLabel(intl: IntlShape, date: string): string {
  return intl.formatDate(calendarDate(date), { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "21:30" in the festival's zone. */
export function clockTime(intl: IntlShape, instant: Date, festival: Zoned): string {
  return intl.formatTime(instant, { ...CLOCK, timeZone: festival.timeZone });
}

/** "21:30–22:45". */
export function timeRange(intl: IntlShape, startsAt: Date, endsAt: Date, festival: Zoned): string {
  return `${clockTime(intl, startsAt, festival)}–${clockTime(intl, endsAt, festival)}`;
}

/** "Friday 14 August, 21:30–22:45" (the festival day, so a 01:00 set reads as the night before). */
export function slotLabel(intl: IntlShape, startsAt: Date, endsAt: Date, festival: Festival): string {
  return intl.formatMessage(messages.slot, {
    day: dayLabel(intl, festivalDayOf(startsAt, festival)),
    range: timeRange(intl, startsAt, endsAt, festival),
  });
}

/** "Sat 15 Aug, 21:30" / "za 15 aug, 21:30": a moment in the festival's zone, compactly. */
export function shortInstantLabel(intl: IntlShape, instant: Date, festival: Zoned): string {
  const day = intl.formatDate(instant, { weekday: 'short', day: 'numeric', month: 'short', timeZone: festival.timeZone });
  return intl.formatMessage(messages.dayTime, { day, time: clockTime(intl, instant, festival) });
}

/** "15 Aug 2026, 10:00" in the festival's zone, for timestamps such as announcements. */
export function instantLabel(intl: IntlShape, instant: Date, festival: Zoned): string {
  const day = intl.formatDate(instant, { day: 'numeric', month: 'short', year: 'numeric', timeZone: festival.timeZone });
  return intl.formatMessage(messages.dayTime, { day, time: clockTime(intl, instant, festival) });
}

/** "in 25 min" soon, "Sun 12:00" when the next set is more than three hours away. */
export function nextLabel(intl: IntlShape, from: Date, to: Date, festival: Festival): string {
  if (to.getTime() - from.getTime() <= 3 * 3_600_000) return untilLabel(intl, from, to);
  return intl.formatMessage(messages.dayTime, { day: shortDayLabel(intl, festivalDayOf(to, festival)), time: clockTime(intl, to, festival) });
}

/** "in 25 min", "in 2 h 10 min". */
export function untilLabel(intl: IntlShape, from: Date, to: Date): string {
  const minutes = Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));
  if (minutes < 60) return intl.formatMessage(messages.inMinutes, { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? intl.formatMessage(messages.inHours, { hours }) : intl.formatMessage(messages.inHoursMinutes, { hours, minutes: rest });
}
