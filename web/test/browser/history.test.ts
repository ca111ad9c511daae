// @vitest-environment node
/**
 * The festival's History (issue 35) in Chromium against the whole local stack, on a phone: the
 * seed's staff account (the festival's admin) signs in with its second factor, publishes an
 * announcement from the console, and the History lists it (recorded by the audit trail's
 * trigger, by the staff member's name) with its fields; the page fits 390 px and axe finds no
 * serious violation, light and dark, in English and Dutch. Screenshots go to test-results/web/
 * (history-*).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const LIVE = 60_000;
let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('history-test', (session) => {
  ({ stack } = session);
});

async function checkLooks(page: Page, label: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${label}: scrollWidth`).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousA11yViolations(page), `${label}: axe`).toEqual([]);
  await screenshot(page, `history-${label}`);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Colours ease into the dark theme: axe reads them once the transitions are over.
  await page.evaluate(async () => {
    const easing = () => document.getAnimations().filter((animation) => animation instanceof CSSTransition && animation.playState === 'running');
    for (let running = easing(); running.length > 0; running = easing()) await Promise.allSettled(running.map((animation) => animation.finished));
  });
  expect(await seriousA11yViolations(page), `${label}: axe, dark`).toEqual([]);
  await screenshot(page, `history-${label}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the festival’s History', () => {
  it('lists an announcement staff just published, by whom, readable and accessible on a phone in both languages', async () => {
    const staff = stack.accounts.find((account) => account.role === 'staff')!;
    const page = await newPage({ viewport: PHONE });
    await signIn(page, stack.url, staff.email, staff.password);
    await page.goto(`${stack.url}/staff/announcements`);
    await page.getByLabel('Title in English').fill('Gates open');
    await page.getByLabel('Message in English').fill('The gates are open: welcome to the festival.');
    await page.getByRole('button', { name: 'Publish announcement' }).click();
    await page.getByRole('status').filter({ hasText: '“Gates open” is published' }).waitFor({ timeout: LIVE });

    await page.locator('.staff-nav a[href="/staff/history"]').click({ timeout: LIVE });
    await page.getByRole('heading', { level: 1, name: 'History' }).waitFor({ timeout: LIVE });
    // The trigger may still be writing the entry: the page reads once, so look again until it is there.
    const entry = page.getByRole('heading', { level: 2, name: 'Added: Announcement “Gates open”' });
    for (let attempt = 0; attempt < 20 && !(await entry.isVisible()); attempt += 1) {
      await page.waitForTimeout(1_000);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'History' }).waitFor({ timeout: LIVE });
    }
    await entry.waitFor({ timeout: LIVE });
    const item = page.getByRole('listitem').filter({ has: entry });
    // Named as the team knows them (their staff document), never by a raw id.
    expect(await item.textContent()).toMatch(/^Added: Announcement “Gates open”Sam Staff, .+ in the console/);
    expect(await item.textContent()).not.toContain('authorUid');
    expect(await item.getByText('Title', { exact: true }).locator('..').textContent()).toBe('TitleGates open');
    await checkLooks(page, 'en');

    await page.evaluate(() => window.localStorage.setItem('encore.locale', 'nl'));
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Toegevoegd: Bericht “Gates open”' }).waitFor({ timeout: LIVE });
    await checkLooks(page, 'nl');
    expect(uncaught(page)).toEqual([]);
  }, 400_000);
});
