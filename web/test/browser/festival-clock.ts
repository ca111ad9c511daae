import type { BrowserContext } from 'playwright-core';

/** Saturday 15 August 2026, 21:00 in Amsterdam: the busiest evening, with sets playing on most stages (the benches' and the programme tests' "now"). */
export const FESTIVAL_SATURDAY_NINE = new Date('2026-08-15T21:00:00+02:00');

/** Sunday 2 August 2026, noon in Amsterdam: twelve days before the festival, when the programme counts down to it. */
export const FESTIVAL_TWELVE_DAYS_BEFORE = new Date('2026-08-02T12:00:00+02:00');

/**
 * Sets a browser context's clock to an instant of the festival, running on from there: what
 * `?now=` does in development builds, for the production build the tests run.
 *
 * Not Playwright's `clock` API: its fake `Date` has a prototype of its own, and
 * `@date-fns/tz`'s `TZDate` (behind the model's festival-time functions) extends `Date` and
 * copies its zone-aware getters from `Date.prototype`'s own methods, so under that fake every
 * festival-local hour read as the device's. This `Date` keeps the real prototype and
 * statics; only "now" moves. (A script text, not a function: the test runner's transform
 * would add helpers the page does not have.)
 */
export async function setFestivalClock(context: BrowserContext, instant: Date): Promise<void> {
  await context.addInitScript({ content: festivalClockScript(instant) });
}

/** The script itself, for any browser driver (the Lighthouse bench hands it to puppeteer). */
export function festivalClockScript(instant: Date): string {
  return `(() => {
    const RealDate = Date;
    const offset = ${instant.getTime()} - RealDate.now();
    function FestivalDate(...args) {
      const values = args.length === 0 ? [RealDate.now() + offset] : args;
      return new.target ? Reflect.construct(RealDate, values, new.target) : new RealDate(...values).toString();
    }
    FestivalDate.prototype = RealDate.prototype;
    FestivalDate.now = () => RealDate.now() + offset;
    FestivalDate.parse = RealDate.parse;
    FestivalDate.UTC = RealDate.UTC;
    globalThis.Date = FestivalDate;
  })();`;
}
