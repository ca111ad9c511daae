// @vitest-environment node
/**
 * Search and the line-up in Chromium against the whole local stack (production build), on a
 * 390x844 phone and a laptop, in English and Dutch: on the festival's Friday evening a search
 * from the header finds a Sunday act and one tap opens its set; accents fold ("zoe" finds
 * "Zoë Lambert"); a query with no match says so and links nothing; the line-up lists every
 * artist of the seed, by day and by genre; both work offline after a first visit (search with
 * the map's places and its typo tolerance); axe finds
 * no serious violation on either page in the light and dark themes, on the phone and the laptop
 * (each state loaded once and shown in the four looks: browser.ts `showIn`). Screenshots in
 * test-results/web/ (search-*, lineup-*).
 */
import { festivalDayOf } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishLeftIn, englishPatterns } from './english-left';
import { phoneAndLaptopLooks, screenshot, seriousA11yViolationsInLooks } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const seed = encore2026();
const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 860 };
/** Friday 14 August 2026, 20:05 in Amsterdam: the first evening, as the issue tried it. */
const FRIDAY_EVENING = new Date('2026-08-14T20:05:00+02:00');
let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('search-lineup-test', (session) => {
  ({ stack } = session);
});

const artist = (name: string) => {
  const found = seed.artists.find((candidate) => candidate.data.name === name);
  if (!found) throw new Error(`the seed has no artist ${name}`);
  return found;
};
const setsOf = (artistId: string) => seed.performances.filter((set) => set.data.artistId === artistId);
const dayOf = (set: (typeof seed.performances)[number]) => festivalDayOf(set.data.startsAt, seed.festival);

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
}

/** Opens search from the header of whatever page is showing, as one tap. */
async function openSearch(page: Page, name: 'Search' | 'Zoeken' = 'Search'): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor({ timeout: LIVE });
}

describe('search, from the header of every page', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    it(`on Friday evening, "silver" finds The Silver Echoes' Sunday set and one tap opens it (${device})`, async () => {
      const echoes = artist('The Silver Echoes');
      // They play no set on Friday: the day on screen when the search starts.
      expect(setsOf(echoes.id).map(dayOf)).not.toContain('2026-08-14');
      const sundaySet = setsOf(echoes.id).find((set) => dayOf(set) === '2026-08-16');
      expect(sundaySet).toBeDefined();

      const page = await newPage({ viewport, at: FRIDAY_EVENING });
      await page.goto(stack.url);
      await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
      await openSearch(page);
      // The field has the focus: typing starts at once.
      await page.keyboard.type('silver');
      const sunday = page.getByRole('region', { name: 'Sunday 16 August' });
      const setLink = sunday.getByRole('link', { name: /^The Silver Echoes/ });
      await setLink.waitFor({ timeout: LIVE });
      // "silv" already finds the set: the address follows the whole word a moment later on a busy machine.
      await expect.poll(() => page.url(), { timeout: LIVE }).toContain('/search?q=silver');
      await expect.poll(() => page.getByRole('status').filter({ hasText: /for “silver”/ }).count()).toBe(1);
      // The artist too, one tap from their page.
      expect(await page.getByRole('region', { name: 'Artists' }).getByRole('link', { name: /^The Silver Echoes/ }).count()).toBe(1);
      await screenshot(page, `search-${device}-silver`);

      await setLink.click();
      await page.getByRole('heading', { level: 1, name: /The Silver Echoes/ }).waitFor({ timeout: LIVE });
      expect(new URL(page.url()).pathname).toBe(`/performances/${sundaySet!.id}`);
      expect(uncaught(page)).toEqual([]);
    }, 180_000);
  }

  it('"zoe" finds Zoë Lambert, in Dutch on a laptop, and her page lists every one of her sets, per day', async () => {
    const zoe = artist('Zoë Lambert');
    const page = await newPage({ viewport: LAPTOP, locale: 'nl-NL', at: FRIDAY_EVENING });
    await page.goto(stack.url);
    await page.getByRole('heading', { level: 1, name: 'Programma' }).waitFor({ timeout: LIVE });
    await openSearch(page, 'Zoeken');
    await page.getByRole('searchbox', { name: 'Artiest, genre, land, set of plek, op elke dag' }).fill('zoe');
    const artistLink = page.getByRole('region', { name: 'Artiesten' }).getByRole('link', { name: /^Zoë Lambert/ });
    await artistLink.waitFor({ timeout: LIVE });
    const sets = setsOf(zoe.id);
    expect(await page.locator('[data-search-set]').count()).toBe(sets.length);
    expect(await englishLeftIn(page, englishPatterns())).toEqual([]);
    await screenshot(page, 'search-laptop-nl-zoe');

    await artistLink.click();
    await page.getByRole('heading', { level: 1, name: 'Zoë Lambert' }).waitFor({ timeout: LIVE });
    const setsSection = page.getByRole('region', { name: /^Optreden/ });
    expect(await setsSection.locator('[data-set-id]').count()).toBe(sets.length);
    // One list per festival day, each under the day's name (a set card gives the time only).
    const days = [...new Set(sets.map(dayOf))];
    expect(await setsSection.locator('section[aria-labelledby^="artist-day-"] > h3').allInnerTexts()).toEqual(['vrijdag 14 augustus', 'zaterdag 15 augustus', 'zondag 16 augustus'].slice(0, days.length));
    expect(days).toEqual(['2026-08-14', '2026-08-15', '2026-08-16']);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('says so when nothing matches, and offers no result', async () => {
    const page = await newPage({ at: FRIDAY_EVENING });
    await page.goto(`${stack.url}/search`);
    await page.getByRole('searchbox').fill('qwxz');
    await page.getByText('Nothing found for “qwxz”').waitFor({ timeout: LIVE });
    expect(await page.locator('.search-results a').count()).toBe(0);
    // The only way on is the whole line-up, plainly named.
    expect(await page.getByRole('main').getByRole('link').allInnerTexts()).toEqual(['Browse the line-up A–Z']);
    await screenshot(page, 'search-phone-no-match');
  }, 120_000);
});

