// @vitest-environment node
/**
 * Accounts only when a visitor first needs one (issue 38: browsing alone costs Identity
 * Platform no monthly active user), in Chromium against the whole local stack, production
 * build, on a phone during the festival: a new visitor who opens the programme, the line-up
 * and the map has no account (none in the Auth emulator, none in the page's Auth storage, no
 * sign-up request); their first heart makes one, and the heart is in Firestore under it and
 * still given after a reload. Then the same first heart given offline: shown at once, written
 * once when the connection returns. And the photo wall: browsing it makes no account, the
 * first reaction does.
 */
import { firestorePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { seedSamplePhotos } from '@encore/emulators/seed';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const seed = encore2026();
const LIVE = 60_000;
/**
 * How long to watch, once the Auth SDK is up, for a sign-up it would start on its own: the old
 * app's anonymous sign-in went out in the same task as the SDK's start.
 */
const QUIET_MS = 2_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('lazy-account-test', (session) => {
  ({ stack, admin } = session);
});

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;
const heart = (page: Page, performanceId: string) => {
  const set = seed.performances.find((performance) => performance.id === performanceId)!;
  return page.getByRole('button', { name: new RegExp(`^Favourite ${artistName(set.data.artistId)},`) });
};

/** The uids of the Auth emulator's anonymous accounts (the seed's test accounts all have an email). */
async function anonymousAccounts(): Promise<string[]> {
  const { users } = await getAuth(admin).listUsers(1000);
  return users.filter((user) => user.providerData.length === 0 && !user.email).map((user) => user.uid);
}

/**
 * Sign-ups (what an anonymous sign-in sends) the page makes from now on: `sent` every request,
 * `made` those the Auth emulator answered with an account (one sent offline fails).
 */
function countSignUps(page: Page): { sent(): number; made(): number } {
  let sent = 0;
  let made = 0;
  page.on('request', (request) => {
    if (request.url().includes('accounts:signUp')) sent += 1;
  });
  page.on('requestfinished', (request) => {
    if (!request.url().includes('accounts:signUp')) return;
    void request.response().then((response) => {
      if (response?.ok()) made += 1;
    });
  });
  return { sent: () => sent, made: () => made };
}

/** Waits until the Auth SDK has started on the page (its IndexedDB store exists), then gives the user it keeps there, if any. */
async function persistedAuthUsers(page: Page): Promise<string[]> {
  await page.waitForFunction(async () => (await indexedDB.databases()).some((database) => database.name === 'firebaseLocalStorageDb'), undefined, { timeout: LIVE });
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          if (!database.objectStoreNames.contains('firebaseLocalStorage')) return resolve([]);
          const keys = database.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').getAllKeys();
          keys.onerror = () => reject(keys.error);
          keys.onsuccess = () => resolve(keys.result.map(String).filter((key) => key.startsWith('firebase:authUser:')));
        };
      }),
  );
}

async function favouritesOnServer(performanceId: string): Promise<string[]> {
  const found = await getFirestore(admin).collectionGroup('favorites').where('performanceId', '==', performanceId).get();
  return found.docs.map((snapshot) => snapshot.ref.path);
}

