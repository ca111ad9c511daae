// @vitest-environment node
/**
 * The shell, the two languages and the two themes in Chromium against the whole local stack
 * (one stack for the file): a Dutch browser gets Dutch pages with no English left and
 * `<html lang="nl">`; the language switch is remembered; every main page passes axe in the
 * light and the dark theme, on a phone and a laptop (each page loaded once and shown in the four
 * looks: browser.ts `showIn`); the remembered theme is applied before
 * the app's JavaScript runs; the phone's bottom tab bar reaches every section.
 * Screenshots go to test-results/web/ (shell-*).
 */
import { encore2026 } from '@encore/model/seed';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishLeftIn, englishPatterns } from './english-left';
import { FESTIVAL_TWELVE_DAYS_BEFORE, FESTIVAL_SATURDAY_NINE, setFestivalClock } from './festival-clock';
import { launchBrowser, phoneAndLaptopLooks, screenshot, seriousA11yViolations, seriousA11yViolationsInLooks, signIn } from './browser';
import { startLocalStack, type LocalStack } from './local-stack';

const seed = encore2026();
const LIVE = 60_000;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 860 };
let stack: LocalStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startLocalStack();
  browser = await launchBrowser();
  await uploadSamplePhotos();
}, 420_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await stack?.stop();
}, 60_000);

async function newPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: LAPTOP, ...options });
  contexts.push(context);
  return context.newPage();
}

const account = (prefix: 'uploader' | 'visitor' | 'staff') => {
  const found = stack.accounts.find((candidate) => candidate.email.startsWith(prefix));
  if (!found) throw new Error(`the seed has no ${prefix} account`);
  return found;
};

/** Stage-light pictures in a few shapes, so the wall shows real thumbnails of varied sizes. */
async function stagePhoto(index: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const sizes: Array<[number, number]> = [[1600, 1067], [900, 1350], [1200, 1200], [2000, 1000], [1067, 1600], [1400, 1050]];
  const [width, height] = sizes[index % sizes.length]!;
  const hues = ['#ff3d7f', '#ffb547', '#5b8cff', '#3de0c4', '#c05bff', '#ff6a3d'];
  const beams = Array.from({ length: 5 }, (_, beam) => {
    const x = ((beam + 1) * width) / 6;
    return `<polygon points="${x},0 ${x - width * 0.18},${height} ${x + width * 0.18},${height}" fill="${hues[(index + beam) % hues.length]}" fill-opacity="0.28"/>`;
  }).join('');
  const crowd = Array.from({ length: 26 }, (_, head) => `<circle cx="${(head * width) / 25}" cy="${height * (0.93 + (head % 3) * 0.02)}" r="${height * 0.07}" fill="#07040c"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g" cx="0.5" cy="0.15" r="0.9"><stop offset="0" stop-color="${hues[index % hues.length]}"/><stop offset="1" stop-color="#0b0614"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${beams}
    <rect x="${width * 0.3}" y="${height * 0.55}" width="${width * 0.4}" height="${height * 0.06}" fill="#1b1024"/>${crowd}</svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  return { name: `stage-light-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer };
}

/**
 * An uploader shares three photos of one set (landscape, portrait, square) through the upload
 * page; they go through the pipeline. Each costs the pipeline its renditions' CPU: three show
 * the wall's varied sizes as well as six did.
 */
async function uploadSamplePhotos(): Promise<void> {
  const page = await newPage();
  await signIn(page, stack.url, account('uploader').email, account('uploader').password);
  await page.goto(`${stack.url}/upload?performance=${seed.performances[6]!.id}`);
  const files = await Promise.all(Array.from({ length: 3 }, (_, index) => stagePhoto(index)));
  await page.locator('input[type="file"][multiple]').setInputFiles(files);
  for (const file of files) {
    await page.getByRole('listitem', { name: file.name }).getByRole('status').filter({ hasText: 'Ready: on the wall' }).waitFor({ timeout: 180_000 });
  }
  await page.context().close();
}

/** Opens a main page and waits for its heading (its data has arrived, not only the shell). */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: LIVE });
  await page.waitForFunction(() => !document.querySelector('.skeleton'), undefined, { timeout: LIVE });
}

const MAIN_PAGES: Array<{ path: string; en: string; nl: string }> = [
  { path: '/?day=2026-08-15&now=2026-08-15T21:00', en: 'Programme', nl: 'Programma' },
  { path: '/my', en: 'My schedule', nl: 'Mijn schema' },
  { path: '/photos', en: 'Photo wall', nl: 'Fotomuur' },
  { path: '/inbox', en: 'News', nl: 'Nieuws' },
  { path: '/account', en: 'Account', nl: 'Account' },
];

