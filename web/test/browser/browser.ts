/**
 * Chromium through playwright-core, found by the emulators' shared resolver (Debian's
 * /usr/bin/chromium, else the one inside @sparticuz/chromium; nothing downloaded), plus the
 * two checks every browser test makes: an axe-core accessibility audit and a screenshot
 * under test-results/.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { launchChromium } from '@encore/emulators/browser';
import type { Browser, Locator, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const SCREENSHOTS = new URL('../../../test-results/web/', import.meta.url).pathname;

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical axe-core violations on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<AxeFinding[]> {
  // Once per document: a page audited in several looks keeps the axe it was given.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    // Colours mid-fade (a dialog or sheet easing in) are not the page's: finite animations and
    // transitions end first (within a second; endless ones, a skeleton's shimmer, are not waited for).
    const deadline = performance.now() + 1_000;
    const settling = () => document.getAnimations().filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    for (let running = settling(); running.length > 0 && performance.now() < deadline; running = settling()) {
      await Promise.race([Promise.allSettled(running.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, deadline - performance.now()))]);
    }
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact!, help: violation.help, targets: violation.nodes.map((node) => String(node.target[0])) }));
  });
}

/** A size and theme a page is seen in: `${device} ${colorScheme}` names it in findings and screenshots. */
export interface Look {
  device: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
}

/** The four looks the main pages are audited in, ordered so each step changes one thing (the theme, then the size). */
export function phoneAndLaptopLooks(phone: Look['viewport'], laptop: Look['viewport']): Look[] {
  return [
    { device: 'phone', viewport: phone, colorScheme: 'light' },
    { device: 'phone', viewport: phone, colorScheme: 'dark' },
    { device: 'laptop', viewport: laptop, colorScheme: 'dark' },
    { device: 'laptop', viewport: laptop, colorScheme: 'light' },
  ];
}

/**
 * Shows the loaded page in `look` without reloading it: the viewport resized (CSS media
 * queries and the app's useMediaQuery follow it) and prefers-color-scheme emulated, then
 * waits until the colours have eased into the theme (axe reads computed colours) and the app
 * has re-rendered. One page load then serves every size and theme of an accessibility audit.
 */
export async function showIn(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.viewport);
  await page.emulateMedia({ colorScheme: look.colorScheme });
  // A transition that a newer one replaces is cancelled: its `finished` rejects (AbortError),
  // and the one that replaced it is waited for on the next pass.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await frame();
    const easing = () => document.getAnimations().filter((animation) => animation instanceof CSSTransition && animation.playState === 'running');
    for (let running = easing(); running.length > 0; running = easing()) await Promise.allSettled(running.map((animation) => animation.finished));
  });
}

/**
 * Serious and critical axe-core violations on the loaded page in each look (those with
 * any, by look name), with a screenshot `${name}-${device}-${colorScheme}` of each.
 */
export async function seriousA11yViolationsInLooks(page: Page, looks: Look[], name: (look: Look) => string): Promise<Record<string, AxeFinding[]>> {
  const findings: Record<string, AxeFinding[]> = {};
  for (const look of looks) {
    await showIn(page, look);
    const violations = await seriousA11yViolations(page);
    if (violations.length > 0) findings[`${look.device} ${look.colorScheme}`] = violations;
    await screenshot(page, name(look));
  }
  return findings;
}

/**
 * Signs in through the Account page, as a person would: email and password, then, for an
 * account with a second factor (the seed's staff and admin), the SMS code (`enterSmsCode`).
 */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/account`);
  await signInOnThisPage(page, email, password, page.getByRole('link', { name: email }));
}

/**
 * Signs in with the sign-in panel the open page shows (the Account page's, the organiser
 * page's): email and password, then the SMS code when the account has a second factor;
 * done once `signedIn` shows.
 */
export async function signInOnThisPage(page: Page, email: string, password: string, signedIn: Locator): Promise<void> {
  await page.getByRole('tab', { name: 'Sign in' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  const secondStep = page.getByRole('heading', { name: 'Second step: your code' });
  await signedIn.or(secondStep).first().waitFor({ timeout: 20_000 });
  if (await secondStep.isVisible()) {
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await enterSmsCode(page, 'Code from the text message', 'Verify and sign in');
  }
  await signedIn.waitFor({ timeout: 20_000 });
}

/**
 * Types the SMS code the local Auth emulator made (no text is sent locally), as a developer
 * gets it on the emulators: "Show the code here" on the screen that asks for it.
 */
export async function enterSmsCode(page: Page, fieldLabel: string, submit: string): Promise<string> {
  await page.getByRole('button', { name: 'Show the code here' }).click();
  const shown = page.getByRole('status').filter({ hasText: /^Code: \d{6}$/ });
  await shown.waitFor({ timeout: 20_000 });
  const code = /\d{6}/.exec((await shown.textContent()) ?? '')![0];
  await page.getByLabel(fieldLabel).fill(code);
  await page.getByRole('button', { name: submit }).click();
  return code;
}

/** What the create-festival form (`/organiser`) is filled in with, in English. */
export interface FestivalFormValues {
  name: string;
  shortName: string;
  /** yyyy-mm-dd */
  startsOn: string;
  endsOn: string;
  /** What is typed into the time zone's search, and the zone then picked. */
  timeZoneSearch: string;
  timeZone: string;
  venue: string;
  address: string;
  colours: { primary: string; secondary: string };
  website?: string;
}

/** Types a day into a date field's segments (day, month, year in en-GB and nl-NL). */
export async function typeDay(page: Page, label: string, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

/**
 * Fills the create-festival form (English labels) as a person does, up to the contrast check
 * saying both colours are readable; the button that sends it is left to the test.
 */
export async function fillFestivalForm(page: Page, values: FestivalFormValues): Promise<void> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(values.name);
  await page.getByRole('textbox', { name: 'Short name', exact: true }).fill(values.shortName);
  await typeDay(page, 'First day', values.startsOn);
  await typeDay(page, 'Last day', values.endsOn);
  const zone = page.getByRole('combobox', { name: 'Time zone', exact: true });
  // In view first, as a person has the field they type in: react-aria closes a popover whose page
  // scrolls under it, and Playwright scrolls to an option at the screen's edge before clicking it.
  await zone.evaluate((input) => input.scrollIntoView({ block: 'center' }));
  await zone.fill(values.timeZoneSearch);
  await page.getByRole('option', { name: values.timeZone }).click();
  if ((await zone.inputValue()) !== values.timeZone) throw new Error(`the time zone field shows ${await zone.inputValue()}, not ${values.timeZone}`);
  await page.getByRole('textbox', { name: 'Venue', exact: true }).fill(values.venue);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill(values.address);
  await page.getByRole('textbox', { name: 'Main colour', exact: true }).fill(values.colours.primary);
  await page.getByRole('textbox', { name: 'Band colour', exact: true }).fill(values.colours.secondary);
  await page.getByText('Both colours keep text and controls readable in the light and the dark theme.').waitFor();
  if (values.website) await page.getByRole('textbox', { name: 'Website', exact: true }).fill(values.website);
}
