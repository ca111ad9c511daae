// @vitest-environment node
/**
 * The venue map made for a phone, in Chromium at 390 × 844 against the whole local stack with
 * the seed's drawn site plan: the plan's box fills the screen below the header, every stage shows
 * its name on screen, uncovered, in 12 px type or more at the first zoom (no cluster ever holds a stage), pinch and double-tap zoom (touch
 * events through CDP), keyboard zoom and the fit control, the facility filter, and axe on the
 * map at 390 and 1280 px in both themes and both languages.
 */
import { firestorePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { seedMedia } from '@encore/emulators/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { phoneAndLaptopLooks, screenshot, seriousA11yViolationsInLooks, showIn } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { markersOnPlan } from './map-markers';
import { PHONE, useBrowserSession } from './session';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 800 };
const stageMarkerIds = new Set(seed.venueMap.markers.filter((marker) => marker.kind === 'stage').map((marker) => marker.id));
const waterIds = seed.venueMap.markers.filter((marker) => marker.kind === 'water').map((marker) => marker.id);
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('map-phone-test', (session) => {
  ({ stack, admin } = session);
});

beforeAll(async () => {
  // The seed's drawn plan (its stage names printed 40 px high on 2400 px) through the image pipeline.
  await seedMedia({ projectId: 'demo-encore', artists: [], sitePlan: true });
  const deadline = Date.now() + 120_000;
  while (!(await getFirestore(admin).doc(firestorePaths.venueMap(F)).get()).data()?.['image']) {
    if (Date.now() > deadline) throw new Error('the site plan never went through the image pipeline');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 300_000);

/** The plan's live zoom, as react-zoom-pan-pinch applies it to the content. */
const planScale = (page: Page) =>
  page.locator('.site-plan-content').evaluate((content) => Number(/scale\(([\d.]+)\)/.exec((content as HTMLElement).style.transform)?.[1] ?? 'NaN'));

/** Opens the map on a touch phone at the festival's Saturday evening, the plan image shown and the markers laid out. */
async function openMap(locale: 'en-GB' | 'nl-NL', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const page = await newPage({ at: FESTIVAL_SATURDAY_NINE, locale, colorScheme, hasTouch: true });
  await page.goto(`${stack.url}/map`);
  await page.locator('.site-plan .map-marker-stage').first().waitFor({ timeout: LIVE });
  await expect
    .poll(() => page.locator('.site-plan-image img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: LIVE })
    .toBe(true);
  // The first zoom: the whole plan (on a phone in portrait, the only zoom showing every stage at once).
  await expect.poll(() => planScale(page), { timeout: LIVE }).toBe(1);
  await page.locator('#map-plan').evaluate((plan) => plan.scrollIntoView({ block: 'start' }));
  return page;
}

/**
 * Every stage's marker inside the plan's box, uncovered at its centre (nothing drawn over its name), with its name in
 * type of at least 12 px; and no cluster holding a stage. Returns the stages' names as drawn.
 */
async function stagesAsShown(page: Page) {
  return page.evaluate((stageIds) => {
    const viewport = document.querySelector('.site-plan-viewport')!.getBoundingClientRect();
    const stages = [...document.querySelectorAll<HTMLElement>('.site-plan .map-marker-stage')].map((marker) => {
      const box = marker.getBoundingClientRect();
      const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const inView = box.left >= viewport.left && box.right <= viewport.right && box.top >= viewport.top && box.bottom <= viewport.bottom;
      const top = document.elementFromPoint(centre.x, centre.y);
      return { name: marker.textContent, inView, uncovered: Boolean(top && marker.contains(top)), fontPx: parseFloat(getComputedStyle(marker).fontSize) };
    });
    const clustersWithStages = [...document.querySelectorAll<HTMLElement>('.site-plan .map-cluster')].filter((cluster) => cluster.dataset.markers!.split(' ').some((id) => stageIds.includes(id))).length;
    return { stages, clustersWithStages };
  }, [...stageMarkerIds]);
}

/** A spot on the plan with no marker on it, near the middle of the view (double taps there zoom; on a marker they press it). */
async function emptySpot(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const viewport = document.querySelector('.site-plan-viewport')!.getBoundingClientRect();
    for (let dy = 0; dy < viewport.height / 2; dy += 20)
      for (const sign of [1, -1]) {
        const point = { x: viewport.left + viewport.width / 2, y: viewport.top + viewport.height / 2 + sign * dy };
        const hit = document.elementFromPoint(point.x, point.y);
        if (hit && !hit.closest('.map-pin, .site-plan-zoom')) return point;
      }
    throw new Error('no empty spot on the plan');
  });
}

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((point, id) => ({ ...point, id })) });
}

