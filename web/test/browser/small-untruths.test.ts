// @vitest-environment node
/**
 * Issue 37's small untruths, as a festival-goer meets them on a 390x844 phone, in Chromium
 * against the whole local stack (one stack for the file):
 * - the .ics a visitor who never opened the Account page downloads rings an alarm for their
 *   must-see set only (15 minutes before), none for their maybe or their plain favourite;
 * - twelve calendar days before the first day the countdown says 12 days, in both languages,
 *   at an hour when 24-hour periods would say 11;
 * - an urgent banner with a long title leaves the programme's day tabs visible below the header,
 *   its whole title wrapped, in both languages and both themes;
 * - after the festival no page offers a heart, must-see or maybe (programme, set page, artist
 *   page, search, line-up, My schedule, friends' plans);
 * - photo tiles say the day of a photo not taken today, the wall runs in the order the photos
 *   were taken, and a 3x phone draws photos as a 2x one does (issue 38): a tile loads the 480 px
 *   rendition (one made before the 480 its 640), the lightbox the 800; an old photo without a
 *   rendition version still shows.
 * Screenshots go to test-results/web/ (untruths-*).
 */
import { firestorePaths, storagePaths, type Photo } from '@encore/model';
import { readCalendar } from '@encore/model/calendar';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore, Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshot, signIn } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('small-untruths-test', (session) => {
  ({ stack, admin } = session);
});

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;
const stageName = (stageId: string) => seed.stages.find((stage) => stage.id === stageId)!.data.name;
const playing = seed.performances.filter(({ data }) => data.status !== 'cancelled');
/** Twelve calendar days before the first day, at an hour when 24-hour periods count 11 (11 days and 16 hours). */
const TWELVE_DAYS_BEFORE_EVENING = new Date('2026-08-02T20:00:00+02:00');
/** Four days after the last night: the machine's clock is later still. */
const AFTER_THE_FESTIVAL = new Date('2026-08-20T12:00:00+02:00');

describe('the calendar a visitor downloads', () => {
  it('rings an alarm 15 minutes before the must-see set only, for a visitor who never opened the Account page', async () => {
    const [must, maybe, plain] = [playing[4]!, playing[9]!, playing[14]!];
    const page = await newPage({ at: TWELVE_DAYS_BEFORE_EVENING, acceptDownloads: true });
    const plan = async (set: typeof must, control: 'Must-see' | 'Maybe' | 'heart') => {
      await page.goto(`${stack.url}/performances/${set.id}`);
      const button = control === 'heart' ? page.getByRole('button', { name: /^Favourite / }) : page.getByRole('button', { name: control, exact: true });
      await button.click({ timeout: LIVE });
      await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: LIVE }).toBe('true');
      // Stored, not only shown: the heart stops saying "waiting to sync" once the backend has it (the next page is a new load).
      const heart = page.getByRole('button', { name: /^Favourite / });
      await expect.poll(async () => `${await heart.getAttribute('aria-pressed')} ${await heart.textContent()}`, { timeout: LIVE }).toMatch(/^true (?!.*waiting to sync)/);
    };
    await plan(must, 'Must-see');
    await plan(maybe, 'Maybe');
    await plan(plain, 'heart');

    await page.goto(`${stack.url}/my`);
    for (const set of [must, maybe, plain]) await page.locator(`[data-set-id="${set.id}"]`).first().waitFor({ timeout: LIVE });
    await page.getByRole('button', { name: 'Export and share' }).click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: LIVE }), page.getByRole('button', { name: 'Add to my calendar (.ics)' }).click()]);
    const calendar = readCalendar(await readFile((await download.path())!, 'utf8'));
    const alarms = Object.fromEntries(calendar.events.map((event) => [event.properties['UID'], event.alarms]));
    expect(alarms).toEqual({
      [`${must.id}@${F}.encore`]: [{ ACTION: 'DISPLAY', DESCRIPTION: `${artistName(must.data.artistId)} on ${stageName(must.data.stageId)} in 15 min`, TRIGGER: '-PT15M' }],
      [`${maybe.id}@${F}.encore`]: [],
      [`${plain.id}@${F}.encore`]: [],
    });
    expect(uncaught(page)).toEqual([]);
  }, 240_000);
});

