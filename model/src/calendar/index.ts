/**
 * `@encore/model/calendar`: a person's sets as iCalendar, for the web download and the
 * functions' feed alike. A subpath of its own, so the `ics` library it needs loads only where
 * a calendar is made, never with the web app's first page.
 */
export * from './schedule-calendar.js';
export * from './texts.js';
export * from './read-calendar.js';
