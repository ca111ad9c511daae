/**
 * Reads the events back out of an .ics text: unfolds continuation lines and keeps each
 * event's properties (and its alarms') by name, values unescaped. Enough to compare two
 * calendars event by event, which is what the tests that hold the download and the feed
 * together do; not a general iCalendar parser (no parameters, no recurrence).
 */
export interface CalendarEventProperties {
  /** Property name (`UID`, `SUMMARY`, `DTSTART`...) to value. */
  properties: Record<string, string>;
  alarms: Array<Record<string, string>>;
}

export interface CalendarContents {
  /** The calendar's own properties (`X-WR-CALNAME`, `PRODID`...). */
  properties: Record<string, string>;
  events: CalendarEventProperties[];
}

const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

export function readCalendar(ics: string): CalendarContents {
  const lines = ics.replace(/\r\n[ \t]/g, '').split(/\r\n|\n/).filter((line) => line !== '');
  const calendar: CalendarContents = { properties: {}, events: [] };
  let event: CalendarEventProperties | null = null;
  let alarm: Record<string, string> | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    const value = line.slice(colon + 1);
    if (name === 'BEGIN' && value === 'VEVENT') event = { properties: {}, alarms: [] };
    else if (name === 'END' && value === 'VEVENT' && event) {
      calendar.events.push(event);
      event = null;
    } else if (name === 'BEGIN' && value === 'VALARM') alarm = {};
    else if (name === 'END' && value === 'VALARM' && alarm && event) {
      event.alarms.push(alarm);
      alarm = null;
    } else if (name !== 'BEGIN' && name !== 'END') (alarm ?? event?.properties ?? calendar.properties)[name] = unescape(value);
  }
  return calendar;
}