describe('the countdown', () => {
  it('says 12 days twelve calendar days before the first day, in English and Dutch, at an evening hour', async () => {
    for (const [locale, words] of [
      ['en-GB', /^Encore 2026 starts in 12 days: Fri 14 Aug, 12:00\.$/],
      ['nl-NL', /^Encore 2026 begint over 12 dagen: vr 14 aug, 12:00\.$/],
    ] as const) {
      const page = await newPage({ at: TWELVE_DAYS_BEFORE_EVENING, locale });
      await page.goto(`${stack.url}/`);
      // React's line (the first HTML's says the same: functions/src/domain/first-page.ts counts calendar days too).
      const status = page.locator('main .festival-state[role="status"]').filter({ hasText: /\d/ }).first();
      await expect.poll(() => status.textContent(), { timeout: LIVE }).toMatch(words);
      await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
      await expect.poll(() => page.locator('main .festival-state[role="status"]').first().textContent(), { timeout: LIVE }).toMatch(words);
      expect(uncaught(page)).toEqual([]);
    }
  }, 180_000);
});

describe('the urgent banner on a phone', () => {
  it('leaves the day tabs visible under the header and shows its whole title, in both languages and both themes', async () => {
    const title = 'Gate B is closed, use the north gate';
    const titleNl = 'Poort B is dicht, neem de noordpoort';
    expect(Math.min(title.length, titleNl.length)).toBeGreaterThanOrEqual(25);
    const announcement = getFirestore(admin).collection(firestorePaths.announcements(F)).doc('untruths-urgent');
    const postedAt = Timestamp.fromDate(new Date(FESTIVAL_SATURDAY_NINE.getTime() - 5 * 60_000));
    await announcement.set({
      title,
      titleNl,
      body: 'Stewards show the way. The north gate is open until 03:00.',
      bodyNl: 'Stewards wijzen de weg. De noordpoort is open tot 03:00.',
      priority: 'urgent',
      urgentAt: postedAt,
      createdAt: postedAt,
    });
    try {
      for (const locale of ['en-GB', 'nl-NL'] as const) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const page = await newPage({ at: FESTIVAL_SATURDAY_NINE, locale, colorScheme });
          await page.goto(`${stack.url}/`);
          await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
          const banner = page.locator('.urgent-banner').first();
          await banner.waitFor({ timeout: LIVE });
          // Scrolled into the programme: the day tabs' bar is stuck under the header.
          await page.evaluate(() => window.scrollTo(0, 1600));
          await page.waitForTimeout(300);
          const layout = await page.evaluate(() => {
            const header = document.querySelector('.site-header')!.getBoundingClientRect();
            const tabs = document.querySelector('.programme-sticky .day-tabs')!;
            const box = tabs.getBoundingClientRect();
            const hit = document.elementFromPoint(box.left + Math.min(40, box.width / 2), box.top + box.height / 2);
            const heading = document.querySelector<HTMLElement>('.urgent-banner-title')!;
            const style = getComputedStyle(heading);
            return {
              headerBottom: header.bottom,
              tabsTop: box.top,
              tabsBottom: box.bottom,
              tabsHit: Boolean(hit && tabs.contains(hit)),
              titleText: heading.textContent,
              titleLines: Math.round(heading.getBoundingClientRect().height / parseFloat(style.lineHeight)),
              titleCut: heading.scrollWidth > heading.clientWidth || style.textOverflow === 'ellipsis',
              scrollY: window.scrollY,
            };
          });
          const label = `${locale} ${colorScheme}`;
          expect(layout.scrollY, label).toBeGreaterThan(0);
          expect(layout.tabsTop, label).toBeGreaterThanOrEqual(layout.headerBottom - 0.5);
          expect(layout.tabsBottom, label).toBeLessThanOrEqual(PHONE.height);
          expect(layout.tabsHit, label).toBe(true);
          expect(layout.titleText, label).toBe(locale === 'en-GB' ? `Urgent: ${title}` : `Dringend: ${titleNl}`);
          expect(layout.titleLines, label).toBe(2);
          expect(layout.titleCut, label).toBe(false);
          // A tab can still be pressed where it shows.
          await page.locator('.programme-sticky .day-tabs a, .programme-sticky .day-tabs button').nth(1).click({ timeout: LIVE });
          await screenshot(page, `untruths-urgent-${locale}-${colorScheme}`);
          expect(uncaught(page)).toEqual([]);
        }
      }
    } finally {
      await announcement.delete();
    }
  }, 300_000);
});

