// @vitest-environment node
/**
 * Issue 35 from an empty project, in Chromium against a stack started as `npm start -- --empty`
 * does (local-stack.ts, `empty`: no festival, no demo account, one local project admin made by
 * the CLI's own start-mode code): everything below is done through the screens, as a newcomer
 * does it, and checked where a person would see it.
 *
 * 1. The printed admin, read from the data folder's `local-admin.json` as the README says,
 *    signs in at `/organiser` with the password and the SMS code; with no festival the page
 *    opens on the create form. The form passes axe at 390 and 1280 px, light and dark, in
 *    Dutch (sent empty, every field's error showing) and in English (filled in).
 * 2. They create a festival with its own colours, then give it a logo and an app icon on the
 *    console's Festival page (found from the first steps); the image pipeline derives them.
 * 3. From the console's first steps they find the stage editor and add two stages, then import
 *    a 3-row programme by names (pasted cells, three artists new to the festival, one set after
 *    midnight) and confirm it.
 * 4. A visitor (a new context, never signed in) gets the festival's address: the HTML as served
 *    (before any script) has its name in `<title>`, its colours on the root and as the browser
 *    bar's colour, its own icon as the tab's and Apple's, its logo as the link preview's image,
 *    and links its own manifest, which names it and lists its own icons (each served as a PNG
 *    of its size); the page then shows the three sets under their stages.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fillFestivalForm, phoneAndLaptopLooks, screenshot, seriousA11yViolationsInLooks, showIn, signInOnThisPage, type FestivalFormValues } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 900 };
const FESTIVAL: FestivalFormValues = {
  name: 'Noorderlicht Festival',
  shortName: 'Noorderlicht',
  startsOn: '2027-07-02',
  endsOn: '2027-07-04',
  timeZoneSearch: 'amster',
  timeZone: 'Europe/Amsterdam',
  venue: 'Stadspark',
  address: 'Stadsparkweg 1, Groningen',
  colours: { primary: '#0f7b6c', secondary: '#3d0c02' },
};
/** The web address the form proposes from the short name and the year. */
const ID = 'noorderlicht-2027';
const STAGES = ['Hoofdpodium', 'De Kas'];
/** Three artists new to the festival; the last set starts after midnight, on Friday night. */
const PROGRAMME = [
  'artist,stage,day,start,end',
  'Lotte Veldman,Hoofdpodium,2027-07-02,20:00,21:00',
  'Marco Brandt,De Kas,2027-07-02,21:00,22:00',
  'Nachtwacht,Hoofdpodium,2027-07-02,00:30,01:30',
].join('\n');
/** Friday 2 July 2027, 22:30 in Groningen: the first evening, when the visitor opens the programme. */
const FRIDAY_EVENING = new Date('2027-07-02T22:30:00+02:00');
/** Uploads take the image pipeline's time on a loaded box. */
const PIPELINE = 120_000;

let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession(
  'from-empty-test',
  (session) => {
    ({ stack } = session);
  },
  { empty: true },
);

/** The local admin as a newcomer finds it: the data folder's file the README names (the banner prints the same). */
function printedAdmin(): { email: string; password: string; phoneNumber: string } {
  return JSON.parse(readFileSync(join(stack.dataDir!, 'local-admin.json'), 'utf8')) as { email: string; password: string; phoneNumber: string };
}

/** The organiser page again in `locale` (the app's own choice, kept on the device), once its heading shows. */
async function reloadIn(page: Page, locale: 'nl' | 'en', heading: string): Promise<void> {
  await page.evaluate((chosen) => window.localStorage.setItem('encore.locale', chosen), locale);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: LIVE });
}

