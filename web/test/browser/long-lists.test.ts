// @vitest-environment node
/**
 * Finding one's way in long lists (issue 37), in Chromium against the whole local stack
 * (production build): the line-up's index jumps to a letter (A-Z) or a day (by day) by tap and
 * by keyboard, the section's heading taking the focus just under the sticky strip; axe finds
 * no violation at all (heading order included) on /lineup at 390 and 1280 px, light and dark,
 * in both orders. On the phone timeline, the stage picker brings a stage off to the right into
 * view (by tap and by keyboard), and two of my sets that overlap carry a clash mark naming
 * each other. Screenshots in test-results/web/ (long-lists-*).
 */
import { festivalDayOf, firestorePaths } from '@encore/model';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { encore2026 } from '@encore/model/seed';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneAndLaptopLooks, screenshot, showIn, signIn } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const seed = encore2026();
const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 860 };
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('long-lists-test', (session) => {
  ({ stack, admin } = session);
});

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;
const stageName = (stageId: string) => seed.stages.find((stage) => stage.id === stageId)!.data.name;

/** Every axe violation, whatever its impact (heading-order is "moderate"): id and the first targets. */
async function allA11yViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 3).map((node) => String(node.target[0])) }));
  });
}

/** Where a heading sits against the sticky index strip: its top just below the strip's bottom, and whether it has the focus. */
async function headingPlace(page: Page, name: string) {
  return page.evaluate((text) => {
    const heading = [...document.querySelectorAll('.lineup-group h2')].find((element) => element.textContent === text)!;
    const strip = document.querySelector('.lineup-index')!.getBoundingClientRect();
    return { gap: heading.getBoundingClientRect().top - strip.bottom, focused: document.activeElement === heading, stripTop: strip.top };
  }, name);
}