describe('Accounts on first need', () => {
  it('a visitor who only browses the programme, the line-up and the map has no account; the first heart makes one and keeps the heart', async () => {
    const before = await anonymousAccounts();
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    const signUps = countSignUps(page);

    await page.goto(stack.url);
    await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
    await page.goto(`${stack.url}/lineup`);
    await page.locator('[data-lineup-artist]').first().waitFor({ timeout: LIVE });
    await page.goto(`${stack.url}/map`);
    await page.locator('.site-plan .map-marker').first().waitFor({ timeout: LIVE });

    expect(await persistedAuthUsers(page)).toEqual([]);
    await page.waitForTimeout(QUIET_MS);
    expect(signUps.sent()).toBe(0);
    expect(await persistedAuthUsers(page)).toEqual([]);
    expect(await anonymousAccounts()).toEqual(before);

    // The first heart: an account now, and the heart under it.
    const set = seed.performances[30]!;
    await page.goto(`${stack.url}/performances/${set.id}`);
    await heart(page, set.id).waitFor({ timeout: LIVE });
    const signedUp = page.waitForResponse((response) => response.url().includes('accounts:signUp') && response.ok(), { timeout: LIVE });
    await heart(page, set.id).click();
    await signedUp;
    await page.getByRole('button', { name: new RegExp(`^Favourite ${artistName(set.data.artistId)},`), pressed: true }).waitFor({ timeout: LIVE });
    await expect.poll(() => favouritesOnServer(set.id), { timeout: LIVE }).toHaveLength(1);
    const made = (await anonymousAccounts()).filter((uid) => !before.includes(uid));
    expect(made).toHaveLength(1);
    expect(await favouritesOnServer(set.id)).toEqual([`users/${made[0]}/favorites/${set.id}`]);
    expect(signUps.made()).toBe(1);
    await screenshot(page, 'lazy-account-first-heart');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^Favourite ${artistName(set.data.artistId)},`), pressed: true }).waitFor({ timeout: LIVE });
    expect(signUps.made()).toBe(1);
    expect(await anonymousAccounts()).toEqual(expect.arrayContaining(made));
    expect((await anonymousAccounts()).length).toBe(before.length + 1);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('a first heart given offline shows at once as waiting, then makes the account and is written once when the connection returns', async () => {
    const before = await anonymousAccounts();
    const set = seed.performances[31]!;
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    const signUps = countSignUps(page);
    await page.goto(`${stack.url}/performances/${set.id}`);
    await heart(page, set.id).waitFor({ timeout: LIVE });
    expect(await persistedAuthUsers(page)).toEqual([]);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });

    await page.context().setOffline(true);
    await heart(page, set.id).click();
    const pending = page.getByRole('button', { name: /, waiting to sync$/, pressed: true });
    await pending.waitFor({ timeout: LIVE });
    // The personal schedule shows it at once.
    await page.getByRole('link', { name: 'My schedule' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My schedule' }).waitFor({ timeout: LIVE });
    await page.getByText(artistName(set.data.artistId)).first().waitFor({ timeout: LIVE });
    // It asked for an account (the sign-up fails offline): none made yet.
    expect(signUps.made()).toBe(0);
    expect(await anonymousAccounts()).toEqual(before);

    await page.context().setOffline(false);
    await expect.poll(() => favouritesOnServer(set.id), { timeout: LIVE }).toHaveLength(1);
    const made = (await anonymousAccounts()).filter((uid) => !before.includes(uid));
    expect(made).toHaveLength(1);
    expect(await favouritesOnServer(set.id)).toEqual([`users/${made[0]}/favorites/${set.id}`]);
    await page.goto(`${stack.url}/performances/${set.id}`);
    await page.getByRole('button', { name: new RegExp(`^Favourite ${artistName(set.data.artistId)},`), pressed: true }).waitFor({ timeout: LIVE });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('encore.pendingFavorites.')))).toEqual([]);
    expect(await favouritesOnServer(set.id)).toHaveLength(1);
    expect(signUps.made()).toBe(1);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('a visitor who opens the photo wall and a photo has no account; their first reaction shows at once, makes one, and is stored under it', async () => {
    // The seed's sample photos, through the pipeline onto the wall.
    await seedSamplePhotos({ projectId: stack.projectId });
    const ready = getFirestore(admin).collection(firestorePaths.photos(seed.festivalId)).where('status', '==', 'ready');
    await expect.poll(async () => (await ready.get()).size, { timeout: 240_000, interval: 1_000 }).toBeGreaterThan(0);
    const before = await anonymousAccounts();
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    const signUps = countSignUps(page);
    // What the page said, for the failure below (it has been seen twice and not explained yet: README).
    const said: string[] = [];
    page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
    await page.goto(`${stack.url}/photos`);
    await page.locator('.photo-tile').first().waitFor({ timeout: 120_000 });
    await page.locator('.photo-tile').first().click();
    const love = page.getByRole('dialog').getByRole('button', { name: /^Love \d+$/ });
    await love.waitFor({ timeout: LIVE });
    expect(await persistedAuthUsers(page)).toEqual([]);
    await page.waitForTimeout(QUIET_MS);
    expect(signUps.sent()).toBe(0);

    await love.click();
    await page.getByRole('dialog').getByRole('button', { name: /^Love \d+$/, pressed: true }).waitFor({ timeout: LIVE });
    const newAccounts = async () => (await anonymousAccounts()).filter((uid) => !before.includes(uid));
    await expect.poll(newAccounts, { timeout: LIVE }).toHaveLength(1);
    const [uid] = await newAccounts();
    const reactionKinds = async () => (await getFirestore(admin).collectionGroup('reactions').get()).docs.filter((snapshot) => snapshot.id === uid).map((snapshot) => snapshot.get('kind') as string);
    await expect.poll(reactionKinds, { timeout: LIVE }).toEqual(['love']);
    expect(signUps.made()).toBe(1);
    // Still shown as given once stored. Read until it holds: CI once read it unpressed here
    // although stored; a batch the rules refuse (a stale toggle window) is rolled back before
    // the app writes it again (toggle-limit.ts), and the listener can show that moment.
    try {
      await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: /^Love \d+$/ }).getAttribute('aria-pressed'), { timeout: LIVE }).toBe('true');
    } catch (failure) {
      const dialog = await page.getByRole('dialog').innerText().catch((error: unknown) => String(error));
      throw new Error(`Love shown unpressed though stored. The dialog: ${JSON.stringify(dialog)}. The page's console: ${JSON.stringify(said.slice(-40))}`, { cause: failure });
    }
    expect(uncaught(page)).toEqual([]);
  }, 480_000);
});
