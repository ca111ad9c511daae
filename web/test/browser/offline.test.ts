// @vitest-environment node
/**
 * Encore on a phone in a field, in Chromium against the whole local stack: hearts given
 * offline (with and without an account yet: browsing makes none, the first heart does), the connection badge, pages never opened
 * before, and what a deploy does to a page that is open. One stack for the file; the
 * deploy tests come last, since they replace the served app.
 */
import { TOGGLES_PER_WINDOW, firestorePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, Timestamp, getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import { entryScriptOf } from '../../vite/scripts-after-first-paint';

const seed = encore2026();
const LIVE = 60_000;
/** The requirement for the connection badge, both ways. */
const BADGE_WITHIN_MS = 2_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('offline-test', (session) => {
  ({ stack, admin } = session);
});

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;
const badge = (page: Page, text: string) => page.locator('.connection').filter({ hasText: text });
const heart = (page: Page, performanceId: string) => {
  const set = seed.performances.find((performance) => performance.id === performanceId)!;
  return page.getByRole('button', { name: new RegExp(`^Favourite ${artistName(set.data.artistId)},`) });
};

/** The person's toggle limit, as the server holds it. */
const toggles = (uid: string) => getFirestore(admin).doc(firestorePaths.toggleLimit(uid));

/** Signs the page in to a new email account; its uid. */
async function signInNewAccount(page: Page, email: string): Promise<string> {
  const { uid } = await getAuth(admin).createUser({ email, password: 'festival-2026', emailVerified: true });
  await signIn(page, stack.url, email, 'festival-2026');
  return uid;
}

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
}

/** Where the favourite of `performanceId` is stored on the server, if anywhere. */
async function favouritesOnServer(performanceId: string): Promise<string[]> {
  const found = await getFirestore(admin).collectionGroup('favorites').where('performanceId', '==', performanceId).get();
  return found.docs.map((snapshot) => snapshot.ref.path);
}

