// @vitest-environment node
/**
 * On the field, in Chromium against the whole local stack and the production build with its
 * service worker: what a festival-goer has on the phone after one online visit to the
 * programme only (the map with its plan, stages and facilities, the practical information, my
 * schedule), no false "none yet" where this device simply has nothing saved, and axe on the
 * info pages in both themes and both languages.
 */
import { firestorePaths, planGeoTransform } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { seedMedia } from '@encore/emulators/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { markersOnPlan, placeOnPlan } from './map-markers';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('field-test', (session) => {
  ({ stack, admin } = session);
});

function waitForDoc(path: string, done: (data: DocumentData | undefined) => boolean, timeout = 120_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${path} never got there`));
    }, timeout);
    const stop = getFirestore(admin)
      .doc(path)
      .onSnapshot((snapshot) => {
        if (!done(snapshot.data())) return;
        clearTimeout(timer);
        stop();
        resolve();
      }, reject);
  });
}

beforeAll(async () => {
  // The seed's site plan through the image pipeline, and a bundle rebuilt with it (onVenueMapWritten).
  await seedMedia({ projectId: 'demo-encore', artists: [], sitePlan: true });
  await waitForDoc(firestorePaths.venueMap(F), (data) => Boolean(data?.['image']));
  const deadline = Date.now() + LIVE;
  while (!(await (await fetch(`${stack.url}/bundles/${F}/programme.bundle`, { cache: 'no-store' })).text()).includes(`media/${F}/venue/map/`)) {
    if (Date.now() > deadline) throw new Error('the programme bundle never carried the site plan');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}, 400_000);

/** Whether the site plan shows (its image decoded, not only its placeholder). */
const planShown = (page: Page) =>
  page.locator('.site-plan-image img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.includes('media%2F'));

describe('on the field', () => {
  it('after one online visit to the programme only, the map, the info pages and my schedule open offline, and nothing says "none yet" falsely', async () => {
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await page.goto(`${stack.url}/`);
    const first = page.locator('[data-set-id]').first();
    await first.waitFor({ timeout: LIVE });
    const setId = (await first.getAttribute('data-set-id'))!;
    const set = seed.performances.find((performance) => performance.id === setId)!;
    const artist = seed.artists.find((candidate) => candidate.id === set.data.artistId)!.data.name;
    const heart = first.getByRole('button', { name: new RegExp(`^Favourite ${artist},`) });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: LIVE }).toBe('true');
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
    // The plan's rendition for this phone, kept by the worker although the map was never opened.
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('encore-media')).keys()).map((request) => request.url)), { timeout: LIVE }).toEqual([
      expect.stringContaining('venue%2Fmap'),
    ]);

    await page.context().setOffline(true);
    await page.goto(`${stack.url}/map`);
    await page.locator('.connection').filter({ hasText: 'Offline' }).waitFor({ timeout: LIVE });
    await page.locator('.site-plan .map-marker').first().waitFor({ timeout: LIVE });
    await expect.poll(() => planShown(page), { timeout: LIVE }).toBe(true);
    // Markers plus clustered members: each marker once (a phone's first zoom fills the screen, wide enough to draw each place on its own).
    expect((await markersOnPlan(page)).toSorted()).toEqual(seed.venueMap.markers.map((marker) => marker.id).toSorted());
    for (const stage of seed.stages) await placeOnPlan(page, stage.data.name).waitFor();
    await placeOnPlan(page, 'First aid post').waitFor();
    await screenshot(page, 'field-map-offline-first-open');

    await page.goto(`${stack.url}/info`);
    await page.getByRole('heading', { level: 1, name: 'Practical information' }).waitFor({ timeout: LIVE });
    expect(await page.locator('.info-list li').count()).toBe(seed.infoPages.length);
    await page.getByRole('searchbox', { name: 'Search the information' }).fill('tram');
    await page.getByRole('link', { name: /^Getting there/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Getting there' }).waitFor();
    expect(await page.locator('.formatted-text').textContent()).toContain('Take tram 26');
    await screenshot(page, 'field-info-offline');

    // No info page mentions toilets; the map knows three, and the info search leads there, offline too.
    await page.goto(`${stack.url}/info`);
    await page.getByRole('searchbox', { name: 'Search the information' }).fill('toilet');
    await page.getByText('No page mentions “toilet”.').waitFor({ timeout: LIVE });
    await page.getByRole('link', { name: /^Search the map, the line-up and the programme for/ }).click();
    await page.getByText('Toilets by the gate').first().waitFor({ timeout: LIVE });
    expect(new URL(page.url()).searchParams.get('q')).toBe('toilet');

    await page.goto(`${stack.url}/my`);
    await page.getByText(artist).first().waitFor({ timeout: LIVE });

    await page.goto(`${stack.url}/photos`);
    await page.getByText('No photos saved on this device yet').waitFor({ timeout: LIVE });
    expect(await page.getByText('No photos yet').count()).toBe(0);
    await screenshot(page, 'field-photos-offline');
    expect(uncaught(page)).toEqual([]);
  }, 300_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const locale of ['en-GB', 'nl-NL'] as const) {
      it(`has no serious accessibility violations on the info pages, ${colorScheme} theme, ${locale}`, async () => {
        const page = await newPage({ colorScheme, locale });
        await page.goto(`${stack.url}/info`);
        await page.locator('.info-list li').first().waitFor({ timeout: LIVE });
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.goto(`${stack.url}/info/lost-property`);
        await page.locator('.formatted-text').waitFor({ timeout: LIVE });
        // Dutch readers get the English body of the page with no Dutch one, marked as English.
        if (locale === 'nl-NL') expect(await page.locator('.formatted-text').evaluate((element) => element.closest('[lang]')!.getAttribute('lang'))).toBe('en');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, `field-info-${colorScheme}-${locale}`);
      }, 120_000);
    }
  }
  it('"Show my position" puts the person on the georeferenced plan where its control points say, and lists the nearest water point first', async () => {
    // Beside the Harbour Tent's water point, as the seed's control points place the plan.
    const at = { x: 0.75, y: 0.4 };
    const position = planGeoTransform(seed.venueMap.georeference).toGeo(at);
    const page = await newPage({ geolocation: { latitude: position.lat, longitude: position.lng, accuracy: 8 }, permissions: ['geolocation'] });
    await page.goto(`${stack.url}/map`);
    await page.locator('.site-plan .map-marker').first().waitFor({ timeout: LIVE });
    // Never on its own: no mark until the tap.
    expect(await page.getByRole('img', { name: 'You are here' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show my position' }).click();
    const mark = page.locator('.map-you-dot');
    await mark.waitFor({ timeout: LIVE });
    const plan = (await page.locator('.site-plan-stage').boundingBox())!;
    const dot = (await mark.boundingBox())!;
    const expected = { x: plan.x + at.x * plan.width, y: plan.y + at.y * plan.height };
    const off = Math.hypot(dot.x + dot.width / 2 - expected.x, dot.y + dot.height / 2 - expected.y);
    expect(off).toBeLessThanOrEqual(5);
    await page.getByRole('status').filter({ hasText: 'You are on the plan' }).waitFor();

    await page.getByRole('group', { name: 'Show on the map' }).getByRole('button', { name: 'Drinking water' }).click();
    const places = page.getByRole('list', { name: 'Places found' }).getByRole('button');
    await expect.poll(() => places.count()).toBe(seed.venueMap.markers.filter((marker) => marker.kind === 'water').length);
    expect(await places.first().textContent()).toBe('Drinking water by The Pier1 min walk');
    await places.first().click();
    expect(await page.locator('#map-pin-water-harbour .map-marker').getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'field-you-are-here');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Back to every place and the whole plan: a cluster, tapped, zooms in until its places come apart.
    await page.getByRole('group', { name: 'Show on the map' }).getByRole('button', { name: 'All places' }).click();
    await page.getByRole('button', { name: 'Whole plan' }).click();
    await expect.poll(() => page.locator('.site-plan-content').evaluate((content) => (content as HTMLElement).style.transform)).toMatch(/scale\(1\)$/);
    const cluster = page.locator('.site-plan .map-cluster').first();
    await cluster.waitFor();
    const held = (await cluster.getAttribute('data-markers'))!;
    expect(await cluster.getAttribute('aria-label')).toMatch(new RegExp(`^${held.split(' ').length} places here, zoom in to see them apart: `));
    await cluster.click();
    await expect.poll(() => page.locator(`.site-plan .map-cluster[data-markers="${held}"]`).count()).toBe(0);
    // Keyboard focus follows the cluster's first place to the marker (or smaller cluster) now holding it.
    await expect.poll(() => page.evaluate(() => ((document.activeElement as HTMLElement | null)?.dataset.markers ?? '').split(' '))).toContain(held.split(' ')[0]);
    expect((await markersOnPlan(page)).toSorted()).toEqual(seed.venueMap.markers.map((marker) => marker.id).toSorted());
    await screenshot(page, 'field-map-cluster-opened');
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('says plainly when the person is not on the festival site', async () => {
    // Utrecht Centraal, some 35 km from the site.
    const page = await newPage({ geolocation: { latitude: 52.0894, longitude: 5.1101, accuracy: 20 }, permissions: ['geolocation'] });
    await page.goto(`${stack.url}/map`);
    await page.getByRole('button', { name: 'Show my position' }).click({ timeout: LIVE });
    await page.getByRole('status').filter({ hasText: /You are not on the festival site: about \d+(\.\d)? km from the edge of the plan/ }).waitFor({ timeout: LIVE });
    expect(await page.locator('.map-you-dot').count()).toBe(0);
  }, 120_000);
});
