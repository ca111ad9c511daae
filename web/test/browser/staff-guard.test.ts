// @vitest-environment node
/**
 * What staff write is not lost by accident, and the console fits (issue 36), in Chromium
 * against the whole local stack, signed in as the seed's festival admin with their second
 * factor:
 * - the console's header and menu fit every width from 360 to 1920 px on every section
 *   (`document.documentElement.scrollWidth <= innerWidth`);
 * - a "new" info page under an address that exists is refused in the form, and one that was
 *   created meanwhile (while this phone was offline) is refused by the server when the queued
 *   write arrives: the existing page stays as it was, and the form says why;
 * - the dashboard's Favourites and Reactions tiles lead to their lists (per set, per photo);
 * - the programme editor marks each set that overlaps another on its stage.
 */
import { getFirestore } from 'firebase-admin/firestore';
import type { App } from 'firebase-admin/app';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { SEED_FESTIVAL_ID, encore2026 } from '@encore/model/seed';
import { phoneAndLaptopLooks, seriousA11yViolations, seriousA11yViolationsInLooks, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const LIVE = 60_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('staff-guard-test', (session) => {
  ({ stack, admin } = session);
});

const WIDTHS = [360, 390, 768, 1280, 1920];
const seed = encore2026();
const LOOKS = phoneAndLaptopLooks({ width: 390, height: 844 }, { width: 1280, height: 800 });

/** The elements that reach past the viewport's right edge (for the failure message): tag.class (right edge). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 && element.getClientRects().length > 0)
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(element.getBoundingClientRect().right)})`),
  );

/** The section's own content is in: a heading of its own under the console's, and nothing still loading. */
async function sectionShown(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const visible = (element: Element) => element.getClientRects().length > 0;
      const headings = [...document.querySelectorAll('.site-main :is(h1, h2)')].filter(visible);
      return headings.length >= 2 && ![...document.querySelectorAll('.site-main .loading')].some(visible);
    },
    undefined,
    { timeout: LIVE },
  );
}

async function signInAsStaff(page: Page): Promise<void> {
  const staff = stack.accounts.find((account) => account.role === 'staff')!;
  await signIn(page, stack.url, staff.email, staff.password);
}