/** Resolves with the stored favourites of `performanceId` once the server has one. */
function waitForServerFavourite(performanceId: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no favourite of ${performanceId} reached the server`));
    }, LIVE);
    const stop = getFirestore(admin)
      .collectionGroup('favorites')
      .where('performanceId', '==', performanceId)
      .onSnapshot((snapshot) => {
        if (snapshot.empty) return;
        clearTimeout(timer);
        stop();
        resolve(snapshot.docs.map((doc) => doc.ref.path));
      }, reject);
  });
}

describe('Encore offline', () => {
  it('a visitor whose first heart made their account gives another offline: pending, then synced', async () => {
    const set = seed.performances[20]!;
    const first = seed.performances[19]!;
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    // Browsing makes no account (issue 38): the first heart, online, makes it.
    await page.goto(`${stack.url}/performances/${first.id}`);
    await heart(page, first.id).waitFor({ timeout: LIVE });
    const signedUp = page.waitForResponse((response) => response.url().includes('accounts:signUp') && response.ok(), { timeout: LIVE });
    await heart(page, first.id).click();
    await signedUp;
    await waitForServerFavourite(first.id);
    await page.goto(`${stack.url}/performances/${set.id}`);
    await heart(page, set.id).waitFor({ timeout: LIVE });
    await badge(page, 'Online').waitFor({ timeout: LIVE });

    await page.context().setOffline(true);
    await badge(page, 'Offline').waitFor({ timeout: BADGE_WITHIN_MS });
    await heart(page, set.id).click();
    const pending = page.getByRole('button', { name: /, waiting to sync$/, pressed: true });
    await pending.waitFor({ timeout: LIVE });
    await page.locator('.connection-pending').waitFor();
    expect(await favouritesOnServer(set.id)).toEqual([]);
    await screenshot(page, 'offline-heart-pending');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.context().setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: LIVE });
    // Synced, and still given (read until it holds: when the first heart's batch was resent
    // after the reload, the cache lacks its toggle window, so this heart's batch is refused,
    // rolled back, and written again in the server's window: toggle-move.ts).
    await expect.poll(() => heart(page, set.id).getAttribute('aria-pressed'), { timeout: LIVE }).toBe('true');
    const paths = await waitForServerFavourite(set.id);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(new RegExp(`^users/[^/]+/favorites/${set.id}$`));
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('a heart given offline syncs when another device had opened the toggle window this phone did not know of', async () => {
    const set = seed.performances[22]!;
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    const uid = await signInNewAccount(page, 'window-elsewhere@example.com');
    // Another device of theirs toggled a moment ago; this phone has never read the window.
    await toggles(uid).set({ windowStartsAt: FieldValue.serverTimestamp(), count: 3, lastToggleAt: FieldValue.serverTimestamp() });
    await page.goto(`${stack.url}/performances/${set.id}`);
    await heart(page, set.id).waitFor({ timeout: LIVE });
    // Offline, the favourites' code comes from the service worker's precache: under load its
    // install can outlast the page's first seconds (a full run once tapped before it had).
    await waitForServiceWorker(page);
    await page.context().setOffline(true);
    await badge(page, 'Offline').waitFor({ timeout: BADGE_WITHIN_MS });
    await heart(page, set.id).click();
    const pending = page.getByRole('button', { name: /, waiting to sync$/, pressed: true });
    await pending.waitFor({ timeout: LIVE });

    await page.context().setOffline(false);
    expect(await waitForServerFavourite(set.id)).toEqual([firestorePaths.favorite(uid, set.id)]);
    await expect.poll(() => heart(page, set.id).getAttribute('aria-pressed'), { timeout: LIVE }).toBe('true');
    // Counted in the window the other device opened (a second window would have been refused).
    expect((await toggles(uid).get()).get('count')).toBe(4);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('a phone whose clock is behind the server hearts again once the server ends a full toggle window', async () => {
    const set = seed.performances[23]!;
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    const uid = await signInNewAccount(page, 'window-over@example.com');
    // Thirty toggles two minutes ago (server time): the window is over, by the server's clock;
    // by this phone's (the festival's, months behind) it has not even begun.
    const twoMinutesAgo = Timestamp.fromMillis(Date.now() - 2 * 60_000);
    await toggles(uid).set({ windowStartsAt: twoMinutesAgo, count: TOGGLES_PER_WINDOW, lastToggleAt: twoMinutesAgo });
    await page.goto(`${stack.url}/performances/${set.id}`);
    await heart(page, set.id).click();
    expect(await waitForServerFavourite(set.id)).toEqual([firestorePaths.favorite(uid, set.id)]);
    await expect.poll(() => heart(page, set.id).getAttribute('aria-pressed'), { timeout: LIVE }).toBe('true');
    const window = (await toggles(uid).get()).data()!;
    expect(window.count).toBe(1);
    expect((window.windowStartsAt as Timestamp).toMillis()).toBeGreaterThan(twoMinutesAgo.toMillis());
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('a heart and its must-see given before the first sign-in got through wait on the device, survive a reload, and sync once sign-in succeeds', async () => {
    const set = seed.performances[21]!;
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    // The first sign-in cannot get through, as on a first open with no network.
    await page.context().route('**/identitytoolkit.googleapis.com/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${stack.url}/performances/${set.id}`);
    await heart(page, set.id).waitFor({ timeout: LIVE });
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await heart(page, set.id).click();
    const pending = page.getByRole('button', { name: /, waiting to sync$/, pressed: true });
    await pending.waitFor({ timeout: LIVE });
    const mustSee = page.getByRole('button', { name: 'Must-see', exact: true });
    await mustSee.click();
    await page.getByRole('button', { name: 'Must-see', exact: true, pressed: true }).waitFor({ timeout: LIVE });

    await page.reload();
    await pending.waitFor({ timeout: LIVE });
    expect(await mustSee.getAttribute('aria-pressed')).toBe('true');
    await badge(page, 'Offline').waitFor({ timeout: BADGE_WITHIN_MS });
    await screenshot(page, 'offline-heart-before-sign-in');
    expect(await favouritesOnServer(set.id)).toEqual([]);

    // The connection returns: the sign-in is retried on `online`, then the heart is written.
    await page.context().unroute('**/identitytoolkit.googleapis.com/**');
    const signedUp = page.waitForResponse((response) => response.url().includes('accounts:signUp') && response.ok(), { timeout: LIVE });
    await page.context().setOffline(false);
    await signedUp;
    await pending.waitFor({ state: 'detached', timeout: LIVE });
    expect(await heart(page, set.id).getAttribute('aria-pressed')).toBe('true');
    const [stored] = await waitForServerFavourite(set.id);
    expect((await getFirestore(admin).doc(stored!).get()).get('priority')).toBe('must');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('encore.pendingFavorites.')))).toEqual([]);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it(`the connection badge turns offline within ${BADGE_WITHIN_MS} ms of the network going, and online within ${BADGE_WITHIN_MS} ms of its return`, async () => {
    const page = await newPage();
    await page.goto(stack.url);
    await badge(page, 'Online').waitFor({ timeout: LIVE });
    for (let round = 0; round < 2; round++) {
      await page.context().setOffline(true);
      await badge(page, 'Offline').waitFor({ timeout: BADGE_WITHIN_MS });
      await page.context().setOffline(false);
      await badge(page, 'Online').waitFor({ timeout: BADGE_WITHIN_MS });
    }
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('a page never opened before opens offline once the first visit is over', async () => {
    const page = await newPage();
    await page.goto(stack.url);
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await badge(page, 'Offline').waitFor({ timeout: BADGE_WITHIN_MS });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Photos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Photo wall' }).waitFor({ timeout: LIVE });
    // A cold start offline on a page never opened: the shell comes from the precache too.
    await page.goto(`${stack.url}/inbox`);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor({ timeout: LIVE });
    await screenshot(page, 'offline-unvisited-page');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().setOffline(false);
    expect(uncaught(page)).toEqual([]);
  }, 120_000);
});

