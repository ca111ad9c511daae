// @vitest-environment node
/**
 * Messages that reach everyone, in Chromium against the whole local stack (one stack for the
 * file): staff post an urgent announcement through the staff page and a visitor on the
 * Programme page sees it as a banner at once, with the unread count on News, which clears
 * after visiting News and stays cleared after a reload (and on the server, for their other
 * devices); axe finds nothing serious with the banner shown. Then the push flow: the
 * permission prompt only on a click, a device registered with a token from the local push
 * adapter, and an urgent announcement shown by the page's service worker as a real
 * notification. Screenshots go to test-results/web/ (news-*).
 */
import { firestorePaths } from '@encore/model';
import type { App } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const LIVE = 60_000;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 860 };
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('news-test', (session) => {
  ({ stack, admin } = session);
});

const staffAccount = () => stack.accounts.find((candidate) => candidate.role === 'staff')!;
const db = () => getFirestore(admin);
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Main' }).filter({ has: page.locator('.tab') });
const newsTab = (page: Page) => tabBar(page).getByRole('link', { name: /^News/ });

/** Posts an announcement as staff do, through the staff page. */
async function postAsStaff(page: Page, title: string, body: string, urgent: boolean): Promise<void> {
  await page.goto(`${stack.url}/staff/announcements`);
  await page.getByLabel('Title in English').fill(title);
  await page.getByLabel('Message in English').fill(body);
  if (urgent) await page.getByText('Urgent (highlighted)').click();
  await page.getByRole('button', { name: 'Publish announcement' }).click();
  // Urgent ones are confirmed first, having seen how they look and how far they go.
  if (urgent) await page.getByRole('dialog').getByRole('button', { name: 'Send urgent announcement' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `“${title}” is published` })
    .waitFor({ timeout: LIVE })
    .catch(async (error: unknown) => {
      // What the staff page showed instead, and what it threw: a failure on a busy CI box says why.
      const shown = await page.evaluate(() => document.body.innerText.slice(0, 1500)).catch(() => '(page gone)');
      throw new Error(`no "published" status for “${title}” at ${page.url()}; uncaught: ${JSON.stringify(uncaught(page))}; the page showed:\n${shown}`, { cause: error });
    });
}

/** The uid and device of the page's registration for pushes, as the app remembers it. */
async function registeredDevice(page: Page): Promise<{ uid: string; deviceId: string; token: string }> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('encore.push.device') ?? 'null'));
}

describe('urgent news on every page', () => {
  it('a staff member’s urgent announcement shows as a banner on the Programme page; News counts it until visited', async () => {
    const visitor = await newPage();
    await visitor.goto(`${stack.url}/`);
    await visitor.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    // A first visit has not seen the seed's welcome announcement yet.
    await newsTab(visitor).filter({ hasText: '1' }).waitFor({ timeout: LIVE });
    expect(await newsTab(visitor).getAttribute('aria-current')).toBeNull();
    expect(await newsTab(visitor).textContent()).toContain('1 unread announcement');
    await newsTab(visitor).click();
    await visitor.getByRole('heading', { level: 1, name: 'News' }).waitFor({ timeout: LIVE });
    await newsTab(visitor).locator('.nav-badge').waitFor({ state: 'detached', timeout: LIVE });
    await tabBar(visitor).getByRole('link', { name: 'Programme' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });

    const staff = await newPage({ viewport: LAPTOP });
    await signIn(staff, stack.url, staffAccount().email, staffAccount().password);
    await postAsStaff(staff, 'EVACUATE', 'Leave the field by the north gate now. Follow the stewards.', true);

    // The banner reaches the page the visitor is on, with no reload or navigation.
    const banner = visitor.getByRole('alert').filter({ hasText: 'Urgent: EVACUATE' });
    await banner.waitFor({ timeout: LIVE });
    expect(await banner.textContent()).toContain('Leave the field by the north gate now.');
    await newsTab(visitor).filter({ hasText: '1 unread announcement' }).waitFor({ timeout: LIVE });
    // The banner sits in the header; the tab bar stays fully on screen below it.
    const [bannerBox, tabBarBox] = await Promise.all([banner.boundingBox(), tabBar(visitor).boundingBox()]);
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(tabBarBox!.y);
    expect(tabBarBox!.y + tabBarBox!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'news-urgent-banner-phone');

    // In the dark theme too.
    await visitor.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'news-urgent-banner-phone-dark');
    await visitor.emulateMedia({ colorScheme: 'light' });
    // On a laptop the count is in the top navigation.
    await visitor.setViewportSize(LAPTOP);
    const topNews = visitor.locator('.top-nav').getByRole('link', { name: /^News/ });
    expect(await topNews.textContent()).toContain('1 unread announcement');
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'news-urgent-banner-laptop');
    await visitor.setViewportSize(PHONE);

    // Visiting News clears the count, for good: a reload keeps it.
    await newsTab(visitor).click();
    await visitor.getByRole('heading', { level: 3, name: 'Urgent: EVACUATE' }).waitFor({ timeout: LIVE });
    await newsTab(visitor).locator('.nav-badge').waitFor({ state: 'detached', timeout: LIVE });
    // A visitor who only reads has no account (issue 38), so "seen" is kept on this device and no
    // preferences document is written for them (with an account it is: news-store.ts, markNewsSeen).
    const posted = (await db().collection(firestorePaths.announcements('encore-2026')).where('title', '==', 'EVACUATE').get()).docs[0]!;
    const postedAt = posted.get('createdAt').toMillis();
    expect((await db().collection('users').where('newsSeenAt', '>', new Date(postedAt - 1)).get()).size).toBe(0);
    await visitor.goto(`${stack.url}/`);
    await visitor.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await banner.waitFor({ timeout: LIVE });
    expect(await newsTab(visitor).locator('.nav-badge').count()).toBe(0);

    // Dismissed, the banner stays away after a reload; a later urgent one shows again.
    await visitor.getByRole('button', { name: 'Dismiss “EVACUATE”' }).click();
    await banner.waitFor({ state: 'detached', timeout: LIVE });
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await db().collection(firestorePaths.announcements('encore-2026')).add({ title: 'All clear', body: 'You may return to the field.', createdAt: FieldValue.serverTimestamp(), priority: 'urgent' });
    await visitor.getByRole('alert').filter({ hasText: 'Urgent: All clear' }).waitFor({ timeout: LIVE });
    expect(await visitor.getByRole('alert').filter({ hasText: 'EVACUATE' }).count()).toBe(0);
    expect(uncaught(visitor)).toEqual([]);
  }, 240_000);
});

