// @vitest-environment node
/**
 * One build, many festivals (issue 35), in Chromium against the whole local stack: a second
 * festival arranged beside the seeded encore-2026 is shown at `/f/{id}/` with only its own
 * programme, name, colours, counts and announcements, `/` is encore-2026 until a project admin makes the second one
 * the festival `/` opens (site/settings), `/festivals` lists both, an address
 * naming no festival says so, and each festival opens offline after one visit to it. The
 * visits to encore-2026 happen on its Saturday evening (as the programme tests' do).
 */
import { firestorePaths, programmeBundlePath } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 800 };
const seed = encore2026();
const SECOND = 'zomer-2027';
const SECOND_NAME = 'Zomerfeest 2027';
const COLOURS = { primary: '#1a5fb4', secondary: '#102030' };
const SECOND_SETS = [
  { id: 'tram-nine-fri', artistId: 'tram-nine', artist: 'Tram Nine', startsAt: '2027-06-04T17:00:00Z' },
  { id: 'oyster-choir-fri', artistId: 'oyster-choir', artist: 'Oyster Choir', startsAt: '2027-06-04T19:00:00Z' },
];
const ENCORE_SET = seed.performances[0]!;
const encoreArtist = seed.artists.find((artist) => artist.id === ENCORE_SET.data.artistId)!.data.name;

let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('festivals-test', (session) => {
  ({ stack, admin } = session);
});

beforeAll(async () => {
  const db = getFirestore(admin);
  const batch = db.batch();
  batch.set(db.doc(firestorePaths.festival(SECOND)), {
    name: SECOND_NAME,
    timeZone: 'Europe/Amsterdam',
    startsOn: '2027-06-04',
    endsOn: '2027-06-05',
    venue: 'Stadspark Groningen',
    colours: COLOURS,
  });
  batch.set(db.doc(firestorePaths.stage(SECOND, 'bandstand')), { name: 'Bandstand', order: 0, color: '#2e86ab' });
  for (const set of SECOND_SETS) {
    batch.set(db.doc(firestorePaths.artist(SECOND, set.artistId)), { name: set.artist, bio: '', genres: ['folk'] });
    const startsAt = new Date(set.startsAt);
    batch.set(db.doc(firestorePaths.performance(SECOND, set.id)), {
      artistId: set.artistId,
      stageId: 'bandstand',
      startsAt: Timestamp.fromDate(startsAt),
      endsAt: Timestamp.fromDate(new Date(startsAt.getTime() + 3_600_000)),
      status: 'scheduled',
    });
  }
  await batch.commit();
}, 60_000);

const setCard = (page: Page, id: string) => page.locator(`[data-set-id="${id}"]`);
const brandName = (page: Page) => page.locator('.site-header .brand-name');

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
}

/** Once this device keeps the festival's bundle (the app does, after its first content). */
async function waitForBundleCopy(page: Page, festivalId: string): Promise<void> {
  await page.waitForFunction(async (path) => Boolean(await (await caches.open('encore-programme-bundles')).match(path)), programmeBundlePath(festivalId), { timeout: LIVE, polling: 200 });
}

