// @vitest-environment node
/**
 * A visitor's programme comes from the festival's data bundle file, not from Firestore: a
 * first visit in Chromium paints its sets before the Firestore SDK is even requested, reads
 * none of the programme's documents from Firestore (the emulator's usage counts), and then
 * follows `festivals/{f}/live/programme`: a staff edit reaches the open page as a newer bundle,
 * downloaded past every cache (`?v=`). The device keeps the newest bundle it had, so a second
 * visit offline shows the programme. Live counts are live all the same: a favourite made
 * elsewhere shows up in the set's count on the page.
 */
import { firestorePaths, programmeBundlePath } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { fetchUsage, resetUsage } from '@encore/emulators/stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { FESTIVAL_SATURDAY_NINE, setFestivalClock } from './festival-clock';
import { startLocalStack, type LocalStack } from './local-stack';
import { noteWhenSetsShow } from './sets-shown';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
let stack: LocalStack;
let browser: Browser;
let admin: App;

beforeAll(async () => {
  stack = await startLocalStack();
  browser = await launchBrowser();
  admin = initializeApp({ projectId: stack.projectId }, 'bundle-test');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (admin) await deleteApp(admin);
  await stack?.stop();
}, 60_000);

/** The scripts the page received whose code is the Firestore SDK's (one of its own error messages is in it). */
const FIRESTORE_SDK_CODE = 'has already been started and its settings can no longer be changed';

function recordFirestoreSdkScripts(page: Page): { urls: Set<string>; settled(): Promise<unknown> } {
  const urls = new Set<string>();
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(
      response.text().then(
        (code) => {
          if (code.includes(FIRESTORE_SDK_CODE)) urls.add(response.url());
        },
        () => {},
      ),
    );
  });
  return { urls, settled: () => Promise.all(reading) };
}

describe('the programme from its data bundle', () => {
  it('shows its sets before any Firestore SDK code is requested, and a staff edit reaches the open page as a newer bundle', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    await noteWhenSetsShow(context);
    const page = await context.newPage();
    const sdk = recordFirestoreSdkScripts(page);
    await page.goto(`${stack.url}/?day=2026-08-15&view=list`);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
    const painted = await page.locator('[data-set-id]').evaluateAll((sets) => sets.map((set) => set.getAttribute('data-set-id')));
    // The SDK arrives after the sets (it loads after the first paint) and is running: the badge leaves "Connecting".
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });
    await sdk.settled();
    expect(sdk.urls.size, 'the Firestore SDK was loaded at all').toBeGreaterThan(0);
    const { setsAt, started } = await page.evaluate((urls) => ({
      setsAt: (window as unknown as { encoreSetsAt: number }).encoreSetsAt,
      started: performance
        .getEntriesByType('resource')
        .filter((entry) => urls.includes(entry.name))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }), [...sdk.urls]);
    expect(started.length).toBe(sdk.urls.size);
    for (const request of started) expect(request.startTime, `${request.url} was requested before the sets showed`).toBeGreaterThan(setsAt);
    expect(await page.locator('[data-set-id]').evaluateAll((sets) => sets.map((set) => set.getAttribute('data-set-id')))).toEqual(painted);
    expect(painted.length).toBeGreaterThan(20);

    // Staff rename the first set's artist: the bundle is rebuilt, live/programme names it, the page downloads it past every cache.
    const db = getFirestore(admin);
    const setId = painted[0]!;
    const artistId = (await db.doc(firestorePaths.performance(F, setId)).get()).get('artistId') as string;
    const newerBundle = page.waitForRequest((request) => request.url().includes(`${programmeBundlePath(F)}?v=`), { timeout: LIVE });
    await db.doc(firestorePaths.artist(F, artistId)).update({ name: 'Renamed By Staff' });
    await newerBundle;
    await page.locator(`[data-set-id="${setId}"]`).filter({ hasText: 'Renamed By Staff' }).waitFor({ timeout: LIVE });
    await context.close();
  }, 180_000);

  it('opens offline on a second visit: the programme comes from the newest bundle the device kept', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${stack.url}/?day=2026-08-15`);
    const heading = page.getByRole('heading', { level: 2, name: /^Saturday 15 August · \d+ sets$/ });
    await heading.waitFor({ timeout: LIVE });
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });
    const online = await heading.textContent();
    // The copy is kept once the first content is on screen.
    await page.waitForFunction(
      async (path) => Boolean(await (await caches.open('encore-programme-bundles')).match(path)),
      programmeBundlePath(F),
      { timeout: LIVE, polling: 200 },
    );

    // Offline, with the app's own files still served (as the service worker would): only the bundle and Firestore are out of reach.
    const bundleFailed = page.waitForEvent('requestfailed', (request) => request.url().endsWith(programmeBundlePath(F)));
    await page.route(/\/bundles\//, (route) => route.abort('internetdisconnected'));
    await page.route(new RegExp(`^http://${stack.hosts.firestore}/`), (route) => route.abort('internetdisconnected'));
    await page.reload();
    await bundleFailed;
    await heading.waitFor({ timeout: LIVE });
    expect(await heading.textContent()).toBe(online);
    await screenshot(page, 'bundle-offline-second-visit');
    await context.close();
  }, 180_000);

  it('a first visit reads none of the programme\'s documents from Firestore, and a favourite made elsewhere shows up live', async () => {
    const hosts = { firestore: stack.hosts.firestore, storage: stack.hosts.storage };
    const db = getFirestore(admin);
    await resetUsage(hosts, stack.projectId);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // During the festival: after it, a set card shows no heart or count (issue 37).
    await setFestivalClock(context, FESTIVAL_SATURDAY_NINE);
    const page = await context.newPage();
    const bundleResponse = page.waitForResponse((response) => response.url().endsWith(programmeBundlePath(F)));
    await page.goto(`${stack.url}/`);
    expect((await bundleResponse).status()).toBe(200);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });

    // Another person favourites the first set on the page; the function counts it; the page shows it.
    const setId = (await page.locator('[data-set-id]').first().getAttribute('data-set-id'))!;
    // Counts are published apart from the programme, in the festival's live document (within 10 s).
    const before = ((await db.doc(firestorePaths.liveSets(F)).get()).get('favorites') as Record<string, number> | undefined)?.[setId] ?? 0;
    await db.doc(firestorePaths.favorite('someone-elsewhere', setId)).set({ festivalId: F, performanceId: setId, createdAt: new Date() });
    await page.locator(`[data-set-id="${setId}"] .favorite-count`).filter({ hasText: new RegExp(`^${before + 1}$`) }).waitFor({ timeout: LIVE });
    await screenshot(page, 'bundle-first-visit');

    // What the page read (functions read a set to count the favourite: that is not the visit's).
    const usage = (await fetchUsage(hosts, stack.projectId)).firestore.byClientCollection.client;
    for (const name of ['stages', 'artists', 'performances']) expect(usage[name]?.reads ?? 0, `${name} read by the page`).toBe(0);
    // Its live documents: live/programme and live/sets, a read or two each (once more per re-listen, as after the sign-in).
    expect(usage['live']?.reads ?? 0).toBeGreaterThan(0);
    expect(usage['live']?.reads ?? 0).toBeLessThan(10);
    await context.close();
  }, 180_000);
});