describe('Encore’s shell, languages and themes', () => {
  it('speaks Dutch to a Dutch browser on every main page, with no English left and <html lang="nl">', async () => {
    const patterns = englishPatterns();
    const page = await newPage({ locale: 'nl-NL', viewport: PHONE });
    const findings: Record<string, string[]> = {};
    for (const { path, nl } of MAIN_PAGES) {
      await open(page, path, nl);
      if (path === '/photos') await page.locator('.photo-tile img').first().waitFor({ timeout: LIVE });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
      const left = await englishLeftIn(page, patterns);
      if (left.length > 0) findings[path] = left;
      await screenshot(page, `shell-nl-phone${path === '/' || path.startsWith('/?') ? '-programme' : path.replace('/', '-')}`);
    }
    expect(findings).toEqual({});
  }, 180_000);

  it('switches language from the account page and remembers it across a reload', async () => {
    const page = await newPage();
    await open(page, '/account', 'Account');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('label.segment', { hasText: 'Nederlands' }).click();
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Programma' }).waitFor({ timeout: LIVE });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Taal en weergave' }).waitFor({ timeout: LIVE });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    await screenshot(page, 'shell-nl-laptop-account');

    await page.locator('label.segment', { hasText: 'English' }).click();
    await page.getByRole('heading', { level: 2, name: 'Language and look' }).waitFor({ timeout: LIVE });
  }, 120_000);

  it('applies the remembered dark theme before the app’s JavaScript runs, and the switch changes it', async () => {
    const page = await newPage({ colorScheme: 'light' });
    await open(page, '/account', 'Account');
    await page.locator('label.segment', { hasText: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');

    // Hold back every script of the app: what paints now comes from index.html and the CSS alone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.url}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)', undefined, { timeout: LIVE });
    const beforeScripts = await page.evaluate(() => ({ theme: document.documentElement.dataset['theme'], background: getComputedStyle(document.body).backgroundColor }));
    expect(beforeScripts).toEqual({ theme: 'dark', background: 'rgb(19, 12, 25)' });
    release();
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor({ timeout: LIVE });
    await page.unroute('**/assets/*.js');

    await page.goto(`${stack.url}/account`);
    await page.locator('label.segment', { hasText: 'Automatic' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset['theme'] ?? null)).toBeNull();
  }, 120_000);

  it('has no serious accessibility violations on the main pages, the upload page and an artist’s and a set’s page: light and dark theme, phone and laptop', async () => {
    const page = await newPage({ viewport: PHONE, colorScheme: 'light' });
    await signIn(page, stack.url, account('visitor').email, account('visitor').password);
    const set = seed.performances[6]!;
    const artist = seed.artists[0]!;
    const pages: Array<{ path: string; heading: string | RegExp; shot: string; photos?: boolean }> = [
      ...MAIN_PAGES.map(({ path, en }) => ({ path, heading: en, shot: path === '/' || path.startsWith('/?') ? 'programme' : path.slice(1), photos: path === '/photos' })),
      // The programme on whatever day it is now (the festival is over or yet to come), as a person opens it.
      { path: '/', heading: 'Programme', shot: 'programme-today' },
      { path: '/upload', heading: 'Share photos', shot: 'upload' },
      { path: `/artists/${artist.id}`, heading: artist.data.name, shot: 'artist' },
      { path: `/performances/${set.id}`, heading: new RegExp(seed.artists.find((candidate) => candidate.id === set.data.artistId)!.data.name), shot: 'performance', photos: true },
    ];
    const findings: Record<string, unknown> = {};
    for (const { path, heading, shot, photos } of pages) {
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: 'light' });
      await open(page, path, heading);
      if (photos) await page.locator('.photo-tile img').first().waitFor({ timeout: LIVE });
      const found = await seriousA11yViolationsInLooks(page, phoneAndLaptopLooks(PHONE, LAPTOP), (look) => `shell-${look.device}-${look.colorScheme}-${shot}`);
      if (Object.keys(found).length > 0) findings[path] = found;
    }
    expect(findings).toEqual({});
  }, 300_000);

  it('reaches every section from the bottom tab bar on a 390x844 phone, marking the current one', async () => {
    const page = await newPage({ viewport: PHONE });
    await signIn(page, stack.url, account('staff').email, account('staff').password);
    await open(page, '/', 'Programme');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    expect(await page.locator('.top-nav').isVisible()).toBe(false);
    for (const [tab, heading] of [
      ['My schedule', 'My schedule'],
      ['Photos', 'Photo wall'],
      ['News', 'News'],
      ['Programme', 'Programme'],
    ] as const) {
      await tabs.getByRole('link', { name: tab }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: LIVE });
      expect(await tabs.getByRole('link', { name: tab }).getAttribute('aria-current')).toBe('page');
      const box = (await tabs.getByRole('link', { name: tab }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    for (const [link, heading] of [
      ['Upload', 'Share photos'],
      ['Account', 'Account'],
      ['Staff', 'Staff console'],
    ] as const) {
      await tabs.getByRole('button', { name: 'More' }).click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      await sheet.waitFor({ timeout: LIVE });
      if (link === 'Upload') {
        await page.locator('.sheet:not([data-entering])').waitFor({ timeout: LIVE });
        await screenshot(page, 'shell-phone-more-sheet');
        expect(await seriousA11yViolations(page)).toEqual([]);
      }
      await sheet.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: LIVE });
      await sheet.waitFor({ state: 'detached', timeout: LIVE });
      expect(await tabs.getByRole('button', { name: 'More' }).getAttribute('aria-current')).toBe('page');
    }
    // The connection badge stays in view on the phone, with the console look on staff pages.
    expect(await page.getByRole('status').filter({ hasText: /Online|Connecting|Offline/ }).isVisible()).toBe(true);
    expect(await page.locator('[data-surface="console"]').count()).toBe(1);
    await screenshot(page, 'shell-phone-staff-console');
  }, 180_000);

  it('keeps the phone’s More sheet a modal dialog: the page behind inert, Tab kept inside, Escape and a link close it and give the focus back to More, the close painted before the page is released', async () => {
    const page = await newPage({ viewport: PHONE });
    await open(page, '/', 'Programme');
    const tabs = page.getByRole('navigation', { name: 'Main' });
    const more = tabs.getByRole('button', { name: 'More' });
    const sheet = page.getByRole('dialog', { name: 'More' });
    /** Whether the programme behind is out of reach: inert itself or inside an inert element. */
    const pageInert = () => page.locator('main').evaluate((main) => main.closest('[inert]') !== null);
    const focusInSheet = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    const moreFocused = () => more.evaluate((button) => document.activeElement === button);

    await more.click();
    await sheet.waitFor({ timeout: LIVE });
    expect(await pageInert()).toBe(true);
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInSheet()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached', timeout: LIVE });
    expect(await pageInert()).toBe(false);
    expect(await moreFocused()).toBe(true);
    expect(await more.getAttribute('aria-expanded')).toBe('false');

    // Which frame each change of the close falls in: the sheet leaves sight (its closing class)
    // in the tap's frame, and the page is released (inert taken off) only in a later one.
    await more.click();
    await sheet.waitFor({ timeout: LIVE });
    await page.evaluate(() => {
      const seen = { frame: 0, closingAt: -1, releasedAt: -1 };
      (window as unknown as { sheetClose: typeof seen }).sheetClose = seen;
      const count = () => {
        seen.frame += 1;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (record.attributeName === 'class' && target.classList.contains('sheet-closing') && seen.closingAt < 0) seen.closingAt = seen.frame;
          if (record.attributeName === 'inert' && !target.hasAttribute('inert') && seen.releasedAt < 0) seen.releasedAt = seen.frame;
        }
      }).observe(document.body, { attributes: true, attributeFilter: ['class', 'inert'], subtree: true });
    });
    await sheet.getByRole('link', { name: 'Map' }).click();
    await page.getByRole('heading', { level: 1, name: 'Map' }).waitFor({ timeout: LIVE });
    await sheet.waitFor({ state: 'detached', timeout: LIVE });
    const seen = await page.evaluate(() => (window as unknown as { sheetClose: { closingAt: number; releasedAt: number } }).sheetClose);
    expect(seen.closingAt).toBeGreaterThanOrEqual(0);
    expect(seen.releasedAt).toBeGreaterThan(seen.closingAt);
    expect(await pageInert()).toBe(false);
    expect(await moreFocused()).toBe(true);
    expect(await more.getAttribute('aria-current')).toBe('page');
  }, 120_000);
});

