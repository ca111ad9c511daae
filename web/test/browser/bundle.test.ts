// @vitest-environment node
/**
 * A first visit to the programme in Chromium paints its sets from the programme's data
 * bundle file before the Firestore SDK is even requested (src/festival/bundle-file/), then
 * the SDK takes over from the same bundle, not from billed Firestore reads: the emulator's counts for the programme's
 * collections stay at the few reads the listeners make to catch up since the bundle was
 * built (one per query at least, plus each set changed since), where reading the programme
 * would cost one per document. The listeners are live all the same: a favourite made
 * elsewhere (another person's) shows up in the set's count on the page.
 */
import { firestorePaths, programmeBundlePath } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { fetchUsage, resetUsage } from '@encore/emulators/stack';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
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

/** The read time of the bundle's named query for `collection`, from the bundle's bytes (length-prefixed JSON elements). */
function namedQueryReadTimes(bytes: Buffer): Map<string, Timestamp> {
  const times = new Map<string, Timestamp>();
  let offset = 0;
  while (offset < bytes.length) {
    let digits = '';
    while (/\d/.test(String.fromCharCode(bytes[offset]!))) digits += String.fromCharCode(bytes[offset++]!);
    const element = JSON.parse(bytes.subarray(offset, offset + Number(digits)).toString('utf8')) as { namedQuery?: { name: string; readTime: { seconds: number | string; nanos?: number } } };
    offset += Number(digits);
    if (element.namedQuery) times.set(element.namedQuery.name.split('/').pop()!, new Timestamp(Number(element.namedQuery.readTime.seconds), element.namedQuery.readTime.nanos ?? 0));
  }
  return times;
}

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
  it('shows its sets before any Firestore SDK code is requested, and the SDK then takes over the same sets in the same order', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    await noteWhenSetsShow(context);
    const page = await context.newPage();
    const sdk = recordFirestoreSdkScripts(page);
    await page.goto(`${stack.url}/?day=2026-08-15&view=list`);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
    const painted = await page.locator('[data-set-id]').evaluateAll((sets) => sets.map((set) => set.getAttribute('data-set-id')));
    // The SDK arrives after the sets (the listeners start after the first paint) and is running: the badge leaves "Connecting".
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
    // The live data replaced the first paint's without changing what is on screen.
    expect(await page.locator('[data-set-id]').evaluateAll((sets) => sets.map((set) => set.getAttribute('data-set-id')))).toEqual(painted);
    expect(painted.length).toBeGreaterThan(20);
    await context.close();
  }, 180_000);

  it('opens offline on a second visit with no bundle to be had: the programme comes from Firestore\'s own cache', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${stack.url}/?day=2026-08-15`);
    const heading = page.getByRole('heading', { level: 2, name: /^Saturday 15 August · \d+ sets$/ });
    await heading.waitFor({ timeout: LIVE });
    // The listeners have the programme from the server (and so in the persistent cache).
    await page.locator('.connection').filter({ hasText: 'Online' }).waitFor({ timeout: LIVE });
    const online = await heading.textContent();

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


  it('a first visit reads next to nothing from Firestore for the programme, and a favourite made elsewhere shows up live', async () => {
    const hosts = { firestore: stack.hosts.firestore, storage: stack.hosts.storage };
    const db = getFirestore(admin);
    await resetUsage(hosts, stack.projectId);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const bundleResponse = page.waitForResponse((response) => response.url().endsWith(programmeBundlePath(F)));
    await page.goto(`${stack.url}/`);
    const served = await bundleResponse;
    expect(served.status()).toBe(200);
    const bundle = Buffer.from(await served.body());
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
    const readTimes = namedQueryReadTimes(bundle);
    const counts: Record<string, { reads: number; documents: number; changedSinceBundle: number }> = {};
    for (const name of ['stages', 'artists', 'performances'] as const) {
      const documents = (await db.collection(`festivals/${F}/${name}`).get()).docs;
      const changedSinceBundle = documents.filter((doc) => doc.updateTime.toMillis() > readTimes.get(name)!.toMillis()).length;
      counts[name] = { reads: usage[name]?.reads ?? 0, documents: documents.length, changedSinceBundle };
    }
    // Each listener pays its query's minimum, once per (re)listen (the SDK listens again after the
    // sign-in at open, and after a stream it restarts, which a loaded machine makes more likely),
    // plus the documents changed since the bundle (the favourite's count among them). How often
    // the SDK re-listens is its own business; what the bundle promises is that no collection is
    // read whole, and that the programme as a whole costs a small fraction of its documents.
    for (const [name, count] of Object.entries(counts)) expect(count.reads, `${name}: ${JSON.stringify(count)}`).toBeLessThan(Math.max(count.documents, 4 + count.changedSinceBundle));
    const documents = Object.values(counts).reduce((sum, count) => sum + count.documents, 0);
    const reads = Object.values(counts).reduce((sum, count) => sum + count.reads, 0);
    expect(documents).toBeGreaterThan(50);
    expect(reads).toBeLessThan(documents / 10);
    await context.close();
  }, 180_000);
});