describe('after the festival', () => {
  it('offers no heart, must-see or maybe on any page a set shows on', async () => {
    const visitor = stack.accounts.find((candidate) => candidate.email.startsWith('visitor'))!;
    const uid = (await getAuth(admin).getUserByEmail(visitor.email)).uid;
    const [mine, other] = [playing[20]!, playing[21]!];
    const db = getFirestore(admin);
    await db.doc(firestorePaths.favorite(uid, mine.id)).set({ festivalId: F, performanceId: mine.id, createdAt: FieldValue.serverTimestamp(), priority: 'must', established: true, reputable: true });
    // The machine's own clock: after the festival of the seed (August 2026), as the programme tests sign in.
    expect(Date.now()).toBeGreaterThan(AFTER_THE_FESTIVAL.getTime());
    const page = await newPage();
    await signIn(page, stack.url, visitor.email, visitor.password);
    const planningControls = () => page.getByRole('button', { name: /^(Favourite |Must-see$|Maybe$|Moet zien$|Misschien$)|priority/i }).count();
    const artistId = other.data.artistId;
    const pages: Array<[string, string]> = [
      ['/', '[data-set-id]'],
      [`/performances/${other.id}`, 'h1'],
      [`/performances/${mine.id}`, 'h1'],
      [`/artists/${artistId}`, '[data-set-id]'],
      [`/search?q=${encodeURIComponent(artistName(artistId))}`, `a[href="/artists/${artistId}"], a[href^="/performances/"]`],
      ['/lineup', `a[href="/artists/${artistId}"]`],
      ['/my', `[data-set-id="${mine.id}"]`],
      ['/my/friends', 'h1'],
    ];
    for (const [path, shown] of pages) {
      await page.goto(`${stack.url}${path}`);
      await page.locator(shown).first().waitFor({ timeout: LIVE });
      // Let the page's lazy parts (hearts, friends' plans) arrive before counting.
      await page.waitForTimeout(500);
      expect(await planningControls(), path).toBe(0);
      expect(await page.locator('button.favorite, .priority-toggle, .priority-cycle').count(), path).toBe(0);
    }
    // The list view of the programme too.
    await page.goto(`${stack.url}/`);
    await page.getByRole('group', { name: 'Show the day as' }).getByRole('button', { name: 'List' }).click({ timeout: LIVE });
    await page.locator('.set-list [data-set-id]').first().waitFor({ timeout: LIVE });
    expect(await planningControls()).toBe(0);
    expect(uncaught(page)).toEqual([]);
  }, 240_000);
});

