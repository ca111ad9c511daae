// @vitest-environment node
/**
 * The first page's own code in Chromium, production build against the whole local stack, on a
 * phone and a first visit: its error boundaries (errors/ErrorBoundary.tsx, in the first
 * page's chunk) exist from the first render, so when the programme's code throws while it
 * draws, or cannot be loaded at all, the visitor gets the real error screen inside the app's
 * frame (not a blank page); and the loader of lazy chunks (vite/lean-preload-helper.ts) gives
 * a page its stylesheet before the page draws (search, opened from the programme's header).
 *
 * The programme's route chunk is replaced on the wire (the service worker blocked, so every
 * request reaches the route): by a module whose page throws, or by a 404 (a deploy removed it).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const SHOWN = 60_000;
const CSS_DELAY_MS = 1500;
const PROGRAMME_CHUNK = /\/assets\/ProgrammePage-[\w-]+\.js$/;
let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('errors-first-page-test', (session) => {
  ({ stack } = session);
});

/** A first visit whose programme chunk is answered by `answer`. */
async function firstVisitWithProgramme(answer: { status: number; body: string }): Promise<Page> {
  const page = await newPage({ serviceWorkers: 'block' });
  await page.route(PROGRAMME_CHUNK, (route) => route.fulfill({ ...answer, contentType: 'text/javascript' }));
  await page.goto(`${stack.url}/`);
  return page;
}

describe('The first page’s own code', () => {
  it('throwing while the programme draws shows the error screen in the app’s frame, with a way to try again', async () => {
    const page = await firstVisitWithProgramme({ status: 200, body: "export default function ProgrammePage() { throw new Error('The programme broke'); }" });
    const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong on this page' }) });
    await screen.waitFor({ timeout: SHOWN });
    expect(await screen.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await screen.getByRole('link', { name: 'Open the programme' }).getAttribute('href')).toBe('/');
    // Inside the app's frame: its header and the phone's tab bar stay, to go elsewhere.
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.locator('.tab-bar').getByRole('link', { name: 'Photos' }).isVisible()).toBe(true);
    // Caught by the boundary: nothing reaches the page as an uncaught error.
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('a programme chunk that cannot be loaded becomes a reload prompt that says why', async () => {
    const page = await firstVisitWithProgramme({ status: 404, body: 'Not found' });
    const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This page could not be loaded' }) });
    await screen.waitFor({ timeout: SHOWN });
    expect(await screen.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('a page opened from the programme draws with its stylesheet already applied', async () => {
    const page = await newPage({ serviceWorkers: 'block' });
    // The stylesheet slower than the chunk, as on a phone's network: a page that did not wait for it would draw unstyled first.
    await page.route(/\/assets\/SearchPage-[\w-]+\.css$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, CSS_DELAY_MS));
      await route.continue();
    });
    await page.goto(`${stack.url}/`);
    await page.locator('[data-set-id]').first().waitFor({ timeout: SHOWN });
    // The search field's layout as it is when the field first enters the page.
    await page.evaluate(() => {
      const record = window as unknown as { searchDisplayAtFirstDraw?: string };
      new MutationObserver((_records, observer) => {
        const field = document.querySelector('.search-input');
        if (!field) return;
        record.searchDisplayAtFirstDraw = getComputedStyle(field).display;
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
    await page.getByRole('searchbox').or(page.getByRole('textbox')).first().waitFor({ timeout: SHOWN });
    // `display: flex` comes from search.css, the search chunk's stylesheet, and nowhere else.
    expect(await page.evaluate(() => (window as unknown as { searchDisplayAtFirstDraw?: string }).searchDisplayAtFirstDraw)).toBe('flex');
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/SearchPage-"]').count()).toBe(1);
    expect(uncaught(page)).toEqual([]);
  }, 120_000);
});
