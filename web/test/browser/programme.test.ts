// @vitest-environment node
/**
 * The programme, My schedule's calendar and printout, and cancelled sets, in Chromium against
 * the whole local stack (one stack for the file), as a festival-goer meets them: on a
 * 390x844 phone during the festival (the browser's clock set to Saturday 21:00, festival
 * time), the first screen shows sets; the heart on the timeline works in one tap; "Now"
 * jumps to the current time; the filter sheet works by keyboard; axe finds nothing serious
 * in either theme (each state shown once, audited light then dark). The .ics downloaded from My schedule and the subscribable feed carry the
 * same events; the printed timetable is one A4 page; a cancelled set leaves trending and its
 * heart cannot be pressed. Screenshots go to test-results/web/ (programme-*).
 */
import { festivalDayOf, firestorePaths } from '@encore/model';
import { readCalendar, type CalendarContents } from '@encore/model/calendar';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, seriousA11yViolationsInLooks, signIn, type Look } from './browser';
import { FESTIVAL_SATURDAY_NINE as SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 860 };
let stack: LocalStack;
let admin: App;
const { newPage } = useBrowserSession('programme-test', (session) => {
  ({ stack, admin } = session);
});

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;
const stageName = (stageId: string) => seed.stages.find((stage) => stage.id === stageId)!.data.name;
const setsOn = (date: string) => seed.performances.filter(({ data }) => festivalDayOf(data.startsAt, seed.festival) === date);
const account = (prefix: 'visitor' | 'uploader') => stack.accounts.find((candidate) => candidate.email.startsWith(prefix))!;

/** Opens the programme and waits for its sets (not only the shell). */
async function openProgramme(page: Page, path = '/'): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
}

/** The part of the viewport content shows in: below the sticky bar, above the phone's tab bar. */
async function visibleArea(page: Page): Promise<{ top: number; bottom: number; right: number }> {
  return page.evaluate(() => {
    const sticky = document.querySelector('.programme-sticky')!.getBoundingClientRect();
    const tabBar = document.querySelector('.tab-bar')?.getBoundingClientRect();
    return { top: sticky.bottom, bottom: tabBar && tabBar.height > 0 ? tabBar.top : window.innerHeight, right: window.innerWidth };
  });
}

/** Favourites written straight to Firestore for a person, as the app writes them. */
/**
 * Favourites of fans with reputation, as the backend leaves them once judged (`established` from the app,
 * `reputable` from countFavorite, issue 39), so they count in trending too.
 */
async function favourite(uid: string, performanceIds: string[]): Promise<void> {
  const db = getFirestore(admin);
  const batch = db.batch();
  for (const performanceId of performanceIds) batch.set(db.doc(firestorePaths.favorite(uid, performanceId)), { festivalId: F, performanceId, createdAt: FieldValue.serverTimestamp(), established: true, reputable: true });
  await batch.commit();
}

/** The sheet has finished sliding and fading in (react-aria marks it `data-entering` until then): axe measures contrast mid-fade otherwise. */
async function settled(page: Page): Promise<void> {
  await page.locator('.sheet').waitFor({ timeout: LIVE });
  await page.waitForFunction(
    () => {
      const overlay = document.querySelector('.sheet-overlay');
      return overlay !== null && !overlay.matches('[data-entering]') && !overlay.querySelector('[data-entering]') && overlay.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running');
    },
    undefined,
    { timeout: LIVE },
  );
}

const uidOf = async (email: string) => (await getAuth(admin).getUserByEmail(email)).uid;