describe('festivals by address', () => {
  it('a visitor of /f/{id}/ sees that festival only: its name, its sets, its colours; its links stay under its address', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/f/${SECOND}/`);
    await setCard(page, SECOND_SETS[0]!.id).waitFor({ timeout: LIVE });
    await expect.poll(() => brandName(page).textContent(), { timeout: LIVE }).toBe(SECOND_NAME);
    expect(await setCard(page, SECOND_SETS[1]!.id).textContent()).toContain('Oyster Choir');
    expect(await page.locator('[data-set-id]').count()).toBe(SECOND_SETS.length);
    expect(await page.getByText(encoreArtist).count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => [getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(), document.querySelector('meta[name="theme-color"]')?.getAttribute('content')]), { timeout: LIVE })
      .toEqual([COLOURS.primary, COLOURS.secondary]);
    await screenshot(page, 'festivals-second-programme');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A link inside the festival keeps its prefix, and the page it opens shows the same festival.
    expect(await page.locator('.site-header a.brand').getAttribute('href')).toBe(`/f/${SECOND}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    await page.waitForURL(`${stack.url}/f/${SECOND}/inbox`, { timeout: LIVE });
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor({ timeout: LIVE });
    expect(await brandName(page).textContent()).toBe(SECOND_NAME);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('a visitor of each festival sees only its own counts and announcements', async () => {
    const db = getFirestore(admin);
    await db.doc(firestorePaths.liveSets(SECOND)).set({ favorites: { [SECOND_SETS[0]!.id]: 7 }, trending: [], publishedAt: new Date() });
    await db.doc(firestorePaths.announcement(SECOND, 'gates')).set({ title: 'Zomerfeest gates open at 18:00', body: 'Bring a coat for the evening.', createdAt: new Date('2027-06-01T08:00:00Z'), priority: 'normal' });
    const page = await newPage();
    await page.goto(`${stack.url}/f/${SECOND}/`);
    await expect.poll(() => setCard(page, SECOND_SETS[0]!.id).textContent(), { timeout: LIVE }).toContain('7 fans');
    await page.goto(`${stack.url}/f/${SECOND}/inbox`);
    await page.getByText('Zomerfeest gates open at 18:00').waitFor({ timeout: LIVE });
    expect(await page.getByText('Welcome to Encore 2026').count()).toBe(0);
    // And the other way round: encore-2026's news has its own welcome, not the second festival's news.
    const encore = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await encore.goto(`${stack.url}/f/encore-2026/inbox`);
    await encore.getByText('Welcome to Encore 2026').waitFor({ timeout: LIVE });
    expect(await encore.getByText('Zomerfeest gates open at 18:00').count()).toBe(0);
    expect(uncaught(page)).toEqual([]);
    expect(uncaught(encore)).toEqual([]);
  }, 180_000);

  it('/festivals lists both festivals, the one to come first and the past edition apart, each linking to its address', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/festivals`);
    await page.getByRole('heading', { level: 1, name: 'Festivals' }).waitFor({ timeout: LIVE });
    const upcoming = page.getByRole('region', { name: 'On now and coming up' });
    const past = page.getByRole('region', { name: 'Past editions' });
    await upcoming.getByRole('link', { name: new RegExp(SECOND_NAME) }).waitFor({ timeout: LIVE });
    expect(await upcoming.getByRole('link', { name: new RegExp(SECOND_NAME) }).getAttribute('href')).toBe(`/f/${SECOND}/`);
    expect(await past.getByRole('link', { name: new RegExp(seed.festival.name) }).getAttribute('href')).toBe('/f/encore-2026/');
    expect(await upcoming.getByRole('link').count()).toBe(1);
    await screenshot(page, 'festivals-chooser');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(LAPTOP);
    await screenshot(page, 'festivals-chooser-laptop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await upcoming.getByRole('link', { name: new RegExp(SECOND_NAME) }).click();
    await page.waitForURL(`${stack.url}/f/${SECOND}/`, { timeout: LIVE });
    await setCard(page, SECOND_SETS[0]!.id).waitFor({ timeout: LIVE });
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('an address naming no festival says so, with the way to the festivals', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/f/no-such-festival/`);
    await page.getByText('No festival here').waitFor({ timeout: LIVE });
    expect(await page.getByRole('link', { name: 'See all festivals' }).getAttribute('href')).toBe('/festivals');
    await screenshot(page, 'festivals-missing');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize(LAPTOP);
    await screenshot(page, 'festivals-missing-laptop');
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('each festival opens offline after one visit to it', async () => {
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await page.goto(`${stack.url}/f/${SECOND}/`);
    await setCard(page, SECOND_SETS[0]!.id).waitFor({ timeout: LIVE });
    await waitForServiceWorker(page);
    await waitForBundleCopy(page, SECOND);
    await page.goto(stack.url);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
    await waitForBundleCopy(page, 'encore-2026');

    await page.context().setOffline(true);
    await page.goto(`${stack.url}/f/${SECOND}/`);
    await setCard(page, SECOND_SETS[0]!.id).waitFor({ timeout: LIVE });
    expect(await brandName(page).textContent()).toBe(SECOND_NAME);
    expect(await page.getByText(encoreArtist).count()).toBe(0);
    // The service worker served the plain shell: the app puts the festival's name, manifest and colours in the head.
    await expect
      .poll(() => page.evaluate(() => [document.title, document.querySelector('link[rel="manifest"]')?.getAttribute('href'), document.documentElement.style.getPropertyValue('--color-accent')]), { timeout: LIVE })
      .toEqual([SECOND_NAME, `/f/${SECOND}/manifest.webmanifest`, COLOURS.primary]);
    await screenshot(page, 'festivals-second-offline');

    await page.goto(stack.url);
    await expect.poll(() => brandName(page).textContent(), { timeout: LIVE }).toBe(seed.festival.name);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
    expect(await page.getByText('Tram Nine').count()).toBe(0);
    await page.context().setOffline(false);
    expect(uncaught(page)).toEqual([]);
  }, 240_000);

  it('/ still shows encore-2026, in its own colours', async () => {
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await page.goto(`${stack.url}/?day=${ENCORE_SET.data.startsAt.toISOString().slice(0, 10)}`);
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await expect.poll(() => brandName(page).textContent(), { timeout: LIVE }).toBe(seed.festival.name);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
    expect(await page.getByText('Tram Nine').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--color-accent'))).toBe('');
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('/ opens the festival a project admin chose, from its first HTML on, under its own address, and offline after one visit', async () => {
    const settings = getFirestore(admin).doc(firestorePaths.siteSettings());
    await settings.set({ defaultFestivalId: SECOND, updatedAt: Timestamp.now(), updatedBy: 'browser-test' });
    try {
      // The first HTML, before any script: the chosen festival's name, colours and manifest.
      const html = await (await fetch(`${stack.url}/`)).text();
      expect(html).toContain(`<title>${SECOND_NAME}</title>`);
      expect(html).toContain(`<meta name="encore-home" content="${SECOND}" />`);
      expect(html).toContain(`<link rel="manifest" href="/f/${SECOND}/manifest.webmanifest" />`);
      expect(html).toContain(`<meta name="theme-color" content="${COLOURS.secondary}" />`);

      const page = await newPage();
      await page.goto(`${stack.url}/`);
      await page.waitForURL(`${stack.url}/f/${SECOND}/`, { timeout: LIVE });
      await setCard(page, SECOND_SETS[0]!.id).waitFor({ timeout: LIVE });
      await expect.poll(() => brandName(page).textContent(), { timeout: LIVE }).toBe(SECOND_NAME);
      expect(await page.getByText(encoreArtist).count()).toBe(0);

      // Offline, / opens on this device the festival it opened before (the service worker's shell names none).
      await waitForServiceWorker(page);
      await waitForBundleCopy(page, SECOND);
      await page.context().setOffline(true);
      await page.goto(`${stack.url}/`);
      await page.waitForURL(`${stack.url}/f/${SECOND}/`, { timeout: LIVE });
      await setCard(page, SECOND_SETS[0]!.id).waitFor({ timeout: LIVE });
      expect(await brandName(page).textContent()).toBe(SECOND_NAME);
      await page.context().setOffline(false);

      // Taken back: / opens the build's festival again.
      await settings.set({ defaultFestivalId: null, updatedAt: Timestamp.now(), updatedBy: 'browser-test' });
      expect(await (await fetch(`${stack.url}/`)).text()).toContain('<meta name="encore-home" content="encore-2026" />');
      expect(uncaught(page)).toEqual([]);
    } finally {
      await settings.delete();
    }
  }, 120_000);
});
