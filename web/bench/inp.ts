/**
 * `npm run bench -- inp`: Interaction to Next Paint for four things a festival-goer does, on
 * the production build against the local stack (test/browser/local-stack.ts), in Chromium on a
 * 390x844 phone with the CPU slowed 4x (Emulation.setCPUThrottlingRate, as Lighthouse's mobile
 * audit does), on the festival's Friday evening, after a first visit (the service worker
 * controls the page, as on a festival-goer's phone): a heart on a set, a day tab on the
 * programme, a keystroke in search, and the "Map" entry of the phone's More sheet.
 *
 * Measured as the browser reports it (Event Timing, what web-vitals' `onINP` reads): every
 * `event` entry of 16 ms or more (the API's smallest threshold), grouped by `interactionId`;
 * an interaction lasts as long as its longest event, from the input to the next frame painted
 * after its handlers. Twenty of each, the 75th percentile printed against the 100 ms target
 * (issue 38), never asserted. An interaction shorter than 16 ms reports no entry and counts as
 * 16 ms (the figure is then an upper bound, marked "<=").
 */
import { withProgrammeOnPhone } from './support/phone-page.ts';
import { report, runInQuietChild } from './support/quiet-child.ts';

const TARGET_MS = 100;
const CPU_SLOWDOWN = 4;
const ROUNDS = 20;
const THRESHOLD_MS = 16;
/** How long after an input its entry may take to be reported (after the next paint, at 4x slowdown). */
const REPORT_WITHIN_MS = 3_000;
/** Friday 14 August 2026, 20:05 in Amsterdam. */
const FRIDAY_EVENING = new Date('2026-08-14T20:05:00+02:00');

/** The 75th percentile as web-vitals takes it over a page's interactions (nearest rank). */
function p75(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.75) - 1)]!;
}

interface Measured {
  name: string;
  durations: number[];
  /** How many reported no entry (under 16 ms). */
  underThreshold: number;
}

function measure(): Promise<{ overBudget: boolean }> {
  return withProgrammeOnPhone(FRIDAY_EVENING, async (page, context) => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: 120_000 });
    // Every page visited once before throttling: their chunks are loaded as on a phone used before.
    for (const path of ['/search', '/map', '/']) {
      await page.goto(new URL(path, page.url()).href);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 120_000 });
    }
    await page.locator('[data-set-id]').first().waitFor({ timeout: 120_000 });

    // Event Timing on the page: each interaction's longest event. A script text, not a function:
    // tsx's transform would wrap named functions in a helper the page does not have.
    const observe = `(() => {
      const longest = new Map();
      window.encoreInteractions = longest;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (!entry.interactionId) continue;
          longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
        }
      }).observe({ type: 'event', durationThreshold: ${THRESHOLD_MS}, buffered: false });
    })()`;
    await page.evaluate(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const known = () => page.evaluate(() => [...(window as unknown as { encoreInteractions: Map<number, number> }).encoreInteractions.keys()]);
    const durationOf = (ids: number[]) =>
      page.evaluate((seen) => {
        const longest = (window as unknown as { encoreInteractions: Map<number, number> }).encoreInteractions;
        const fresh = [...longest.entries()].filter(([id]) => !seen.includes(id));
        return fresh.length === 0 ? null : Math.max(...fresh.map(([, duration]) => duration));
      }, ids);

    /** Runs `interact` (one interaction) ROUNDS times, `between` before each (not measured). */
    const timed = async (name: string, interact: (round: number) => Promise<void>, between: (round: number) => Promise<void> = async () => {}): Promise<Measured> => {
      const measured: Measured = { name, durations: [], underThreshold: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        await between(round);
        // Let what `between` did report itself before the measured input.
        await page.waitForTimeout(300);
        const before = await known();
        await interact(round);
        const deadline = Date.now() + REPORT_WITHIN_MS;
        let duration: number | null = null;
        while (duration === null && Date.now() < deadline) {
          await page.waitForTimeout(100);
          duration = await durationOf(before);
        }
        if (duration === null) measured.underThreshold += 1;
        measured.durations.push(duration ?? THRESHOLD_MS);
      }
      return measured;
    };

    const results: Measured[] = [];
    // A heart on twenty different sets of the day (the toggle limit counts toggles of one set).
    const hearts = page.locator('[data-set-id]').getByRole('button', { name: /^Favourite / });
    results.push(await timed('heart', (round) => hearts.nth(round).click()));

    const dayTabs = page.getByRole('navigation', { name: 'Festival days' }).getByRole('link');
    const days = await dayTabs.count();
    results.push(await timed('day switch', (round) => dayTabs.nth((round + 1) % days).click()));

    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    const field = page.getByRole('searchbox');
    await field.waitFor({ timeout: 60_000 });
    const typed = 'zoe lambert silver n';
    results.push(
      await timed(
        'search keystroke',
        (round) => page.keyboard.press(typed[round]!),
        async (round) => {
          if (round === 0) await field.focus();
        },
      ),
    );

    const nav = page.getByRole('navigation', { name: 'Main' });
    results.push(
      await timed(
        'open the map',
        () => page.getByRole('dialog', { name: 'More' }).getByRole('link', { name: 'Map' }).click(),
        async () => {
          await nav.getByRole('link', { name: 'Programme' }).click();
          await page.locator('[data-set-id]').first().waitFor({ timeout: 60_000 });
          await nav.getByRole('button', { name: 'More' }).click();
          await page.getByRole('dialog', { name: 'More' }).waitFor({ timeout: 60_000 });
        },
      ),
    );

    report(`web: INP p75 over ${ROUNDS} interactions each, 390x844 phone, CPU ${CPU_SLOWDOWN}x slower, production build, service worker in control (target ${TARGET_MS} ms)`);
    for (const { name, durations, underThreshold } of results) {
      const figure = p75(durations);
      const bound = figure <= THRESHOLD_MS && underThreshold > 0 ? '<=' : '';
      report(
        `  ${name.padEnd(17)} p75 ${`${bound}${Math.round(figure)} ms`.padStart(8)}  (max ${Math.round(Math.max(...durations))} ms${underThreshold > 0 ? `, ${underThreshold} under ${THRESHOLD_MS} ms` : ''})${figure > TARGET_MS ? '  OVER TARGET' : ''}`,
      );
    }
    // A target, printed; a benchmark run does not fail on it.
    return { overBudget: false };
  });
}

await runInQuietChild(import.meta.url, measure);