/**
 * `/` is the shell with the programme's header written in by the `firstPage` function
 * (functions/src/domain/first-page.ts), reached through `vite preview`'s proxy as through
 * Hosting's rewrite: what a phone on a slow network paints before any script has arrived.
 */
describe('the first HTML of the programme', () => {
  const intro = { en: `${seed.festival.venue}. Times are festival time (Europe/Amsterdam).`, nl: `${seed.festival.venue}. Tijden zijn festivaltijd (Europe/Amsterdam).` };
  const ended = { en: `${seed.festival.name} has ended. The programme stays here to look back on.`, nl: `${seed.festival.name} is afgelopen. Het programma blijft hier staan om op terug te kijken.` };

  /** `/` as the HTML alone paints it: every app script refused, so nothing but the HTML and its inline scripts runs. */
  async function htmlAlone(options: BrowserContextOptions, clock: Date | null): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block', ...options });
    contexts.push(context);
    if (clock) await setFestivalClock(context, clock);
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${stack.url}/`);
    return page;
  }

  const visibleText = (page: Page, selector: string) => page.locator(`main ${selector}`).evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).map((element) => element.textContent));

  it("carries the festival's venue and zone on / only; other routes get the plain shell", async () => {
    const programme = await (await fetch(`${stack.url}/?day=2026-08-15`)).text();
    expect(programme).toContain(`data-first-page-lang="en">${intro.en}</p>`);
    expect(programme).toContain(`data-first-page-lang="nl">${intro.nl}</p>`);
    const lineup = await (await fetch(`${stack.url}/lineup`)).text();
    expect(lineup).not.toContain('data-first-page-lang="en"');
    expect(lineup).toContain('<!--encore:programme-header-->');
  });

  it('paints the header before any script, in the visitor’s language, saying it has ended only once it has by the device’s clock', async () => {
    const saturday = await htmlAlone({}, FESTIVAL_SATURDAY_NINE);
    expect(await visibleText(saturday, 'h1')).toEqual(['Programme']);
    expect(await visibleText(saturday, 'p')).toEqual([intro.en]);
    await screenshot(saturday, 'first-page-html-alone-phone');

    const dutch = await htmlAlone({ locale: 'nl-NL' }, FESTIVAL_SATURDAY_NINE);
    expect(await visibleText(dutch, 'h1')).toEqual(['Programma']);
    expect(await visibleText(dutch, 'p')).toEqual([intro.nl]);

    // The machine's own clock: after the festival of the seed (August 2026).
    expect(Date.now()).toBeGreaterThan(new Date('2026-08-17T06:00:00+02:00').getTime());
    const after = await htmlAlone({ locale: 'nl-NL' }, null);
    expect(await visibleText(after, 'p')).toEqual([intro.nl, ended.nl]);

    // Before: the countdown to the first set (counted by the device's clock) and the way to the line-up.
    const early = await htmlAlone({}, FESTIVAL_TWELVE_DAYS_BEFORE);
    const [, countdown, lineup] = await visibleText(early, 'p');
    expect(countdown).toMatch(/^Encore 2026 starts in \d+ days: Fri 14 Aug, \d\d:\d\d\.$/);
    expect(lineup).toBe('See who plays: the line-up A–Z');
    await screenshot(early, 'first-page-html-alone-before-phone');
  }, 120_000);

  it('has React’s header take the place of the HTML’s, which is the visit’s largest paint, saying the same and not moving, before, during and after the festival', async () => {
    // Where the header's lines are on the page (the app scrolls to now once the sets are in), and what they say.
    const header = (page: Page) =>
      page.locator('main .programme-header').evaluate((element) =>
        [...element.querySelectorAll<HTMLElement>('h1, p')]
          .filter((line) => line.offsetParent !== null)
          .map((line) => {
            const box = line.getBoundingClientRect();
            return { text: line.textContent, x: box.x, y: box.y + window.scrollY, width: box.width, height: box.height };
          }),
      );
    for (const clock of [FESTIVAL_TWELVE_DAYS_BEFORE, FESTIVAL_SATURDAY_NINE, null]) {
      const before = await header(await htmlAlone({}, clock));
      const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
      contexts.push(context);
      if (clock) await setFestivalClock(context, clock);
      // Each largest-contentful-paint candidate's text, and whether it was the HTML's (React's have no language mark).
      await context.addInitScript({
        content: `window.largestPaints = []; new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.largestPaints.push({ text: entry.element && entry.element.textContent, html: Boolean(entry.element && entry.element.hasAttribute('data-first-page-lang')) }); }).observe({ type: 'largest-contentful-paint', buffered: true });`,
      });
      const page = await context.newPage();
      await page.goto(`${stack.url}/`);
      await page.locator('[data-set-id]').first().waitFor({ timeout: LIVE });
      // React's own header: no language copies in it.
      expect(await page.locator('main [data-first-page-lang]').count()).toBe(0);
      expect([clock, await header(page)]).toEqual([clock, before]);
      // The largest paint of the visit is one of the HTML's header lines: nothing React paints later is larger.
      const largest = await page.evaluate(() => (window as unknown as { largestPaints: Array<{ text: string; html: boolean }> }).largestPaints.at(-1)!);
      expect([clock, largest.html]).toEqual([clock, true]);
      expect(before.map((line) => line.text)).toContain(largest.text);
      if (!clock) await screenshot(page, 'first-page-after-react-phone');
    }
  }, 120_000);
});
