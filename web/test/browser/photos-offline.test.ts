// @vitest-environment node
/**
 * The photo wall on the field, in Chromium against the whole local stack and the production
 * build with its service worker: a festival-goer who looked at the wall once, online, sees
 * the same photos again when the network is gone, after a reload and in a tab opened anew,
 * with their images (from the worker's cache, the browser's own HTTP cache emptied first),
 * and no false "No photos yet". The photos are the seed's samples, uploaded through the real
 * pipeline (Storage upload, the functions' renditions, the photo documents).
 */
import { firestorePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { seedSamplePhotos } from '@encore/emulators/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const F = encore2026().festivalId;
const LIVE = 60_000;
let stack: LocalStack;
let admin: App;
/** How many ready photos the wall has (the seed's samples, once the pipeline is through). */
let readyPhotos = 0;
const { newPage, uncaught } = useBrowserSession('photos-offline-test', (session) => {
  ({ stack, admin } = session);
});

beforeAll(async () => {
  const { uploaded, alreadyThere } = await seedSamplePhotos({ projectId: stack.projectId });
  const expected = uploaded + alreadyThere;
  expect(expected).toBeGreaterThan(0);
  const photos = getFirestore(admin).collection(firestorePaths.photos(F)).where('status', '==', 'ready');
  const deadline = Date.now() + 240_000;
  for (;;) {
    readyPhotos = (await photos.get()).size;
    if (readyPhotos >= expected) break;
    if (Date.now() > deadline) throw new Error(`only ${readyPhotos} of ${expected} sample photos got through the pipeline`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}, 400_000);

/** The wall's images inside the viewport that show a loaded picture (not only the placeholder), by their chosen URL. */
function imagesShownOnScreen(page: Page): Promise<string[]> {
  return page.locator('.photo-wall img').evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight && img.complete && img.naturalWidth > 0;
      })
      .map((img) => img.currentSrc),
  );
}

/** The wall's images inside the viewport (loaded or not), by their chosen URL, `''` for one not chosen yet. */
function imagesOnScreen(page: Page): Promise<string[]> {
  return page.locator('.photo-wall img').evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      })
      .map((img) => img.currentSrc),
  );
}

const photosCached = (page: Page) => page.evaluate(async () => (await (await caches.open('encore-photos')).keys()).map((request) => request.url));

/** The wall after a (re)load with no network: the photos seen online, each image loaded, no empty state. */
async function expectSameWallOffline(page: Page, seen: string[]): Promise<void> {
  await expect.poll(() => page.locator('.photo-tile').count(), { timeout: LIVE }).toBe(readyPhotos);
  await expect.poll(() => imagesShownOnScreen(page).then((shown) => shown.toSorted()), { timeout: LIVE }).toEqual(seen.toSorted());
  expect(await page.getByText('No photos yet').count()).toBe(0);
  expect(await page.getByText('No photos saved on this device yet').count()).toBe(0);
}

describe('the photo wall offline', () => {
  it('shows the photos that were on screen before, their images from the service worker, and no false empty state', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/photos`);
    await page.getByRole('heading', { level: 1, name: 'Photo wall' }).waitFor({ timeout: LIVE });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
    await expect.poll(() => page.locator('.photo-tile').count(), { timeout: LIVE }).toBe(readyPhotos);
    // Every image on screen loaded online: what the person has seen.
    await expect
      .poll(async () => {
        const [onScreen, shown] = await Promise.all([imagesOnScreen(page), imagesShownOnScreen(page)]);
        return onScreen.length > 0 && shown.length === onScreen.length;
      }, { timeout: LIVE })
      .toBe(true);
    const seen = await imagesShownOnScreen(page);
    // The worker stores each response after handing it to the page.
    await expect
      .poll(async () => {
        const cached = await photosCached(page);
        return seen.filter((url) => !cached.includes(url));
      }, { timeout: LIVE })
      .toEqual([]);

    await page.context().setOffline(true);
    // Only the worker's cache may answer: the browser's HTTP cache goes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const fromWorker: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/o/photos%2F') && response.fromServiceWorker()) fromWorker.push(response.url());
    });

    await page.reload();
    await page.locator('.connection').filter({ hasText: 'Offline' }).waitFor({ timeout: LIVE });
    await expectSameWallOffline(page, seen);
    expect(fromWorker.toSorted()).toEqual(expect.arrayContaining(seen));
    await screenshot(page, 'photos-offline-reload');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(uncaught(page)).toEqual([]);

    // Closed and opened again, still with no network: a cold start from the worker and the caches.
    const context = page.context();
    await page.close();
    const reopened = await context.newPage();
    const reopenedErrors: string[] = [];
    reopened.on('pageerror', (error) => reopenedErrors.push(error.message));
    await reopened.goto(`${stack.url}/photos`);
    await reopened.getByRole('heading', { level: 1, name: 'Photo wall' }).waitFor({ timeout: LIVE });
    await expectSameWallOffline(reopened, seen);
    await screenshot(reopened, 'photos-offline-reopened');
    expect(reopenedErrors).toEqual([]);
    await context.setOffline(false);
  }, 300_000);
});
