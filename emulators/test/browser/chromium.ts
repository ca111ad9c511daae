/**
 * The harness's Chromium: the one shared resolver (src/browser/chromium.ts): CHROMIUM_PATH,
 * else Debian's /usr/bin/chromium, else the Chromium inside @sparticuz/chromium. Playwright
 * gives the browser a fresh temporary profile and removes it on close; every context from
 * `browser.newContext()` is an incognito-like context with its own cookies and its own
 * network stack (so its own six-connections-per-host budget).
 */
export { launchChromium, resolveChromium, CHROMIUM_ARGS } from '../../src/browser/chromium.js';