describe('the photo wall', () => {
  it('says the day of a photo not taken today, runs in the order they were taken, and loads the 480 px tile and the 800 px lightbox on a 3x phone', async () => {
    const bucket = getStorage(admin).bucket(`${stack.projectId}.appspot.com`);
    const db = getFirestore(admin);
    const version = 'untruth1';
    const image = (width: number, colour: string) => sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: colour } });
    /**
     * A ready photo as the pipeline leaves it: versioned renditions in three formats at `widths`
     * (today's 320, 480, 800 and 1200 for a 1,600 px photo; 320, 640 and 800 before the 480), or
     * (old) one unversioned JPEG.
     */
    const put = async (id: string, name: string, capturedAt: Date | null, createdAt: Date, widths: number[] | 'unversioned') => {
      const versioned = widths !== 'unversioned';
      const thumbnails: Photo['thumbnails'] = [];
      for (const width of versioned ? widths : [320]) {
        for (const [format, extension] of (versioned ? [['avif', 'avif'], ['webp', 'webp'], ['jpeg', 'jpg']] : [['jpeg', 'jpg']]) as Array<['avif' | 'webp' | 'jpeg', string]>) {
          const bytes = await image(width, '#2a7f62')[format === 'jpeg' ? 'jpeg' : format]().toBuffer();
          const path = storagePaths.thumbnail(F, id, width, extension, versioned ? version : undefined);
          await bucket.file(path).save(bytes, { contentType: `image/${format}`, metadata: { cacheControl: 'public, max-age=31536000, s-maxage=300, immutable' } });
          thumbnails.push({ width, height: (width * 3) / 4, format, path, bytes: bytes.byteLength });
        }
      }
      const photo: Photo = {
        uploaderUid: `untruths-${id}`,
        uploaderName: name,
        performanceId: null,
        status: 'ready',
        rejectReason: null,
        originalPath: `uploads/untruths-${id}/${F}/${id}`,
        width: 1600,
        height: 1200,
        thumbnails,
        ...(versioned ? { renditionVersion: version } : {}),
        dominantColor: '#2a7f62',
        placeholder: null,
        capturedAt,
        reportCount: 0,
        createdAt,
        updatedAt: createdAt,
      };
      await db.doc(firestorePaths.photo(F, id)).set(photo);
    };
    const now = Date.now();
    // Shared in this order (Ann first), taken in another: Bo on Friday night, Cy on Saturday evening, Ann's camera told no time (her upload time counts).
    await put('untruths-ann', 'Ann', null, new Date(now - 3 * 60_000), 'unversioned');
    await put('untruths-bo', 'Bo', new Date('2026-08-14T21:40:00Z'), new Date(now - 2 * 60_000), [320, 640, 800]);
    await put('untruths-cy', 'Cy', new Date('2026-08-15T18:04:00Z'), new Date(now - 60_000), [320, 480, 800, 1200]);

    const page = await newPage({ at: FESTIVAL_SATURDAY_NINE, deviceScaleFactor: 3 });
    await page.goto(`${stack.url}/photos`);
    const captions = () =>
      page.locator('.photo-tile').evaluateAll((tiles) =>
        tiles.map((tile) => tile.querySelectorAll('.photo-tile-caption-line')[1]?.textContent ?? '').filter((line) => / · (Ann|Bo|Cy)$/.test(line)),
      );
    // Ann's upload (December) is the newest taken; then Cy today (Saturday 20:04), then Bo on Friday (23:40 festival time).
    await expect.poll(captions, { timeout: 120_000 }).toEqual([expect.stringMatching(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d\d:\d\d · Ann$/), '20:04 · Cy', 'Fri 23:40 · Bo']);

    const tileImage = (name: string) => page.locator('.photo-tile').filter({ hasText: name }).locator('img');
    for (const name of ['Cy', 'Bo', 'Ann']) {
      await expect.poll(() => tileImage(name).evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), { timeout: LIVE }).toBe(true);
    }
    const shown = (image: ReturnType<typeof tileImage>) => image.evaluate((img) => (img as HTMLImageElement).currentSrc);
    // A 50vw tile on a 3x phone is 585 pixels; drawn at 2x, 390: the 480 rendition, as AVIF, under
    // its versioned name (it took the 640 before the cap, the 800 before there was a 640).
    expect(await shown(tileImage('Cy'))).toContain(encodeURIComponent(`photos/${F}/untruths-cy/${version}-480.avif`));
    // live/photos lists a tile's AVIF renditions only (they stand for every format): the app still offers the WebP and the JPEG.
    const published = (await db.doc(firestorePaths.livePhotos(F)).get()).get('wall') as Array<{ id: string; thumbnails: Array<{ format: string }> }>;
    expect(published.find((tile) => tile.id === 'untruths-cy')?.thumbnails.map((rendition) => rendition.format)).toEqual(['avif', 'avif', 'avif', 'avif']);
    const fallbacks = await page
      .locator('.photo-tile')
      .filter({ hasText: 'Cy' })
      .evaluate((tile) => [tile.querySelector('source[type="image/webp"]')?.getAttribute('srcset') ?? '', tile.querySelector('img')?.getAttribute('srcset') ?? '']);
    expect(fallbacks[0]).toContain(encodeURIComponent(`untruths-cy/${version}-480.webp`));
    expect(fallbacks[1]).toContain(encodeURIComponent(`untruths-cy/${version}-480.jpg`));
    // A photo made before the 480: the narrowest of its own that covers 390 pixels.
    expect(await shown(tileImage('Bo'))).toContain(encodeURIComponent(`photos/${F}/untruths-bo/${version}-640.avif`));
    // An old photo (no version, one JPEG) still shows from its old path.
    expect(await shown(tileImage('Ann'))).toContain(encodeURIComponent(`photos/${F}/untruths-ann/320.jpg`));
    await screenshot(page, 'untruths-photo-wall');

    // The lightbox fills the 390 px phone: 1,170 pixels at 3x, 780 at 2x: the 800, not the 1200.
    await page.locator('.photo-tile').filter({ hasText: 'Cy' }).click();
    const large = page.getByRole('dialog').locator('img');
    await expect.poll(() => large.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), { timeout: LIVE }).toBe(true);
    expect(await shown(large)).toContain(encodeURIComponent(`photos/${F}/untruths-cy/${version}-800.avif`));
    expect(uncaught(page)).toEqual([]);
  }, 240_000);
});