describe('the line-up index', () => {
  it('jumps to a letter by tap and by keyboard, the letter\'s heading under the strip with the focus; by day, to a day', async () => {
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await page.goto(`${stack.url}/lineup`);
    await page.locator('[data-lineup-artist]').first().waitFor({ timeout: LIVE });
    const index = page.getByRole('navigation', { name: 'Jump to a letter' });
    const letters = await index.getByRole('link').allInnerTexts();
    const initials = [...new Set(seed.artists.map((artist) => artist.data.name.normalize('NFD').charAt(0).toUpperCase()))].sort();
    expect(letters).toEqual(initials);
    // One section per letter, in the index's order, each artist under their initial.
    expect(await page.locator('.lineup-group h2').allInnerTexts()).toEqual(letters);
    expect(await page.locator('[data-lineup-artist]').count()).toBe(seed.artists.length);

    // A letter half-way (the last ones cannot scroll up to the strip: the page ends first).
    const last = letters[Math.floor(letters.length / 2)]!;
    await index.getByRole('link', { name: last, exact: true }).click();
    await expect.poll(() => headingPlace(page, last)).toMatchObject({ focused: true });
    const place = await headingPlace(page, last);
    expect(place.gap).toBeGreaterThanOrEqual(0);
    expect(place.gap).toBeLessThan(24);
    // The strip stuck under the header, still at hand.
    expect(place.stripTop).toBeGreaterThan(0);
    expect(place.stripTop).toBeLessThan(80);
    // Tab from the heading goes on to the letter's first artist.
    await page.keyboard.press('Tab');
    const firstUnderLast = page.locator('.lineup-group').filter({ has: page.getByRole('heading', { level: 2, name: last, exact: true }) }).locator('[data-lineup-artist] h3 a').first();
    expect(await firstUnderLast.evaluate((link) => link === document.activeElement)).toBe(true);
    await screenshot(page, 'long-lists-lineup-letter');

    // By keyboard: Enter on a letter link.
    const second = letters[1]!;
    await index.getByRole('link', { name: second, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => headingPlace(page, second)).toMatchObject({ focused: true });
    expect((await headingPlace(page, second)).gap).toBeLessThan(24);

    // By day: the day sections stay, and the index names the days.
    await page.locator('label.segment', { hasText: 'By day' }).click();
    const days = page.getByRole('navigation', { name: 'Jump to a day' });
    await days.waitFor({ timeout: LIVE });
    expect(await days.getByRole('link').count()).toBe(3);
    expect(await page.locator('.lineup-group h2').allInnerTexts()).toEqual(['Friday 14 August', 'Saturday 15 August', 'Sunday 16 August']);
    // Short day names ("Sat 15"), each the day's own link.
    const dayLinks = await days.getByRole('link').allInnerTexts();
    expect(dayLinks.map((text) => [/Fri/.test(text), text.match(/\d+/)?.[0]])).toEqual([[true, '14'], [false, '15'], [false, '16']]);
    await days.getByRole('link', { name: dayLinks[1]! }).click();
    await expect.poll(() => headingPlace(page, 'Saturday 15 August')).toMatchObject({ focused: true });
    expect((await headingPlace(page, 'Saturday 15 August')).gap).toBeLessThan(24);
    await screenshot(page, 'long-lists-lineup-day');
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('is named in Dutch, letters and days', async () => {
    const page = await newPage({ locale: 'nl-NL', at: FESTIVAL_SATURDAY_NINE });
    await page.goto(`${stack.url}/lineup?sort=day`);
    const days = page.getByRole('navigation', { name: 'Spring naar een dag' });
    await days.getByRole('link', { name: /za/ }).click();
    await expect.poll(() => headingPlace(page, 'zaterdag 15 augustus')).toMatchObject({ focused: true });
    await page.goto(`${stack.url}/lineup`);
    await page.getByRole('navigation', { name: 'Spring naar een letter' }).getByRole('link').first().waitFor({ timeout: LIVE });
  }, 120_000);

  it('axe finds no violation at all on /lineup, A-Z and by day, at 390 and 1280 px, light and dark', async () => {
    const page = await newPage({ viewport: PHONE, colorScheme: 'light', at: FESTIVAL_SATURDAY_NINE });
    const found: Record<string, unknown> = {};
    for (const sort of ['', '?sort=day']) {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${stack.url}/lineup${sort}`);
      await page.locator('[data-lineup-artist]').first().waitFor({ timeout: LIVE });
      for (const look of phoneAndLaptopLooks(PHONE, LAPTOP)) {
        await showIn(page, look);
        const violations = await allA11yViolations(page);
        if (violations.length > 0) found[`${sort || 'az'} ${look.device} ${look.colorScheme}`] = violations;
      }
    }
    expect(found).toEqual({});
  }, 300_000);
});

describe('the phone timeline', () => {
  const saturday = seed.performances.filter(({ data }) => festivalDayOf(data.startsAt, seed.festival) === '2026-08-15');

  async function openSaturday(page: Page): Promise<void> {
    await page.goto(`${stack.url}/?day=2026-08-15`);
    await page.locator('.timeline [data-set-id]').first().waitFor({ timeout: LIVE });
  }

  /** The stage column's left edge against the timeline's hour axis, and whether it is whole on screen. */
  const columnPlace = (page: Page, name: string) =>
    page.evaluate((stage) => {
      const section = [...document.querySelectorAll('.timeline-stage')].find((element) => element.querySelector('h3')!.textContent === stage)!.getBoundingClientRect();
      const axis = document.querySelector('.timeline-axis')!.getBoundingClientRect();
      return { fromAxis: Math.round(section.left - axis.right), whole: section.left >= axis.right && section.right <= window.innerWidth };
    }, name);

  it('brings a stage off to the right into view with the stage picker, by tap and by keyboard', async () => {
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await openSaturday(page);
    const stages = [...seed.stages].sort((a, b) => a.data.order - b.data.order).map((stage) => stage.data.name);
    const last = stages.at(-1)!;
    expect((await columnPlace(page, last)).whole).toBe(false);

    // Pressed as soon as the page shows: the picker's code loads after the sets, and the menu opens once it is in.
    await page.getByRole('button', { name: 'Go to a stage' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor({ timeout: LIVE });
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(stages);
    await menu.getByRole('menuitem', { name: last }).click();
    // The last column comes whole into view (the timeline scrolls no further than its end).
    await expect.poll(() => columnPlace(page, last)).toMatchObject({ whole: true });
    // The stage names above follow the columns.
    const nameLeft = await page.locator('.timeline-stage-name', { hasText: last }).evaluate((name) => name.getBoundingClientRect().left);
    const columnLeft = await page.locator('.timeline-stage', { has: page.getByRole('heading', { name: last }) }).evaluate((section) => section.getBoundingClientRect().left);
    expect(Math.abs(nameLeft - columnLeft)).toBeLessThan(2);
    await screenshot(page, 'long-lists-timeline-stage');

    // By keyboard: the picker opens on Enter, arrows move, Enter picks; back to the first stage.
    await page.getByRole('button', { name: 'Go to a stage' }).focus();
    await page.keyboard.press('Enter');
    await menu.waitFor({ timeout: LIVE });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(stages[0]);
    // Down to the third stage: a column in the middle lands right of the hour axis.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => columnPlace(page, stages[2]!)).toMatchObject({ whole: true });
    expect((await columnPlace(page, stages[2]!)).fromAxis).toBeLessThanOrEqual(8);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('marks two of my sets that overlap as a clash, each naming the other', async () => {
    // Two Saturday evening sets on two stages that play at the same time.
    const first = saturday.find(({ data }) => data.stageId === 'the-pier' && data.startsAt >= new Date('2026-08-15T20:00:00+02:00'))!;
    const second = saturday.find(({ data }) => data.stageId !== first.data.stageId && data.startsAt < first.data.endsAt && data.endsAt > first.data.startsAt)!;
    expect(second).toBeDefined();
    // The visitor's favourites, written as the app writes them (the heart's own tap is the programme test's).
    const visitor = stack.accounts.find((account) => account.email.startsWith('visitor'))!;
    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await signIn(page, stack.url, visitor.email, visitor.password);
    await openSaturday(page);
    expect(await page.locator('.timeline li[data-clash]').count()).toBe(0);
    const uid = (await getAuth(admin).getUserByEmail(visitor.email)).uid;
    const db = getFirestore(admin);
    const batch = db.batch();
    for (const set of [first, second]) batch.set(db.doc(firestorePaths.favorite(uid, set.id)), { festivalId: seed.festivalId, performanceId: set.id, createdAt: FieldValue.serverTimestamp(), established: true });
    await batch.commit();
    await expect.poll(() => page.locator('.timeline li[data-clash]').count(), { timeout: LIVE }).toBe(2);
    const markOf = (set: typeof first) => page.locator(`.timeline li:has([data-set-id="${set.id}"]) .timeline-clash`);
    expect(await markOf(first).getAttribute('aria-label')).toBe(`Clashes with ${artistName(second.data.artistId)} (${stageName(second.data.stageId)})`);
    expect(await markOf(second).getAttribute('aria-label')).toBe(`Clashes with ${artistName(first.data.artistId)} (${stageName(first.data.stageId)})`);
    await markOf(first).scrollIntoViewIfNeeded();
    await screenshot(page, 'long-lists-timeline-clash');
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});