describe('the programme on a phone during the festival', () => {
  it('shows at least three whole sets on the first screen at 390x844, with the current time in view', async () => {
    const page = await newPage({ at: SATURDAY_NINE });
    await openProgramme(page);
    await page.locator('[data-now-line]').waitFor({ timeout: LIVE });
    // The view is scrolled to now a task after the sets are drawn: measure once it has got there.
    await page.waitForFunction(
      () => {
        const sticky = document.querySelector('.programme-sticky')?.getBoundingClientRect();
        const tabBar = document.querySelector('.tab-bar')?.getBoundingClientRect();
        const line = document.querySelector('[data-now-line]')?.getBoundingClientRect();
        const bottom = tabBar && tabBar.height > 0 ? tabBar.top : window.innerHeight;
        return Boolean(sticky && line && line.y >= sticky.bottom && line.y <= bottom);
      },
      undefined,
      { timeout: LIVE },
    );
    const area = await visibleArea(page);
    const boxes = await page.locator('[data-set-id]').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    const whole = boxes.filter((box) => box.top >= area.top && box.bottom <= area.bottom && box.left >= 0 && box.right <= area.right);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const line = (await page.locator('[data-now-line]').boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(area.top);
    expect(line.y).toBeLessThanOrEqual(area.bottom);
    await screenshot(page, 'programme-phone-now');
  }, 120_000);

  it('favourites a set from the timeline in one tap, and its live count follows', async () => {
    const set = setsOn('2026-08-15').find(({ data }) => data.stageId === 'main-stage' && data.startsAt > SATURDAY_NINE)!;
    const page = await newPage({ at: SATURDAY_NINE });
    await openProgramme(page);
    const heart = page.locator(`[data-set-id="${set.id}"]`).getByRole('button', { name: new RegExp(`^Favourite ${artistName(set.data.artistId)},`) });
    await heart.click();
    await page.locator(`[data-set-id="${set.id}"] button[aria-pressed="true"]`).waitFor({ timeout: LIVE });
    // The count is derived by functions and comes back live.
    await page.locator(`[data-set-id="${set.id}"]`).getByRole('button', { name: `Favourite ${artistName(set.data.artistId)}, 1 fan` }).waitFor({ timeout: LIVE });
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
  }, 120_000);

  it('jumps to now from another day: today’s tab, the current time in view, focus on a set playing now', async () => {
    const page = await newPage({ at: SATURDAY_NINE });
    await openProgramme(page, '/?day=2026-08-14');
    expect(await page.locator('[data-now-line]').count()).toBe(0);
    await page.getByRole('button', { name: 'Jump to now' }).click();
    const saturday = page.getByRole('navigation', { name: 'Festival days' }).getByRole('link', { name: 'Saturday 15 August' });
    await page.waitForFunction(() => document.activeElement?.closest('[data-set-id]') !== null, undefined, { timeout: LIVE });
    expect(await saturday.getAttribute('aria-current')).toBe('page');
    const area = await visibleArea(page);
    const line = (await page.locator('[data-now-line]').boundingBox())!;
    expect(line.y).toBeGreaterThanOrEqual(area.top);
    expect(line.y).toBeLessThanOrEqual(area.bottom);
    const focused = await page.evaluate(() => {
      const set = document.activeElement!.closest<HTMLElement>('[data-set-id]')!;
      return { id: set.dataset['setId']!, link: document.activeElement!.tagName, box: set.getBoundingClientRect().toJSON() as DOMRect };
    });
    const playing = seed.performances.find((performance) => performance.id === focused.id)!.data;
    expect(focused.link).toBe('A');
    expect(playing.startsAt <= SATURDAY_NINE && SATURDAY_NINE < playing.endsAt).toBe(true);
    expect(focused.box.top).toBeLessThan(area.bottom);
    expect(focused.box.right).toBeLessThanOrEqual(area.right);
    await screenshot(page, 'programme-phone-jumped-to-now');
  }, 120_000);

  it('filters by keyboard: the sheet opens from the Filters button, a stage is chosen with Space, Escape closes it', async () => {
    const page = await newPage({ at: SATURDAY_NINE });
    await openProgramme(page);
    const isFocused = (selector: string) => page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let presses = 0; presses < 60 && !(await isFocused('.filters-button')); presses++) await page.keyboard.press('Tab');
    expect(await isFocused('.filters-button')).toBe(true);
    expect(await page.getByRole('button', { name: 'Filters', exact: true }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor({ timeout: LIVE });
    await settled(page);
    const pier = sheet.getByRole('checkbox', { name: 'The Pier' });
    for (let presses = 0; presses < 30 && !(await pier.evaluate((box) => box === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await pier.isChecked()).toBe(true);
    await screenshot(page, 'programme-phone-filters');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached', timeout: LIVE });
    await page.waitForFunction(() => document.activeElement?.matches('.filters-button') ?? false, undefined, { timeout: LIVE });
    expect(await page.getByRole('button', { name: 'Filters, 1 active' }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(new URL(page.url()).searchParams.get('stage')).toBe('the-pier');
    const stagesShown = await page.locator('.timeline-stage').evaluateAll((sections) => sections.map((section) => section.querySelector('h3')!.textContent));
    expect(stagesShown).toEqual(['The Pier']);
    expect(await page.locator('[data-set-id]').count()).toBe(setsOn('2026-08-15').filter(({ data }) => data.stageId === 'the-pier').length);
  }, 120_000);

  it('has no serious accessibility violations in the light and the dark theme: timeline, filter sheet and list, phone and laptop', async () => {
    const findings: Record<string, unknown> = {};
    const check = async (page: Page, name: string, viewport: Look['viewport']) => {
      const looks: Look[] = (['light', 'dark'] as const).map((colorScheme) => ({ device: name, viewport, colorScheme }));
      const found = await seriousA11yViolationsInLooks(page, looks, (look) => `programme-${name}-${look.colorScheme}`);
      if (Object.keys(found).length > 0) findings[name] = found;
      await page.emulateMedia({ colorScheme: 'light' });
    };
    const phone = await newPage({ at: SATURDAY_NINE, colorScheme: 'light' });
    await openProgramme(phone);
    await check(phone, 'phone-timeline', PHONE);
    await phone.getByRole('button', { name: /^Filters/ }).click();
    await phone.getByRole('dialog', { name: 'Filters' }).waitFor({ timeout: LIVE });
    await settled(phone);
    await check(phone, 'phone-filter-sheet', PHONE);
    await phone.keyboard.press('Escape');
    await phone.getByRole('group', { name: 'Show the day as' }).getByRole('button', { name: 'List' }).click();
    await phone.locator('.set-list [data-set-id]').first().waitFor({ timeout: LIVE });
    await check(phone, 'phone-list', PHONE);
    const laptop = await newPage({ at: SATURDAY_NINE, colorScheme: 'light', viewport: LAPTOP });
    await openProgramme(laptop);
    await check(laptop, 'laptop-timeline', LAPTOP);
    expect(findings).toEqual({});
  }, 240_000);
});

/** The events of a calendar keyed by UID, with what both calendars must agree on. */
function eventsByUid(calendar: CalendarContents) {
  return Object.fromEntries(
    calendar.events.map(({ properties, alarms }) => [
      properties['UID'],
      {
        SUMMARY: properties['SUMMARY'],
        DTSTART: properties['DTSTART'],
        DTEND: properties['DTEND'],
        LOCATION: properties['LOCATION'],
        STATUS: properties['STATUS'],
        DESCRIPTION: properties['DESCRIPTION'],
        CATEGORIES: properties['CATEGORIES'],
        // The app's origin differs (the feed links to APP_URL); the page it links to may not.
        URL: new URL(properties['URL']!).pathname,
        VALARM: alarms,
      },
    ]),
  );
}

describe('My schedule: the calendar and the printout', () => {
  it('downloads an .ics that matches the subscribable feed event by event, in the person’s language and with their reminder', async () => {
    const visitor = account('visitor');
    const uid = await uidOf(visitor.email);
    const picks = [setsOn('2026-08-14')[3]!, setsOn('2026-08-15')[10]!, setsOn('2026-08-16')[20]!];
    await favourite(uid, picks.map((set) => set.id));
    await getFirestore(admin).doc(firestorePaths.userPreferences(uid)).set({ locale: 'nl', reminderMinutes: 15, updatedAt: Timestamp.now() });

    const page = await newPage({ viewport: LAPTOP, acceptDownloads: true });
    await signIn(page, stack.url, visitor.email, visitor.password);
    await page.goto(`${stack.url}/my`);
    await page.locator(`[data-set-id="${picks[2]!.id}"]`).waitFor({ timeout: LIVE });
    await page.getByRole('button', { name: 'Export and share' }).click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: LIVE }), page.getByRole('button', { name: 'Add to my calendar (.ics)' }).click()]);
    expect(download.suggestedFilename()).toBe('encore-2026-my-schedule.ics');
    const downloaded = readCalendar(await readFile((await download.path())!, 'utf8'));

    await page.getByRole('button', { name: 'Get my calendar link' }).click();
    const link = page.getByLabel('Your private calendar link');
    await link.waitFor({ timeout: LIVE });
    const response = await fetch(await link.inputValue());
    expect(response.status).toBe(200);
    const feed = readCalendar(await response.text());

    expect(downloaded.properties['X-WR-CALNAME']).toBe('Encore 2026: mijn schema');
    expect(feed.properties['X-WR-CALNAME']).toBe(downloaded.properties['X-WR-CALNAME']);
    expect(downloaded.events.map((event) => event.properties['UID'])).toEqual(picks.map((set) => `${set.id}@${F}.encore`));
    expect(eventsByUid(feed)).toEqual(eventsByUid(downloaded));
    for (const set of picks) {
      const event = eventsByUid(downloaded)[`${set.id}@${F}.encore`]!;
      expect(event.SUMMARY).toBe(set.data.title ? `${artistName(set.data.artistId)} (${set.data.title})` : artistName(set.data.artistId));
      expect(event.LOCATION).toBe(`${stageName(set.data.stageId)}, ${seed.festival.venue}`);
      expect(event.VALARM).toEqual([{ ACTION: 'DISPLAY', DESCRIPTION: `${artistName(set.data.artistId)} op ${stageName(set.data.stageId)} over 15 min`, TRIGGER: '-PT15M' }]);
    }
  }, 180_000);

  it('prints a schedule of 16 sets over the three nights as exactly one A4 page, Clashfinder style', async () => {
    const uploader = account('uploader');
    const uid = await uidOf(uploader.email);
    const picks = [...setsOn('2026-08-14').filter((_, index) => index % 7 === 1).slice(0, 6), ...setsOn('2026-08-15').filter((_, index) => index % 8 === 2).slice(0, 5), ...setsOn('2026-08-16').filter((_, index) => index % 8 === 5).slice(0, 5)];
    expect(picks).toHaveLength(16);
    await favourite(uid, picks.map((set) => set.id));

    const page = await newPage({ viewport: LAPTOP });
    // Record the Print button's call instead of opening the browser's dialog.
    await page.addInitScript({ content: 'window.print = () => { window.__printed = (window.__printed ?? 0) + 1; };' });
    await signIn(page, stack.url, uploader.email, uploader.password);
    await page.goto(`${stack.url}/my`);
    await page.locator(`[data-set-id="${picks[15]!.id}"]`).waitFor({ timeout: LIVE });
    await page.getByRole('button', { name: 'Export and share' }).click();
    await page.getByRole('button', { name: 'Print my timetable' }).click();
    expect(await page.evaluate(() => (window as unknown as { __printed?: number }).__printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.print-day h2').allTextContents()).toEqual(['Friday 14 August', 'Saturday 15 August', 'Sunday 16 August']);
    expect(await page.locator('.print-set-mine').count()).toBe(16);
    expect(await page.locator('.print-set').count()).toBe(seed.performances.length);
    expect(await page.locator('.site-header, .tab-bar, .page-header').evaluateAll((elements) => elements.filter((element) => getComputedStyle(element).display !== 'none').length)).toBe(0);
    const pdf = Buffer.from(await page.pdf({ format: 'A4' })).toString('latin1');
    const pageObjects = pdf.match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pageObjects).toHaveLength(1);
    expect(/\/Type\s*\/Pages\s*\/Count\s+(\d+)/.exec(pdf)?.[1]).toBe('1');
    // A4 at 96 dpi less the 10 mm margins: how the sheet looks on paper.
    await page.setViewportSize({ width: 718, height: 1047 });
    await screenshot(page, 'programme-print-timetable');
  }, 180_000);
});

describe('a cancelled set', () => {
  // Trending is published with the live counts (festivals/{f}/live/sets), from established accounts' favourites.
  const trending = async () =>
    ((await getFirestore(admin).doc(firestorePaths.liveSets(F)).get()).data()?.['trending'] as Array<{ performanceId: string }> | undefined)?.map((item) => item.performanceId) ?? [];
  const waitForTrending = async (check: (ids: string[]) => boolean): Promise<string[]> => {
    const deadline = Date.now() + LIVE;
    for (;;) {
      const ids = await trending();
      if (check(ids)) return ids;
      if (Date.now() > deadline) throw new Error(`trending never got there; it lists ${ids.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('leaves trending when staff cancel it, and its heart cannot be pressed, saying why', async () => {
    const [hot, warm] = [setsOn('2026-08-16')[30]!, setsOn('2026-08-16')[31]!];
    for (const fan of ['fan-a', 'fan-b', 'fan-c']) await favourite(fan, [hot.id]);
    // Two fans, so it ranks above the sets this file's earlier tests gave one each: trending lists 10.
    for (const fan of ['fan-d', 'fan-e']) await favourite(fan, [warm.id]);
    await waitForTrending((ids) => ids.includes(hot.id) && ids.includes(warm.id));

    await getFirestore(admin).doc(firestorePaths.performance(F, hot.id)).update({ status: 'cancelled' });
    const after = await waitForTrending((ids) => !ids.includes(hot.id));
    expect(after).toContain(warm.id);

    const page = await newPage({ at: SATURDAY_NINE });
    await page.goto(`${stack.url}/performances/${hot.id}`);
    const heart = page.getByRole('button', { name: `Favourite ${artistName(hot.data.artistId)}, 3 fans` });
    await heart.waitFor({ timeout: LIVE });
    expect(await heart.getAttribute('aria-disabled')).toBe('true');
    const note = await heart.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby')!)!.textContent);
    expect(note).toBe('Cancelled sets cannot be added to your schedule');
    // Playwright will not tap an aria-disabled button by itself; a person can, and nothing happens.
    await heart.click({ force: true });
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await page.getByText('This set has been cancelled.').waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'programme-cancelled-set');

    await openProgramme(page, '/?day=2026-08-16&view=list');
    const card = page.locator(`[data-set-id="${hot.id}"]`);
    expect(await card.getAttribute('aria-label')).toContain('Cancelled');
    // The heart and the must-see/maybe choice alike cannot be pressed.
    const buttons = await card.getByRole('button').all();
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(await button.getAttribute('aria-disabled')).toBe('true');
  }, 180_000);
});
