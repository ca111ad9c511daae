/**
 * `npm run bench -- search` (with search.ts): typing to results in the real app, in Chromium.
 * The production build against the local stack (test/browser/local-stack.ts), a 390x844 phone
 * with the CPU slowed 4x (Chromium's own throttling, as Lighthouse's mobile audit does), on the
 * festival's Friday evening: the programme is opened, the header's search tapped (its chunk
 * loads then: the first figure), and "silver", then "zoe", then "lambret" (typo tolerance on:
 * from "lambr" on, "did you mean Lambert?" and her sets), typed a letter at a time. Each
 * keystroke is timed on the page's clock from its `input` event to the frame after the
 * results for that text are in the DOM (the results' `data-search-for` naming the text, found
 * or not). Printed against the 300 ms target, never asserted.
 */
import { withProgrammeOnPhone } from './support/phone-page.ts';
import { report, runInQuietChild } from './support/quiet-child.ts';

const TARGET_MS = 300;
const CPU_SLOWDOWN = 4;
/** Friday 14 August 2026, 20:05 in Amsterdam. */
const FRIDAY_EVENING = new Date('2026-08-14T20:05:00+02:00');

function measure(): Promise<{ overBudget: boolean }> {
  return withProgrammeOnPhone(FRIDAY_EVENING, async (page, context) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const tapped = Date.now();
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await page.getByRole('searchbox').waitFor({ timeout: 60_000 });
    const openMs = Date.now() - tapped;

    // On the page: each input's time, and when its results (or "nothing found") are in. A
    // script text, not a function: tsx's transform would wrap named functions in a helper the
    // page does not have.
    await page.evaluate(`(() => {
      const timings = [];
      window.searchTimings = timings;
      const field = document.querySelector('input[type="search"]');
      field.addEventListener('input', () => {
        const text = field.value.trim();
        if (!text) return;
        const started = performance.now();
        const check = () => {
          if (field.value.trim() !== text) return; // overtaken by the next keystroke
          const answered = document.querySelector('[data-search-for]')?.getAttribute('data-search-for');
          if (answered === text) requestAnimationFrame(() => timings.push({ text, ms: performance.now() - started }));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    })()`);
    for (const query of ['silver', 'zoe', 'lambret']) {
      await page.getByRole('searchbox').fill('');
      for (const letter of query) {
        await page.keyboard.type(letter);
        // A person's pace: each keystroke's results can land before the next.
        await page.waitForTimeout(400);
      }
    }
    const timings = (await page.evaluate('window.searchTimings')) as Array<{ text: string; ms: number }>;
    const offered = await page.locator('.search-correction').allInnerTexts();
    if (timings.length === 0) throw new Error('no keystroke was timed');
    const worst = Math.max(...timings.map((timing) => timing.ms));
    report(`web: search in Chromium, seed festival, 390x844, CPU ${CPU_SLOWDOWN}x slower: tapping Search to a usable field ${openMs} ms (its chunk loaded on first use)`);
    report(`  each keystroke, input to results on screen: ${timings.map((timing) => `"${timing.text}" ${timing.ms.toFixed(0)} ms`).join(', ')}`);
    report(`web: search in Chromium, seed festival, typo tolerance on: typing to results at most ${worst.toFixed(0)} ms of a ${TARGET_MS} ms target (ratio ${(worst / TARGET_MS).toFixed(2)}); "lambret" offers ${offered.length > 0 ? `"${offered.join('", "')}"` : 'nothing'}`);
    return { overBudget: false };
  });
}

await runInQuietChild(import.meta.url, measure);
