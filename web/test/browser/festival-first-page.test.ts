// @vitest-environment node
/**
 * A festival of one's own (issue 35): `/f/{festivalId}/` is that festival's first page, from
 * the `firstPage` function through `vite preview`'s proxy as through Hosting's rewrite. With
 * every app script refused, a phone paints the festival's programme header (here before the
 * festival: with the countdown and the way to its line-up), its name in the
 * tab and its colours (on the root, so in the dark theme too); its web manifest answers at its
 * address; an address whose festival does not exist is the plain shell with a 404; `/` stays
 * the build's festival. Screenshots go to test-results/web/ (festival-first-page-*).
 */
import { encore2026 } from '@encore/model/seed';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { startLocalStack, type LocalStack } from './local-stack';

const seed = encore2026();
const PHONE = { width: 390, height: 844 };
const ID = 'zomer-klanken-2027';
const ZOMER = {
  name: 'Zomer Klanken 2027',
  shortName: 'Zomer',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2027-07-02',
  endsOn: '2027-07-04',
  venue: 'Stadspark, Groningen',
  description: 'Three days of music in the park.',
  languages: ['nl', 'en'],
  defaultLanguage: 'nl',
  colours: { primary: '#b34700', secondary: '#3d0c02' },
};
let stack: LocalStack;
let browser: Browser;
let admin: App;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startLocalStack();
  browser = await launchBrowser();
  admin = initializeApp({ projectId: stack.projectId }, 'festival-first-page-test');
  await getFirestore(admin).doc(`festivals/${ID}`).set(ZOMER);
}, 420_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  if (admin) await deleteApp(admin);
  await stack?.stop();
}, 60_000);

/** A page as the HTML alone paints it: every app script refused, so nothing but the HTML and its inline scripts runs. */
async function htmlAlone(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block', ...options });
  contexts.push(context);
  await context.route('**/assets/*.js', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${stack.url}${path}`);
  return page;
}

const visibleText = (page: Page, selector: string) => page.locator(`main ${selector}`).evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).map((element) => element.textContent));

/** The look the page painted: the accent token, the night band's background and the browser bar's colour. */
const look = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    accent: getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim(),
    nightBand: getComputedStyle(document.querySelector('.site-header')!).backgroundImage,
    themeColor: document.querySelector('meta[name="theme-color"]')!.getAttribute('content'),
    manifest: (document.querySelector('link[rel="manifest"]') as HTMLLinkElement).href,
  }));

describe("a festival's own first page, /f/{festivalId}/", () => {
  it("paints that festival's header, name and colours before any script, in the light theme and the dark", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await htmlAlone(`/f/${ID}/`, { colorScheme, locale: 'nl-NL' });
      expect(await visibleText(page, 'h1')).toEqual(['Programma']);
      // Before the festival (by the machine's clock, December 2026): the countdown, and the way to the festival's line-up.
      const [intro, countdown, lineup] = await visibleText(page, 'p');
      expect(intro).toBe(`${ZOMER.venue}. Tijden zijn festivaltijd (Europe/Amsterdam).`);
      expect(countdown).toMatch(/^Zomer Klanken 2027 begint over \d+ dagen: vr 2 jul, 06:00\.$/);
      expect(lineup).toBe('Bekijk wie er speelt: de line-up van A tot Z');
      expect(await page.locator('main .festival-state-lineup:visible a').getAttribute('href')).toBe(`/f/${ID}/lineup`);
      const painted = await look(page);
      expect([colorScheme, painted]).toEqual([
        colorScheme,
        {
          title: ZOMER.name,
          accent: '#b34700',
          // The night band: the festival's secondary colour (rgb(61, 12, 2)), from its left edge.
          nightBand: expect.stringMatching(/^linear-gradient\(100deg, rgb\(61, 12, 2\) 0%, rgb\(61, 12, 2\) 55%, rgb\(\d+, \d+, \d+\) 100%\)$/),
          themeColor: '#3d0c02',
          manifest: `${stack.url}/f/${ID}/manifest.webmanifest`,
        },
      ]);
      await screenshot(page, `festival-first-page-html-alone-${colorScheme}-phone`);
    }
  }, 120_000);

  it('is the same page without the closing slash', async () => {
    const page = await htmlAlone(`/f/${ID}`);
    expect(await visibleText(page, 'h1')).toEqual(['Programme']);
    expect((await look(page)).title).toBe(ZOMER.name);
  }, 60_000);

  it('describes the festival to link previews (Open Graph, Twitter card)', async () => {
    const html = await (await fetch(`${stack.url}/f/${ID}/`)).text();
    expect(html).toContain('<meta property="og:title" content="Zomer Klanken 2027" />');
    expect(html).toContain('<meta property="og:description" content="Three days of music in the park." />');
    expect(html).toContain(`<meta property="og:url" content="${stack.url}/f/${ID}/" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
  });

  it("answers its web manifest at its address: the festival's name, start and scope", async () => {
    const response = await fetch(`${stack.url}/f/${ID}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(await response.json()).toMatchObject({ name: ZOMER.name, short_name: 'Zomer', start_url: `/f/${ID}/`, scope: `/f/${ID}/`, display: 'standalone', theme_color: '#3d0c02' });
  });

  it('is the plain shell with a 404 for a festival that does not exist, its manifest a 404 too', async () => {
    const response = await fetch(`${stack.url}/f/no-such-festival/`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('<!--encore:programme-header-->');
    expect(html).not.toContain('<h1 lang="en" data-first-page-lang="en">');
    expect((await fetch(`${stack.url}/f/no-such-festival/manifest.webmanifest`)).status).toBe(404);
  });

  it("leaves / the build's festival, with the app's own manifest", async () => {
    const page = await htmlAlone('/');
    expect(await visibleText(page, 'p')).toContain(`${seed.festival.venue}. Times are festival time (Europe/Amsterdam).`);
    const painted = await look(page);
    expect(painted.title).toBe(seed.festival.name);
    expect(painted.manifest).toBe(`${stack.url}/manifest.webmanifest`);
  }, 60_000);
});
