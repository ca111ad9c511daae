/**
 * Launches Debian's Chromium through playwright-core (never a downloaded browser). Playwright
 * gives the browser a fresh temporary profile and removes it on close; every context from
 * `browser.newContext()` is an incognito-like context with its own cookies and its own
 * network stack (so its own six-connections-per-host budget).
 */
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