describe('the staff console', () => {
  it('fits every width from 360 to 1920 px on every section: nothing pushes the page sideways', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await signInAsStaff(page);
    await page.goto(`${stack.url}/staff`);
    await page.locator('.staff-nav a').first().waitFor({ timeout: LIVE });
    const sections = await page.locator('.staff-nav a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(sections.length).toBeGreaterThanOrEqual(10);
    // The email in the header is shortened with an ellipsis where room is short; its full text is its title.
    const staff = stack.accounts.find((account) => account.role === 'staff')!;
    expect(await page.locator('.account-link').getAttribute('title')).toBe(staff.email);
    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of sections) {
        await page.locator(`.staff-nav a[href="${path}"]`).click({ timeout: LIVE });
        await page.locator(`.staff-nav a[href="${path}"][aria-current="page"]`).waitFor({ timeout: LIVE });
        await sectionShown(page);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
        if (scrollWidth > innerWidth) problems.push(`${width} px ${path}: scrollWidth ${scrollWidth}; ${(await overflowing(page)).join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    expect(uncaught(page)).toEqual([]);
  }, 400_000);

  it('refuses a new info page whose address exists, in the form and, after an offline queue, on the server; the existing page stays', async () => {
    const lockers = firestorePaths.infoPage(SEED_FESTIVAL_ID, 'lockers');
    const before = (await getFirestore(admin).doc(lockers).get()).data();
    const page = await newPage();
    await signInAsStaff(page);
    await page.goto(`${stack.url}/staff/info`);
    await page.getByRole('heading', { name: 'Practical information' }).waitFor({ timeout: LIVE });

    // 1. The form knows the page: it says so before anything is written.
    await page.getByLabel('Address (lowercase letters, digits, dashes)').fill('lockers');
    await page.getByLabel('Title').first().fill('Lockers (new)');
    await page.getByRole('button', { name: 'Save the page' }).click();
    await page.getByRole('alert').filter({ hasText: 'A page with the address lockers exists: open it or choose another address.' }).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(page), 'axe: the refusal').toEqual([]);
    await page.getByRole('button', { name: 'Open “Lockers”' }).click();
    await expect.poll(() => page.getByLabel('Address (lowercase letters, digits, dashes)').inputValue()).toBe('lockers');
    expect(await page.getByLabel('Title').first().inputValue()).toBe('Lockers');
    expect((await getFirestore(admin).doc(lockers).get()).data()).toEqual(before);

    // 2. Offline, another device creates "cloakroom"; this phone's "new" page of that address
    //    waits in its queue and is refused when it arrives: nothing is overwritten.
    await page.getByLabel('Page').selectOption('');
    await page.context().setOffline(true);
    const cloakroom = firestorePaths.infoPage(SEED_FESTIVAL_ID, 'cloakroom');
    const theirs = { order: 65, title: { en: 'Cloakroom', nl: 'Garderobe' }, body: { en: 'By the main gate.', nl: 'Bij de hoofdingang.' }, updatedAt: new Date() };
    await getFirestore(admin).doc(cloakroom).set(theirs);
    await page.getByLabel('Address (lowercase letters, digits, dashes)').fill('cloakroom');
    await page.getByLabel('Title').first().fill('Coats');
    await page.getByRole('button', { name: 'Save the page' }).click();
    await page.getByRole('status').filter({ hasText: '“Coats” is saved' }).waitFor({ timeout: LIVE });
    await page.context().setOffline(false);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: cloakroom was created meanwhile (on another device, or while this one was offline). Nothing was overwritten' })
      .waitFor({ timeout: 90_000 });
    expect(await seriousA11yViolations(page), 'axe: the server’s refusal').toEqual([]);
    const stored = (await getFirestore(admin).doc(cloakroom).get()).data()!;
    expect({ order: stored['order'], title: stored['title'], body: stored['body'] }).toEqual({ order: theirs.order, title: theirs.title, body: theirs.body });
    // The form is a new page again: saving once more never edits theirs.
    expect(await page.getByRole('button', { name: 'Delete the page' }).count()).toBe(0);
    expect(uncaught(page)).toEqual([]);
  }, 240_000);

  it('leads from the dashboard’s Favourites and Reactions tiles to their lists, most first, axe clean in both languages', async () => {
    const firestore = getFirestore(admin);
    // A favourite as the app writes it: the trigger publishes live/sets, which the list reads.
    const set = seed.performances[5]!;
    await firestore.doc(firestorePaths.favorite('tiles-fan', set.id)).set({ festivalId: SEED_FESTIVAL_ID, performanceId: set.id, createdAt: new Date() });
    // No photos in this stack: the published reactions of two photos, as functions publish them.
    await firestore.doc(firestorePaths.livePhotos(SEED_FESTIVAL_ID)).set({
      reactions: { 'photo-a': { createdAt: new Date('2026-08-14T20:00:00Z'), love: 2 }, 'photo-b': { createdAt: new Date('2026-08-14T21:00:00Z'), fire: 4, clap: 1 } },
      wall: [{ id: 'photo-b', uploaderUid: 'umar', uploaderName: 'Umar', performanceId: set.id, width: 800, height: 600, thumbnails: [], dominantColor: null, placeholder: null, capturedAt: null, createdAt: new Date('2026-08-14T21:00:00Z') }],
      publishedAt: new Date(),
    });
    const artist = seed.artists.find((candidate) => candidate.id === set.data.artistId)!.data.name;
    const page = await newPage();
    await signInAsStaff(page);
    await page.goto(`${stack.url}/staff`);
    const whole = page.getByRole('heading', { name: 'The whole festival' });
    await whole.waitFor({ timeout: LIVE });

    await page.locator('a.stat', { hasText: /^Favourites\d/ }).click();
    await page.getByRole('heading', { name: 'Favourites per set' }).waitFor({ timeout: LIVE });
    const row = page.locator('tbody tr', { has: page.getByRole('link', { name: artist, exact: true }) }).first();
    await expect.poll(async () => Number(await row.locator('td').last().textContent()), { timeout: LIVE }).toBeGreaterThanOrEqual(1);
    const counts = (await page.locator('tbody tr td:last-child').allTextContents()).map(Number);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    expect(await seriousA11yViolationsInLooks(page, LOOKS, (look) => `staff-guard-favourites-${look.device}-${look.colorScheme}`)).toEqual({});

    await page.getByRole('link', { name: '← Dashboard' }).click();
    await whole.waitFor({ timeout: LIVE });
    await page.locator('a.stat', { hasText: /^Reactions\d/ }).first().click();
    await page.getByRole('heading', { name: 'Reactions per photo' }).waitFor({ timeout: LIVE });
    await page.locator('tbody tr').nth(1).waitFor({ timeout: LIVE });
    expect(await page.locator('tbody tr').evaluateAll((rows) => rows.map((tableRow) => [...tableRow.querySelectorAll('td')].map((cell) => cell.textContent!.trim())))).toEqual([
      [expect.stringMatching(new RegExp(`^${artist} · .* · Umar$`)), '🔥 Fire 4 · 👏 Applause 1', '5'],
      [expect.stringMatching(/^photo-a · /), '❤️ Love 2', '2'],
    ]);
    expect(await seriousA11yViolationsInLooks(page, LOOKS, (look) => `staff-guard-reactions-${look.device}-${look.colorScheme}`)).toEqual({});
    await page.evaluate(() => window.localStorage.setItem('encore.locale', 'nl'));
    await page.reload();
    await page.getByRole('heading', { name: 'Reacties per foto' }).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(page), 'axe, Dutch').toEqual([]);
    await page.goto(`${stack.url}/staff/figures/favourites`);
    await page.getByRole('heading', { name: 'Favorieten per set' }).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(page), 'axe, Dutch').toEqual([]);
    expect(uncaught(page)).toEqual([]);
  }, 240_000);

  it('marks each set that overlaps another on its stage in the programme editor', async () => {
    const first = seed.performances.toSorted((a, b) => a.data.startsAt.getTime() - b.data.startsAt.getTime())[0]!;
    const quarter = 15 * 60_000;
    await getFirestore(admin)
      .doc(firestorePaths.performance(SEED_FESTIVAL_ID, 'guard-overlap'))
      .set({ ...first.data, startsAt: new Date(first.data.startsAt.getTime() + quarter), endsAt: new Date(first.data.endsAt.getTime() + quarter), title: 'Overlap test' });
    const page = await newPage({ viewport: { width: 1280, height: 800 } });
    await signInAsStaff(page);
    await page.goto(`${stack.url}/staff/programme`);
    await page.getByRole('heading', { name: 'Programme editor' }).waitFor({ timeout: LIVE });
    const artist = seed.artists.find((candidate) => candidate.id === first.data.artistId)!.data.name;
    const mark = expect.stringMatching(new RegExp(`^Overlaps ${artist} \\(.*\\) on this stage$`));
    // Both sets, each naming the other (the live listener may first show the programme without the new set).
    await expect.poll(() => page.locator('.overlap-mark').allTextContents(), { timeout: LIVE }).toEqual([mark, mark]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await getFirestore(admin).doc(firestorePaths.performance(SEED_FESTIVAL_ID, 'guard-overlap')).delete();
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});