describe('after a deploy', () => {
  /** A page on the old version with no service worker (first visit not over, or none supported). */
  let stale: Page;
  /** A page on the old version that its service worker controls. */
  let controlled: Page;
  let oldEntry: string;
  let newEntry: string;

  const entryScript = (html: string) => entryScriptOf(html)!;

  beforeAll(async () => {
    stale = await newPage({ serviceWorkers: 'block' });
    // The fallbacks are fetched once the page has loaded; wait for that before the deploy.
    const fallbackLoaded = stale.waitForResponse((response) => /\/assets\/ErrorFallback-[^/]+\.js$/.test(response.url()), { timeout: LIVE });
    await stale.goto(stack.url);
    await stale.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await fallbackLoaded;

    controlled = await newPage();
    await controlled.goto(stack.url);
    await controlled.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await waitForServiceWorker(controlled);

    oldEntry = entryScript(await (await fetch(stack.url)).text());
    await stack.redeploy();
    newEntry = entryScript(await (await fetch(stack.url)).text());
    expect(newEntry).not.toBe(oldEntry);
  }, 240_000);

  it('a page still on the old version shows a reload prompt for a chunk the deploy removed, and reloading recovers', async () => {
    await stale.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).click();
    const prompt = stale.getByRole('alert').filter({ has: stale.getByRole('heading', { name: 'This page could not be loaded' }) });
    await prompt.waitFor({ timeout: LIVE });
    // The layout stays: only the page is replaced.
    expect(await stale.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await screenshot(stale, 'deploy-stale-chunk-prompt');
    expect(await seriousA11yViolations(stale)).toEqual([]);

    await Promise.all([stale.waitForEvent('load', { timeout: LIVE }), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await stale.getByRole('heading', { level: 1, name: 'News' }).waitFor({ timeout: LIVE });
    expect(await stale.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'))).toBe(newEntry);
    expect(uncaught(stale)).toEqual([]);
  }, 120_000);

  it('a page its service worker controls offers the new version, and reloading from the prompt activates it', async () => {
    // The old worker serves the old version on this reload, and the browser finds the new one.
    await controlled.reload();
    const prompt = controlled.getByRole('status').filter({ hasText: 'A new version is ready' });
    await prompt.waitFor({ timeout: LIVE });
    expect(await controlled.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'))).toBe(oldEntry);
    await screenshot(controlled, 'deploy-update-prompt');
    expect(await seriousA11yViolations(controlled)).toEqual([]);

    await Promise.all([controlled.waitForEvent('load', { timeout: LIVE }), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await controlled.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    expect(await controlled.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'))).toBe(newEntry);
    expect(await prompt.count()).toBe(0);
    expect(uncaught(controlled)).toEqual([]);
  }, 120_000);
});
