// @vitest-environment node
/**
 * Offline after one online visit, on the production build with its service worker, in
 * Chromium against the whole local stack: an artist's picture seen online still shows, and
 * the app is quiet, at most one console line per change of connection state over a minute
 * offline, and no request that cannot succeed (the WebChannel connectivity probe to
 * www.google.com/images/cleardot.gif above all: src/firebase/network-follows-browser.ts).
 */
import { firestorePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { seedMedia } from '@encore/emulators/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
/** How long the app is watched offline (the minute). */
const OFFLINE_MS = 60_000;
const artist = seed.artists[0]!;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('offline-quiet-test', (session) => {
  ({ stack, admin } = session);
});

beforeAll(async () => {
  // One artist's picture through the image pipeline, and a programme bundle rebuilt with it.
  await seedMedia({ projectId: 'demo-encore', artists: [artist.id], sitePlan: false });
  const deadline = Date.now() + 4 * LIVE;
  while (!(await getFirestore(admin).doc(firestorePaths.artist(F, artist.id)).get()).get('image')) {
    if (Date.now() > deadline) throw new Error(`${artist.id}'s picture never came out of the pipeline`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  while (!(await (await fetch(`${stack.url}/bundles/${F}/programme.bundle`, { cache: 'no-store' })).text()).includes(`media/${F}/artists/${artist.id}/`)) {
    if (Date.now() > deadline) throw new Error('the programme bundle never carried the picture');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}, 400_000);

/** Whether the artist's picture shows (its file decoded, not the initials or the placeholder). */
const pictureShown = (page: Page) =>
  page
    .locator('.hero .artist-art-picture img')
    .evaluate((img: HTMLImageElement, folder) => img.complete && img.naturalWidth > 0 && decodeURIComponent(img.currentSrc).includes(folder), `/media/${F}/artists/`)
    // Not on the page (yet): not shown.
    .catch(() => false);

/** Everything the page says in its console from now on, as `level: text`. */
function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => lines.push(`${message.type()}: ${message.text()}`));
  return lines;
}

describe('offline after one online visit', () => {
  it(`an artist's picture seen online still shows, and in ${OFFLINE_MS / 1000} s offline the console has one line per change of connection state and no probe goes out`, async () => {
    // The real clock: a page clock set back on reload would make the SDK log cached documents as
    // written in the future, which is the test's doing, not the app's.
    const page = await newPage();
    const probes: string[] = [];
    // Requests of the page and of its service worker alike.
    page.context().on('request', (request) => {
      if (request.url().includes('cleardot')) probes.push(request.url());
    });
    // What failed, to say what a console error was about.
    const failed: string[] = [];
    page.context().on('requestfailed', (request) => failed.push(`${new Date().toISOString()} ${request.method()} ${request.url().slice(0, 160)} ${request.failure()?.errorText}`));
    // The first visit: the picture loads before the service worker controls the page.
    await page.goto(`${stack.url}/artists/${artist.id}`);
    await expect.poll(() => pictureShown(page), { timeout: LIVE }).toBe(true);
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
    // Kept by the worker (handed over by the page: it loaded before the worker took control).
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('encore-media')).keys()).map((request) => decodeURIComponent(request.url))), { timeout: LIVE })
      .toContainEqual(expect.stringContaining(`/media/${F}/artists/${artist.id}/`));

    const lines = consoleOf(page);
    const started = Date.now();
    failed.push(`${new Date().toISOString()} offline from here`);
    await page.context().setOffline(true);
    await page.locator('.connection').filter({ hasText: 'Offline' }).waitFor({ timeout: LIVE });
    // Browsing on: the programme, then the artist again, within the same page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programme' }).click();
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await page.goBack();
    await expect.poll(() => pictureShown(page), { timeout: LIVE }).toBe(true);
    await page.waitForTimeout(Math.max(0, OFFLINE_MS - (Date.now() - started)));
    // One change of connection state (online to offline): one line.
    expect(lines, `requests that failed:\n${failed.join('\n')}`).toEqual([expect.stringMatching(/^info: Encore is offline/)]);
    expect(probes).toEqual([]);

    // Opened again from nothing, offline: the shell from the precache, the picture from the worker's cache.
    const reopened = consoleOf(page);
    await page.reload();
    await expect.poll(() => pictureShown(page), { timeout: LIVE }).toBe(true);
    await page.locator('.connection').filter({ hasText: 'Offline' }).waitFor({ timeout: LIVE });
    await screenshot(page, 'offline-artist-picture');
    await page.waitForTimeout(5_000);
    expect(reopened, `requests that failed:\n${failed.join('\n')}`).toEqual([expect.stringMatching(/^info: Encore is offline/)]);
    expect(probes).toEqual([]);

    // Back online: one line more, and the stream delivers again.
    const back = consoleOf(page);
    await page.context().setOffline(false);
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });
    expect(back).toEqual([expect.stringMatching(/^info: Encore is online again/)]);
    expect(uncaught(page)).toEqual([]);
  }, 300_000);
});
