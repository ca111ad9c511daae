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
import type { Browser, Page } from 'playwright-core';

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
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact!, help: violation.help, targets: violation.nodes.map((node) => String(node.target[0])) }));
  });
}

/** Signs in through the Account page, as a person would. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/account`);
  await page.getByRole('tab', { name: 'Sign in' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: email }).waitFor({ timeout: 20_000 });
}