describe('push notifications', () => {
  it('ask for the permission only on a click, and say so when the browser refuses', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      const asked = { count: 0 };
      (window as unknown as { permissionAsked: typeof asked }).permissionAsked = asked;
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        asked.count++;
        return original(...args);
      };
    });
    await page.goto(`${stack.url}/account`);
    const settings = page.getByRole('region', { name: 'Notifications' });
    await settings.getByRole('button', { name: 'Turn on notifications' }).waitFor({ timeout: LIVE });
    expect(await page.evaluate(() => (window as unknown as { permissionAsked: { count: number } }).permissionAsked.count)).toBe(0);
    await settings.getByRole('button', { name: 'Turn on notifications' }).click();
    // Headless Chromium answers a permission request it was not granted with "denied".
    await settings.getByRole('status').filter({ hasText: 'Blocked in this browser’s settings' }).waitFor({ timeout: LIVE });
    expect(await page.evaluate(() => (window as unknown as { permissionAsked: { count: number } }).permissionAsked.count)).toBe(1);
    expect(await registeredDevice(page)).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);

  it('register this device with a local token, and show an urgent announcement through the service worker', async () => {
    const page = await newPage({ permissions: ['notifications'] });
    await page.goto(`${stack.url}/account`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
    const settings = page.getByRole('region', { name: 'Notifications' });
    await settings.getByRole('button', { name: 'Turn on notifications' }).click();
    await settings.getByRole('status').filter({ hasText: 'On for this device' }).waitFor({ timeout: LIVE });
    await screenshot(page, 'news-notification-settings');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const registered = await registeredDevice(page);
    expect(registered.token).toMatch(/^local:[0-9a-f]{48}$/);
    const device = await db().doc(firestorePaths.device(registered.uid, registered.deviceId)).get();
    expect(device.data()).toMatchObject({ token: registered.token, festivalId: 'encore-2026', locale: 'en', userAgent: 'Chrome on Linux' });
    expect(device.get('createdAt').toMillis()).toBe(device.get('updatedAt').toMillis());

    // A reminder lead time is kept in the person's preferences.
    await settings.getByText('15 min', { exact: true }).click();
    await expect.poll(() => settings.getByRole('radio', { name: '15 minutes before' }).isChecked(), { timeout: LIVE }).toBe(true);
    await expect.poll(async () => (await db().doc(firestorePaths.userPreferences(registered.uid)).get()).get('reminderMinutes'), { timeout: LIVE }).toBe(15);

    // Staff post an urgent announcement: functions push it to every registered device; here
    // the local outbox, which the page hands to its service worker.
    const posted = await db().collection(firestorePaths.announcements('encore-2026')).add({
      title: 'Storm warning',
      body: 'The Lakeside stage closes at 22:00.',
      createdAt: FieldValue.serverTimestamp(),
      priority: 'urgent',
    });
    // The service worker's notifications, asked until this one is there (the browser has no event for it).
    const shown = await page.evaluate(
      async ({ title, timeoutMs }) => {
        const registration = await navigator.serviceWorker.ready;
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
          const notification = (await registration.getNotifications()).find((candidate) => candidate.title === title);
          if (notification) return { body: notification.body, tag: notification.tag, data: notification.data as unknown };
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return null;
      },
      { title: 'Urgent: Storm warning', timeoutMs: LIVE },
    );
    expect(shown).toEqual({ body: 'The Lakeside stage closes at 22:00.', tag: `announcement-${posted.id}`, data: { link: '/inbox', kind: 'announcement' } });
    // Shown once, and taken out of the outbox.
    await expect
      .poll(async () => (await db().collection(firestorePaths.localDeliveries(registered.uid, registered.deviceId)).get()).size, { timeout: LIVE })
      .toBe(0);
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(1);

    // Turned off, the device is gone from the server.
    await settings.getByRole('button', { name: 'Turn off on this device' }).click();
    await settings.getByRole('button', { name: 'Turn on notifications' }).waitFor({ timeout: LIVE });
    expect((await db().doc(firestorePaths.device(registered.uid, registered.deviceId)).get()).exists).toBe(false);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});