describe('the line-up', () => {
  it('lists every artist of the seed A-Z, reached from "More" on a phone, in Dutch, and sorts by day and filters by genre', async () => {
    const page = await newPage({ locale: 'nl-NL', at: FRIDAY_EVENING });
    await page.goto(stack.url);
    await page.getByRole('heading', { level: 1, name: 'Programma' }).waitFor({ timeout: LIVE });
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('button', { name: 'Meer' }).click();
    await page.getByRole('dialog', { name: 'Meer' }).getByRole('link', { name: 'Line-up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Line-up' }).waitFor({ timeout: LIVE });

    const names = await page.locator('[data-lineup-artist] h3').allInnerTexts();
    expect(names.toSorted()).toEqual(seed.artists.map((entry) => entry.data.name).toSorted());
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b, 'nl', { sensitivity: 'base', numeric: true })));
    // Every set, each a link to its page.
    expect(await page.locator('[data-lineup-artist] .lineup-sets a').count()).toBe(seed.performances.length);
    expect(await englishLeftIn(page, englishPatterns())).toEqual([]);
    await screenshot(page, 'lineup-phone-nl');

    await page.locator('label.segment', { hasText: 'Per dag' }).click();
    await page.getByRole('heading', { level: 2, name: 'zondag 16 augustus' }).waitFor({ timeout: LIVE });
    expect(await page.locator('.lineup-group h2').allInnerTexts()).toEqual(['vrijdag 14 augustus', 'zaterdag 15 augustus', 'zondag 16 augustus']);
    expect(await page.locator('[data-lineup-artist] .lineup-sets a').count()).toBe(seed.performances.length);

    await page.getByRole('button', { name: /Genre/ }).click();
    await page.getByRole('option', { name: 'techno' }).click();
    const techno = seed.artists.filter((entry) => entry.data.genres.includes('techno'));
    await expect.poll(() => page.locator('.lineup-group').first().locator('[data-lineup-artist]').count()).toBeGreaterThan(0);
    const shown = new Set(await page.locator('[data-lineup-artist]').evaluateAll((items) => items.map((item) => item.getAttribute('data-lineup-artist'))));
    expect([...shown].toSorted()).toEqual(techno.map((entry) => entry.id).toSorted());
    expect(page.url()).toMatch(/sort=day/);
    expect(page.url()).toMatch(/genre=techno/);

    await page.locator('[data-lineup-artist] h3 a').first().click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Line-up' }).waitFor({ timeout: LIVE });
    expect(new URL(page.url()).pathname).toMatch(/^\/artists\//);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('stands beside the programme in the laptop navigation', async () => {
    const page = await newPage({ viewport: LAPTOP });
    await page.goto(stack.url);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Line-up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Line-up' }).waitFor({ timeout: LIVE });
    expect((await nav.getByRole('link').allInnerTexts()).slice(0, 2)).toEqual(['Programme', 'Line-up']);
    expect(await nav.getByRole('link', { name: 'Line-up' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('[data-lineup-artist]').count()).toBe(seed.artists.length);
    await screenshot(page, 'lineup-laptop');
  }, 120_000);
});