describe('issue 35 from an empty stack', () => {
  it('the printed admin signs in with a second factor, creates a festival, adds two stages and imports a programme; a visitor gets its first page, manifest and sets', async () => {
    // 1. Sign in at /organiser: there is no festival yet, so the create form is what shows.
    expect(stack.accounts).toEqual([]);
    const account = printedAdmin();
    expect(account).toMatchObject({ email: 'organiser@encore.local', phoneNumber: '+16505550100' });
    const page = await newPage({ viewport: PHONE });
    await page.goto(`${stack.url}/organiser`);
    await page.getByRole('heading', { level: 1, name: 'Organise a festival', exact: true }).waitFor({ timeout: LIVE });
    await signInOnThisPage(page, account.email, account.password, page.getByText(`Signed in as ${account.email}.`));
    await page.getByText('There is no festival yet. Start by creating the first one.').waitFor({ timeout: LIVE });
    await page.getByRole('heading', { name: 'Create a festival', exact: true }).waitFor();
    await screenshot(page, 'from-empty-organiser-first-festival');

    // The form in every look: Dutch sent empty (every required field says what it needs), English filled in.
    const looks = phoneAndLaptopLooks(PHONE, LAPTOP);
    await reloadIn(page, 'nl', 'Organiseer een festival');
    await page.getByRole('button', { name: 'Maak het festival', exact: true }).click({ timeout: LIVE });
    await page.getByText('Vul dit in.').first().waitFor({ timeout: LIVE });
    expect(await seriousA11yViolationsInLooks(page, looks, (look) => `from-empty-create-nl-errors-${look.device}-${look.colorScheme}`)).toEqual({});
    await reloadIn(page, 'en', 'Organise a festival');
    await showIn(page, looks[0]!);
    await page.getByRole('heading', { name: 'Create a festival', exact: true }).waitFor({ timeout: LIVE });
    await fillFestivalForm(page, FESTIVAL);
    expect(await page.getByRole('textbox', { name: 'Web address', exact: true }).inputValue()).toBe(ID);
    expect(await seriousA11yViolationsInLooks(page, looks, (look) => `from-empty-create-en-${look.device}-${look.colorScheme}`)).toEqual({});

    // 2. Create it: the browser lands on its console.
    await showIn(page, looks[0]!);
    await page.getByRole('button', { name: 'Create the festival', exact: true }).click();
    await page.waitForURL(`${stack.url}/f/${ID}/staff`, { timeout: LIVE });

    // The logo and the app icon, from the first step that asks for them.
    await page.getByRole('link', { name: 'Your logo and app icon' }).click({ timeout: LIVE });
    await page.waitForURL(`${stack.url}/f/${ID}/staff/festival`, { timeout: LIVE });
    const logo = await sharp({ create: { width: 1200, height: 400, channels: 4, background: '#0f7b6c' } }).png().toBuffer();
    const icon = await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#3d0c02' } }).png().toBuffer();
    for (const [group, file] of [['Logo', { name: 'logo.png', mimeType: 'image/png', buffer: logo }], ['App icon', { name: 'icon.png', mimeType: 'image/png', buffer: icon }]] as const) {
      const part = page.getByRole('group', { name: group, exact: true });
      const chooser = page.waitForEvent('filechooser');
      await part.getByRole('button', { name: 'Upload an image' }).click({ timeout: LIVE });
      await (await chooser).setFiles(file);
      await part.getByRole('status').filter({ hasText: 'Ready: visitors see the new image.' }).waitFor({ timeout: PIPELINE });
    }
    await screenshot(page, 'from-empty-brand-images');
    await page.goto(`${stack.url}/f/${ID}/staff`);

    // 3. Two stages, found from the dashboard's first steps.
    await page.getByRole('link', { name: 'Add the stages' }).click({ timeout: LIVE });
    await page.waitForURL(`${stack.url}/f/${ID}/staff/programme`, { timeout: LIVE });
    await page.getByRole('tab', { name: 'Stages' }).click({ timeout: LIVE });
    const stagesPanel = page.getByRole('tabpanel', { name: 'Stages' });
    for (const [order, name] of STAGES.entries()) {
      await stagesPanel.getByRole('button', { name: 'Add stage', exact: true }).first().click();
      const form = stagesPanel.locator('form');
      await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await form.getByRole('textbox', { name: 'Order (0 first)', exact: true }).fill(String(order));
      await form.getByRole('button', { name: 'Add stage', exact: true }).click();
      await stagesPanel.getByRole('button', { name: `Edit ${name}`, exact: true }).waitFor({ timeout: LIVE });
    }
    await screenshot(page, 'from-empty-stages');

    // The programme by names, pasted from a spreadsheet: checked first, then confirmed.
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL(`${stack.url}/f/${ID}/staff/import`, { timeout: LIVE });
    await page.getByLabel('Or paste the cells from a spreadsheet (with the header row)').fill(PROGRAMME, { timeout: LIVE });
    await page.getByRole('button', { name: 'Check the pasted cells' }).click();
    const listed = page.getByRole('region', { name: 'Names the festival does not have yet' });
    await listed.waitFor({ timeout: LIVE });
    // The artists are new; the stages are the two just added, so none is listed (nor asked about).
    expect(await listed.textContent()).toMatch(/^Names the festival does not have yetNew artists, created when you import: Lotte Veldman, Marco Brandt,? and Nachtwacht$/);
    const rows = page.getByRole('region', { name: 'The rows as they will be saved (festival time)' }).getByRole('listitem');
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^Row 2Lotte Veldman.*20:00–21:00 · HoofdpodiumNew$/),
      expect.stringMatching(/^Row 3Marco Brandt.*21:00–22:00 · De KasNew$/),
      // After midnight, on the night's day: Saturday 3 July, 00:30.
      expect.stringMatching(/^Row 4Nachtwacht.*3 Jul.*00:30–01:30 · HoofdpodiumNew$/),
    ]);
    await page.getByRole('button', { name: 'Import 3 sets' }).click();
    await page.getByRole('status').filter({ hasText: 'Imported “the pasted cells”: 3 new sets and no updates.' }).waitFor({ timeout: LIVE });
    await screenshot(page, 'from-empty-imported');
    expect(uncaught(page)).toEqual([]);

    // 4. A visitor: first the HTML as served, before any script runs.
    const address = `${stack.url}/f/${ID}/`;
    const response = await fetch(address);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(FESTIVAL.name);
    expect(/<meta name="theme-color" content="([^"]*)"/.exec(html)?.[1]).toBe(FESTIVAL.colours.secondary);
    const rootStyle = /<html\b[^>]*\sstyle="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(rootStyle).toContain(`--color-accent:${FESTIVAL.colours.primary};`);
    expect(rootStyle).toContain(`--color-night:${FESTIVAL.colours.secondary};`);
    const manifestHref = /<link rel="manifest" href="([^"]*)"/.exec(html)?.[1];
    expect(manifestHref).toBe(`/f/${ID}/manifest.webmanifest`);
    // Its own icon for the tab and Apple's home screen, its logo for the link preview.
    const brandFile = (kind: 'logo' | 'icon') => new RegExp(`/media%2F${ID}%2Fbrand%2F${kind}%2F`);
    expect(/<link rel="icon"[^>]* href="([^"]*)"/.exec(html)?.[1]).toMatch(brandFile('icon'));
    expect(/<link rel="apple-touch-icon"[^>]* href="([^"]*)"/.exec(html)?.[1]).toMatch(brandFile('icon'));
    expect(/<meta property="og:image" content="([^"]*)"/.exec(html)?.[1]).toMatch(brandFile('logo'));

    // The manifest it links: the festival's name and its own icons, each a PNG of the size it claims.
    const manifest = (await (await fetch(new URL(manifestHref!, address))).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      icons: Array<{ src: string; type: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: FESTIVAL.name, short_name: FESTIVAL.shortName, start_url: `/f/${ID}/` });
    expect(manifest.icons.map((entry) => [entry.sizes, entry.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const entry of manifest.icons) {
      expect(entry.src).toMatch(brandFile('icon'));
      const served = await fetch(new URL(entry.src, address));
      expect([served.status, served.headers.get('content-type')?.split(';')[0]]).toEqual([200, 'image/png']);
      const { width, height, format } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(`${width}x${height} ${format}`).toBe(`${entry.sizes} png`);
    }

    // Then the page in a browser of its own, never signed in: the three sets under their stages.
    const visitor = await newPage({ viewport: PHONE, at: FRIDAY_EVENING });
    await visitor.goto(address);
    const stagesShown = visitor.locator('.timeline-stage');
    await stagesShown.filter({ hasText: 'Nachtwacht' }).waitFor({ timeout: LIVE });
    const shown = await stagesShown.evaluateAll((sections) =>
      sections.map((section) => [section.querySelector('h3')!.textContent, [...section.querySelectorAll('[data-set-id]')].map((set) => set.textContent)]),
    );
    expect(shown).toEqual([
      ['Hoofdpodium', [expect.stringContaining('Lotte Veldman'), expect.stringContaining('Nachtwacht')]],
      ['De Kas', [expect.stringContaining('Marco Brandt')]],
    ]);
    expect(await visitor.title()).toBe(FESTIVAL.name);
    await screenshot(visitor, 'from-empty-visitor-programme');
    expect(uncaught(visitor)).toEqual([]);
  }, 600_000);
});