describe('the map on a phone', () => {
  for (const locale of ['en-GB', 'nl-NL'] as const) {
    it(`fills the screen below the header and shows every stage's name at the first zoom, no cluster holding a stage; axe finds nothing at 390 and 1280 px in both themes (${locale})`, async () => {
      const page = await openMap(locale);
      for (const colorScheme of ['light', 'dark'] as const) {
        await showIn(page, { device: 'phone', viewport: PHONE, colorScheme });
        const { stages, clustersWithStages } = await stagesAsShown(page);
        expect(clustersWithStages).toBe(0);
        expect(stages.map((stage) => stage.name).toSorted()).toEqual(seed.stages.map((stage) => stage.data.name).toSorted());
        for (const stage of stages) expect(stage, `${stage.name} in ${colorScheme}`).toMatchObject({ inView: true, uncovered: true });
        for (const stage of stages) expect(stage.fontPx).toBeGreaterThanOrEqual(12);
        await screenshot(page, `map-phone-first-zoom-${locale}-${colorScheme}`);
      }
      // Between the sticky header and the tab bar, the plan takes the whole height.
      const space = await page.evaluate(() => ({
        header: document.querySelector('.site-header')!.getBoundingClientRect().bottom,
        tabs: document.querySelector('.tab-bar')!.getBoundingClientRect().top,
        plan: document.querySelector('.site-plan-viewport')!.getBoundingClientRect(),
      }));
      expect(space.plan.width).toBe(PHONE.width);
      expect(Math.abs(space.plan.top - space.header)).toBeLessThanOrEqual(2);
      expect(Math.abs(space.plan.bottom - space.tabs)).toBeLessThanOrEqual(2);
      // Each of the map's markers drawn once, alone or counted in a cluster.
      expect((await markersOnPlan(page)).toSorted()).toEqual(seed.venueMap.markers.map((marker) => marker.id).toSorted());

      const looks = phoneAndLaptopLooks(PHONE, LAPTOP);
      expect(await seriousA11yViolationsInLooks(page, looks, (look) => `map-${locale}-${look.device}-${look.colorScheme}`)).toEqual({});
      expect(uncaught(page)).toEqual([]);

      // Opened on a laptop, the plan has room to spare: the whole plan at once, every stage still named and uncovered.
      const laptop = await newPage({ at: FESTIVAL_SATURDAY_NINE, locale, viewport: LAPTOP });
      await laptop.goto(`${stack.url}/map`);
      await laptop.locator('.site-plan .map-marker-stage').first().waitFor({ timeout: LIVE });
      await laptop.locator('#map-plan').evaluate((plan) => plan.scrollIntoView({ block: 'start' }));
      expect(await planScale(laptop)).toBe(1);
      const onLaptop = await stagesAsShown(laptop);
      expect(onLaptop.clustersWithStages).toBe(0);
      for (const stage of onLaptop.stages) expect(stage, `${stage.name} on a laptop`).toMatchObject({ inView: true, uncovered: true });
      await screenshot(laptop, `map-laptop-${locale}`);
    }, 240_000);
  }

  it('zooms with a pinch, a double tap, the keyboard and the buttons, and the fit control shows the whole plan', async () => {
    const page = await openMap('en-GB');
    const cdp = await page.context().newCDPSession(page);
    const first = await planScale(page);

    // Two fingers spread apart on an empty part of the plan.
    const centre = await emptySpot(page);
    await touch(cdp, 'touchStart', [{ x: centre.x - 30, y: centre.y }, { x: centre.x + 30, y: centre.y }]);
    for (let step = 1; step <= 8; step += 1) await touch(cdp, 'touchMove', [{ x: centre.x - 30 - step * 10, y: centre.y }, { x: centre.x + 30 + step * 10, y: centre.y }]);
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => planScale(page)).toBeGreaterThan(first * 1.5);
    const pinched = await planScale(page);

    // A double tap (two taps within 200 ms) zooms in one step more.
    await page.waitForTimeout(400);
    const spot = await emptySpot(page);
    for (let tap = 0; tap < 2; tap += 1) {
      await touch(cdp, 'touchStart', [spot]);
      await touch(cdp, 'touchEnd', []);
    }
    await expect.poll(() => planScale(page)).toBeGreaterThan(pinched);
    await screenshot(page, 'map-phone-zoomed-by-touch');

    // The fit control: the whole plan in view at zoom 1.
    await page.getByRole('button', { name: 'Whole plan' }).click();
    await expect.poll(() => planScale(page)).toBe(1);
    const whole = await page.evaluate(() => ({ plan: document.querySelector('.site-plan-stage')!.getBoundingClientRect(), view: document.querySelector('.site-plan-viewport')!.getBoundingClientRect() }));
    expect(whole.plan.left).toBeGreaterThanOrEqual(whole.view.left - 1);
    expect(whole.plan.right).toBeLessThanOrEqual(whole.view.right + 1);
    expect(whole.plan.top).toBeGreaterThanOrEqual(whole.view.top - 1);
    expect(whole.plan.bottom).toBeLessThanOrEqual(whole.view.bottom + 1);
    // Still no cluster holds a stage, even with the whole plan on a phone.
    expect((await stagesAsShown(page)).clustersWithStages).toBe(0);

    // The keyboard: the focused plan zooms with + and moves with the arrows; the buttons zoom too.
    const plan = page.getByRole('group', { name: 'Plan, zoom and move' });
    await plan.focus();
    await page.keyboard.press('+');
    await expect.poll(() => planScale(page)).toBeGreaterThan(1);
    const before = await page.locator('.site-plan-content').evaluate((content) => (content as HTMLElement).style.transform);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.site-plan-content').evaluate((content) => (content as HTMLElement).style.transform)).not.toBe(before);
    const keyed = await planScale(page);
    await page.locator('.site-plan-zoom').getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => planScale(page)).toBeGreaterThan(keyed);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('the facility filter shows only the water points (and the stages) on the plan and in the lists; choosing one in the list shows it on the plan', async () => {
    const page = await openMap('en-GB');
    await page.getByRole('group', { name: 'Show on the map' }).getByRole('button', { name: 'Drinking water' }).click();
    await expect.poll(async () => (await markersOnPlan(page)).toSorted()).toEqual([...waterIds, ...stageMarkerIds].toSorted());
    expect(await page.locator('.site-plan .map-marker-facility').count()).toBe(waterIds.length);
    const found = page.getByRole('list', { name: 'Places found' }).getByRole('button');
    expect(await found.count()).toBe(waterIds.length);
    // Three water points, each named so people can tell them apart.
    const names = await found.allTextContents();
    expect(new Set(names).size).toBe(waterIds.length);
    await screenshot(page, 'map-phone-only-water');

    await page.getByRole('heading', { name: 'Everything on the map' }).scrollIntoViewIfNeeded();
    await page.locator('.map-list').getByRole('button', { name: 'Drinking water by The Pier' }).last().click();
    const pin = page.locator('#map-pin-water-harbour .map-marker');
    await expect.poll(() => pin.getAttribute('aria-pressed')).toBe('true');
    // Brought into view on the plan, centred.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const view = document.querySelector('.site-plan-viewport')!.getBoundingClientRect();
          const marker = document.querySelector('#map-pin-water-harbour .map-marker')!.getBoundingClientRect();
          return marker.left >= view.left && marker.right <= view.right && marker.top >= view.top && marker.bottom <= view.bottom;
        }),
      )
      .toBe(true);
    await screenshot(page, 'map-phone-chosen-in-list');
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});