describe('offline, after a first visit', () => {
  it('search (places and "did you mean …?" included) and the line-up still work with no network, the line-up even on a cold start', async () => {
    const page = await newPage({ at: FRIDAY_EVENING });
    await page.goto(stack.url);
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await waitForServiceWorker(page);
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });

    await page.context().setOffline(true);
    await page.locator('.connection').filter({ hasText: 'Offline' }).waitFor({ timeout: LIVE });
    await openSearch(page);
    await page.keyboard.type('silver');
    await page.getByRole('region', { name: 'Sunday 16 August' }).getByRole('link', { name: /^The Silver Echoes/ }).waitFor({ timeout: LIVE });
    await screenshot(page, 'search-phone-offline');
    // The map's places and "did you mean …?" too: the map document came with the programme's bundle.
    await page.getByRole('searchbox').fill('toilet');
    await page.locator('[data-search-for="toilet"]').waitFor({ timeout: LIVE });
    expect(await page.getByRole('region', { name: 'On the map' }).getByRole('link').count()).toBe(seed.venueMap.markers.filter((marker) => marker.kind === 'toilets').length);
    await page.getByRole('searchbox').fill('lambret');
    await page.getByRole('button', { name: 'Lambert' }).waitFor({ timeout: LIVE });

    await page.goto(`${stack.url}/lineup`);
    await page.getByRole('heading', { level: 1, name: 'Line-up' }).waitFor({ timeout: LIVE });
    await page.locator('[data-lineup-artist]').first().waitFor({ timeout: LIVE });
    expect(await page.locator('[data-lineup-artist]').count()).toBe(seed.artists.length);
    await page.context().setOffline(false);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});

describe('accessibility', () => {
  it('axe finds no serious violation on search (results and none) and the line-up: light and dark theme, phone and laptop', async () => {
    const looks = phoneAndLaptopLooks(PHONE, LAPTOP);
    const page = await newPage({ viewport: PHONE, colorScheme: 'light', at: FRIDAY_EVENING });
    await page.goto(`${stack.url}/search?q=silver`);
    await page.locator('[data-search-set]').first().waitFor({ timeout: LIVE });
    const search = await seriousA11yViolationsInLooks(page, looks, (look) => `search-${look.device}-${look.colorScheme}`);
    await page.getByRole('searchbox').fill('qwxz');
    await page.getByText('Nothing found for “qwxz”').waitFor({ timeout: LIVE });
    const none = await seriousA11yViolationsInLooks(page, looks, (look) => `search-none-${look.device}-${look.colorScheme}`);
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${stack.url}/lineup?sort=day`);
    await page.locator('[data-lineup-artist]').first().waitFor({ timeout: LIVE });
    const lineup = await seriousA11yViolationsInLooks(page, looks, (look) => `lineup-${look.device}-${look.colorScheme}`);
    expect({ search, 'search, no match': none, 'line-up': lineup }).toEqual({ search: {}, 'search, no match': {}, 'line-up': {} });
  }, 300_000);
});
