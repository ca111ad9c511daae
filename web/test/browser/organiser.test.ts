// @vitest-environment node
/**
 * The venue map and the organiser tools in Chromium against the whole local stack (one for
 * the file): the map with its plan, markers and what plays now, also offline after a first
 * visit; the programme import by names (bad rows named by their cell, with nothing written;
 * new artists and stages listed before they are created; the same cells again changing
 * nothing); a set's time picked by keyboard on a laptop in another time zone, saved as
 * festival time; an artist picture uploaded by staff, through the pipeline onto the artist
 * page; and axe-core on the map and the staff pages in both themes (each page loaded once and
 * audited in the light, then the dark theme).
 */
import { firestorePaths, performanceIdFor, type Performance } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { seedMedia } from '@encore/emulators/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore, type DocumentData, type Timestamp } from 'firebase-admin/firestore';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { markersOnPlan, placeOnPlan } from './map-markers';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, seriousA11yViolationsInLooks, signIn, type Look } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const seed = encore2026();
const LIVE = 60_000;
const PIPELINE = 120_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('organiser-test', (session) => {
  ({ stack, admin } = session);
});

const db = () => getFirestore(admin);
const F = seed.festivalId;

/** Resolves once the document at `path` satisfies `done` (on the server), or fails saying what it last was. */
function waitForDoc(path: string, done: (data: DocumentData | undefined) => boolean, timeout = PIPELINE): Promise<DocumentData> {
  return new Promise((resolve, reject) => {
    let last: unknown;
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${path} never got there; last: ${JSON.stringify(last)}`));
    }, timeout);
    const stop = db()
      .doc(path)
      .onSnapshot((snapshot) => {
        last = snapshot.data();
        if (!done(snapshot.data())) return;
        clearTimeout(timer);
        stop();
        resolve(snapshot.data()!);
      }, reject);
  });
}

beforeAll(async () => {
  // The seed's site plan, through the image pipeline as a staff upload.
  await seedMedia({ projectId: 'demo-encore', artists: [], sitePlan: true });
  await waitForDoc(firestorePaths.venueMap(F), (data) => Boolean(data?.['image']));
}, 400_000);

async function staffPage(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await newPage({ viewport: { width: 1280, height: 900 }, ...options });
  const staff = stack.accounts.find((account) => account.role === 'staff')!;
  await signIn(page, stack.url, staff.email, staff.password);
  return page;
}

let signedInStaff: Promise<Page> | undefined;
/**
 * The staff member's page on a laptop (light theme), signed in (with the second factor) once for
 * the file's tests that need nothing else of their context: each opens its own page on it.
 */
const sharedStaffPage = (): Promise<Page> => (signedInStaff ??= staffPage());

/** Whether the site plan shows (its image decoded, not only its placeholder). */
const planShown = (page: Page) =>
  page.locator('.site-plan-image img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc.includes('media%2F'));

describe('the venue map', () => {
  it('opens offline after a first visit: the plan, every marker, and what plays on a stage now and next', async () => {
    // Sets on the Main Stage around the real clock (the seed festival is in August 2026).
    const artist = seed.artists[0]!;
    const next = seed.artists[1]!;
    const now = Date.now();
    const set = (artistId: string, from: number, to: number): Performance => ({
      artistId,
      stageId: 'main-stage',
      startsAt: new Date(from),
      endsAt: new Date(to),
      status: 'scheduled',
      favoriteCount: 0,
      photoCount: 0,
    });
    const playing = set(artist.id, now - 20 * 60_000, now + 40 * 60_000);
    const upNext = set(next.id, now + 50 * 60_000, now + 110 * 60_000);
    for (const performance of [playing, upNext]) await db().doc(firestorePaths.performance(F, performanceIdFor(performance))).set(performance);

    const page = await newPage();
    await page.goto(`${stack.url}/map`);
    const main = page.getByRole('button', { name: new RegExp(`^Main Stage: now ${artist.data.name} until \\d\\d:\\d\\d, next ${next.data.name} at \\d\\d:\\d\\d$`) }).first();
    await main.waitFor({ timeout: LIVE });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
    await expect.poll(() => planShown(page), { timeout: LIVE }).toBe(true);
    // The plan was kept by the service worker once it took control (MediaPicture keepOffline).
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('encore-media')).keys()).length), { timeout: LIVE }).toBeGreaterThan(0);

    await page.context().setOffline(true);
    await page.reload();
    await main.waitFor({ timeout: LIVE });
    await expect.poll(() => planShown(page), { timeout: LIVE }).toBe(true);
    // Markers plus clustered members: each of the map's markers drawn once, alone or in a cluster naming it.
    expect((await markersOnPlan(page)).toSorted()).toEqual(seed.venueMap.markers.map((marker) => marker.id).toSorted());
    for (const stage of seed.stages) await placeOnPlan(page, stage.data.name).waitFor();
    await main.click();
    const detail = page.locator('.map-detail');
    await expect.poll(() => detail.textContent()).toContain(`Now: ${artist.data.name}`);
    expect(await detail.textContent()).toContain(`Next: ${next.data.name}`);
    // Facilities by their names, the legend, and the step-free route in the list.
    await placeOnPlan(page, 'First aid post').waitFor();
    await page.getByRole('heading', { name: 'Legend' }).waitFor();
    expect(await page.locator('.map-route-step-free').count()).toBe(seed.venueMap.routes.filter((route) => route.stepFree).length);
    await screenshot(page, 'organiser-map-offline');
    expect(uncaught(page)).toEqual([]);
  }, 240_000);

  it('has no serious accessibility violations on the map, light and dark theme', async () => {
    const page = await newPage({ colorScheme: 'light' });
    await page.goto(`${stack.url}/map`);
    await page.locator('.site-plan .map-marker').first().waitFor({ timeout: LIVE });
    await expect.poll(() => planShown(page), { timeout: LIVE }).toBe(true);
    const looks: Look[] = (['light', 'dark'] as const).map((colorScheme) => ({ device: 'phone', viewport: PHONE, colorScheme }));
    expect(await seriousA11yViolationsInLooks(page, looks, (look) => `organiser-map-${look.colorScheme}`)).toEqual({});
  }, 120_000);
});

describe('organiser tools', () => {
  it('an import by names with bad rows says what is wrong with each, naming the cell, and writes nothing', async () => {
    const [a, b] = seed.artists;
    const csv = [
      'Artist,Stage,Day,Start,End,Status,Title',
      `${a!.data.name},Greenhouse,Sunday,13:05,13:35,,Import test`,
      `${b!.data.name},greenhouse,Monday,15:05,15:35,,`,
      `${b!.data.name},Greenhouse,Sunday,half past nine,16:35,,`,
      `${a!.data.name},,Sunday,18:05,18:35,,`,
      `${a!.data.name},Greenhouse,Sunday,19:05,19:35,postponed,`,
    ].join('\n');
    const page = await sharedStaffPage();
    await page.goto(`${stack.url}/staff/import`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'programme.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const problems = page.getByRole('region', { name: 'Rows with problems' });
    await problems.waitFor({ timeout: LIVE });
    expect(await problems.getByRole('listitem').allTextContents()).toEqual([
      'Row 3 Cell C3 (day): “Monday” is not a day of the festival (2026-08-14 to 2026-08-16).',
      'Row 4 Cell D4 (start): “half past nine” is not a time. Write it like 21:30; after midnight 00:30 (on the night’s day) or 24:30.',
      'Row 5 Cell B5 (stage): The stage is missing.',
      'Row 6 Cell F6 (status): “postponed” is not a status: leave it empty or write scheduled or cancelled.',
    ]);
    await page.getByRole('status').filter({ hasText: '4 rows have problems (and 1 row is fine). Nothing has been written' }).waitFor();
    expect(await page.getByRole('button', { name: /^Import \d+ set/ }).count()).toBe(0);
    await screenshot(page, 'organiser-import-errors');
    expect((await db().collection(firestorePaths.performances(F)).where('title', '==', 'Import test').get()).size).toBe(0);
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('a 3-row import by names, pasted from a spreadsheet, with a new artist and a set at 00:30, creates what the check listed; importing it again changes nothing', async () => {
    const paste = [
      'Artiest\tPodium\tDag\tAanvang\tEinde\tTitel',
      'The Night Owls\tharbour tent\tza\t00:30\t01:30\t',
      'Dawn Chorus\tSunrise Field\t16-08-2026\t09:00\t09:45\tBreakfast set',
      'The Night Owls\tThe Pier\tvrijdag\t23:30\t25:00\t',
    ].join('\n');
    const performances = db().collection(firestorePaths.performances(F));
    const setsBefore = (await performances.get()).size;
    const page = await sharedStaffPage();
    await page.goto(`${stack.url}/staff/import`);
    const check = async () => {
      await page.getByLabel('Or paste the cells from a spreadsheet (with the header row)').fill(paste);
      await page.getByRole('button', { name: 'Check the pasted cells' }).click();
    };
    await check();
    const listed = page.getByRole('region', { name: 'Names the festival does not have yet' });
    await listed.waitFor({ timeout: LIVE });
    expect(await listed.textContent()).toContain('New artists, created when you import: The Night Owls and Dawn Chorus');
    // A new stage is made from a file only once the organiser says so (issue 36): the import waits for it.
    expect(await page.getByRole('button', { name: 'Import 3 sets' }).isDisabled()).toBe(true);
    await listed.getByText('Create the new stage “Sunrise Field”').click();
    expect(await listed.getByRole('radio', { name: 'Create the new stage “Sunrise Field”' }).isChecked()).toBe(true);
    const rows = page.getByRole('region', { name: 'The rows as they will be saved (festival time)' }).getByRole('listitem');
    // Sets placed over the demo's own on a stage are flagged with what they overlap (issue 36), still new.
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^Row 2The Night Owls.*00:30–01:30 · Harbour TentOverlaps on this stage with .+New$/),
      expect.stringMatching(/^Row 3Dawn Chorus · Breakfast set.*09:00–09:45 · Sunrise FieldNew$/),
      expect.stringMatching(/^Row 4The Night Owls.*23:30–01:00 · The PierOverlaps on this stage with .+ and .+New$/),
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'organiser-import-names-check');
    await page.getByRole('button', { name: 'Import 3 sets' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported “the pasted cells”: 3 new sets and no updates.' }).waitFor({ timeout: LIVE });

    // What the check listed, and only that: two artists, a stage, three sets; the 00:30 set on Saturday night.
    expect((await db().doc(firestorePaths.artist(F, 'the-night-owls')).get()).data()).toEqual({ name: 'The Night Owls', bio: '', genres: [] });
    expect((await db().doc(firestorePaths.artist(F, 'dawn-chorus')).get()).get('name')).toBe('Dawn Chorus');
    expect((await db().doc(firestorePaths.stage(F, 'sunrise-field')).get()).get('name')).toBe('Sunrise Field');
    const owls = (await performances.where('artistId', '==', 'the-night-owls').get()).docs.map((set) => [set.get('stageId'), (set.get('startsAt') as Timestamp).toDate().toISOString()]).sort();
    expect(owls).toEqual([
      ['harbour-tent', '2026-08-15T22:30:00.000Z'],
      ['the-pier', '2026-08-14T21:30:00.000Z'],
    ]);
    expect((await performances.get()).size).toBe(setsBefore + 3);

    // The same cells again: the check says nothing would change, and offers no import.
    const snapshot = (await performances.get()).docs.map((set) => [set.id, set.updateTime.toMillis()]);
    await check();
    await page.getByRole('status').filter({ hasText: 'importing changes nothing' }).waitFor({ timeout: LIVE });
    expect(await page.getByRole('button', { name: /^Import \d+ set/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Names the festival does not have yet' }).count()).toBe(0);
    expect((await performances.get()).docs.map((set) => [set.id, set.updateTime.toMillis()])).toEqual(snapshot);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);

  it('staff move a marker on the plan with the arrow keys and save it; the document has it there', async () => {
    const page = await sharedStaffPage();
    await page.goto(`${stack.url}/staff/map`);
    const water = page.locator('.site-plan').getByRole('button', { name: 'Drinking water, at 56% across and 60% down' });
    await water.click({ timeout: LIVE });
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    await page.locator('.site-plan').getByRole('button', { name: 'Drinking water, at 59% across and 55% down' }).waitFor();
    // The list view says the same, for screen readers.
    await page.getByRole('table', { name: 'Every marker on the plan, with its position' }).getByRole('row', { name: /Drinking water 59% across, 55% down/ }).waitFor();
    await page.getByRole('button', { name: 'Save the map' }).click();
    await page.getByRole('status').filter({ hasText: /^Saved$/ }).waitFor({ timeout: LIVE });
    const saved = await waitForDoc(firestorePaths.venueMap(F), (data) => (data?.['markers'] as Array<{ id: string; x: number }> | undefined)?.find((m) => m.id === 'water-centre')?.x === 0.59, LIVE);
    expect((saved['markers'] as Array<{ id: string; x: number; y: number }>).find((marker) => marker.id === 'water-centre')).toMatchObject({ x: 0.59, y: 0.55 });
    // The plan image, the pipeline's, stayed.
    expect(saved['image']).toMatchObject({ uploadId: 'seed-1' });
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('staff set a set’s start by keyboard with the date-time picker, on a laptop in New York, and it is saved in festival time', async () => {
    const page = await staffPage({ timezoneId: 'America/New_York' });
    await page.goto(`${stack.url}/staff/programme`);
    const first = seed.performances.find((performance) => performance.data.stageId === 'dune-bar')!;
    const name = seed.artists.find((artist) => artist.id === first.data.artistId)!.data.name;
    await page.getByRole('row').filter({ hasText: 'Dune Bar' }).filter({ hasText: name }).first().getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog');
    const starts = dialog.getByRole('group', { name: 'Starts' });
    await starts.waitFor({ timeout: LIVE });
    // The set's own time shows on the festival's clock, not New York's.
    const startsAt = first.data.startsAt;
    const shownHour = await starts.getByRole('spinbutton', { name: /hour/i }).getAttribute('aria-valuenow');
    expect(Number(shownHour)).toBe(Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Amsterdam' }).format(startsAt)));
    // Type 23:40 into the hour and minute segments.
    await starts.getByRole('spinbutton', { name: /hour/i }).focus();
    await page.keyboard.type('2340');
    await expect.poll(() => starts.getByRole('spinbutton', { name: /minute/i }).getAttribute('aria-valuenow')).toBe('40');
    await page.keyboard.press('Tab');
    await screenshot(page, 'organiser-datetime-picker');
    await dialog.getByRole('button', { name: 'Save changes' }).press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: LIVE });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(startsAt);
    // 23:40 in Amsterdam in August (CEST, UTC+2) is 21:40 UTC, whatever the laptop's zone.
    const expected = new Date(`${day}T21:40:00Z`);
    const saved = await waitForDoc(firestorePaths.performance(F, first.id), (data) => (data?.['startsAt'] as Timestamp | undefined)?.toMillis() === expected.getTime(), LIVE);
    // The end moved with the start: the set kept its length.
    expect((saved['endsAt'] as Timestamp).toMillis() - expected.getTime()).toBe(first.data.endsAt.getTime() - first.data.startsAt.getTime());
    expect(uncaught(page)).toEqual([]);
  }, 120_000);

  it('an artist picture uploaded by staff ends as renditions on the artist page', async () => {
    const artist = seed.artists[5]!;
    const page = await sharedStaffPage();
    await page.goto(`${stack.url}/staff/programme`);
    await page.getByRole('tab', { name: 'Artists' }).click();
    await page.getByRole('button', { name: `Edit ${artist.data.name}` }).click();
    const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#17bebb' } }).jpeg().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: picture });
    await page.getByRole('status').filter({ hasText: 'Ready: visitors see the new image.' }).waitFor({ timeout: PIPELINE });
    const stored = await waitForDoc(firestorePaths.artist(F, artist.id), (data) => data?.['image'] !== undefined, LIVE);
    const renditions = (stored['image'] as { renditions: Array<{ path: string; width: number }> }).renditions;
    expect([...new Set(renditions.map((rendition) => rendition.width))]).toEqual([128, 480]);

    const visitor = await newPage();
    await visitor.goto(`${stack.url}/artists/${artist.id}`);
    const img = visitor.locator('.artist-art-picture img');
    await img.waitFor({ state: 'attached', timeout: LIVE });
    await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: LIVE }).toBe(true);
    const shown = await img.evaluate((element: HTMLImageElement) => element.currentSrc);
    expect(decodeURIComponent(shown)).toMatch(new RegExp(`/media/${F}/artists/${artist.id}/[A-Za-z0-9]+/480\\.(avif|webp|jpg)\\?alt=media$`));
    await screenshot(visitor, 'organiser-artist-picture');
    expect(uncaught(page)).toEqual([]);
    expect(uncaught(visitor)).toEqual([]);
  }, 240_000);

  it('has no serious accessibility violations on the staff pages, light and dark theme', async () => {
    const viewport = { width: 1280, height: 900 };
    const looks: Look[] = [
      { device: 'laptop', viewport, colorScheme: 'light' },
      { device: 'laptop', viewport, colorScheme: 'dark' },
    ];
    const page = await sharedStaffPage();
    const findings: Record<string, unknown> = {};
    for (const [index, path] of ['/staff', '/staff/import', '/staff/map', '/staff/programme'].entries()) {
      await page.emulateMedia({ colorScheme: 'light' });
      // The first page loads the app; the others are reached from the console's own menu, as staff
      // reach them (the same pages, without the app starting again for each).
      if (index === 0) await page.goto(`${stack.url}${path}`);
      else await page.locator(`.staff-nav a[href="${path}"]`).click({ timeout: LIVE });
      await page.locator(`.staff-nav a:is([href="${path}"], [href="${path}/"])[aria-current="page"]`).waitFor({ timeout: LIVE });
      await page.getByRole('heading', { level: 2 }).first().waitFor({ timeout: LIVE });
      if (path === '/staff/map') await page.locator('.site-plan .map-marker').first().waitFor({ timeout: LIVE });
      // The charts with their columns and tables (per festival day, zero until the nightly roll-up).
      if (path === '/staff') await page.getByText('Show as a table').first().waitFor({ timeout: LIVE });
      const found = await seriousA11yViolationsInLooks(page, looks, (look) => `organiser-staff-${look.colorScheme}${path.replace(/\//g, '-')}`);
      if (Object.keys(found).length > 0) findings[path] = found;
    }
    expect(findings).toEqual({});
  }, 240_000);
});
