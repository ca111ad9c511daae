// @vitest-environment node
/**
 * A first visit to the programme in Chromium gets its documents from the programme's data
 * bundle, not from billed Firestore reads: the emulator's counts for the programme's
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
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { startLocalStack, type LocalStack } from './local-stack';

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

describe('the programme from its data bundle', () => {
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
    const before = ((await db.doc(firestorePaths.performance(F, setId)).get()).get('favoriteCount') as number) ?? 0;
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
