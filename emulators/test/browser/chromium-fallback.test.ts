/**
 * The npm fallback of the shared Chromium resolver: with no CHROMIUM_PATH and no Debian
 * Chromium, the browser inside @sparticuz/chromium is unpacked, launched through
 * playwright-core and renders a page.
 */
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { launchChromium, resolveChromium } from './chromium.js';

const NOWHERE = { chromiumPath: undefined, debianPath: '/nonexistent/chromium' };

it('launches the Chromium inside the npm package and renders a page', { timeout: 120_000 }, async () => {
  const resolved = await resolveChromium(NOWHERE);
  expect(resolved.source).toBe('npm');
  expect(resolved.executablePath).toMatch(/encore-chromium-[\d.]+\/chromium$/);

  const browser = await launchChromium(NOWHERE);
  try {
    const page = await browser.newPage({ viewport: { width: 200, height: 100 } });
    await page.setContent('<body style="margin:0;background:rgb(228,87,46)"><h1 style="font:16px sans-serif">Encore</h1></body>');
    expect(await page.textContent('h1')).toBe('Encore');
    // Rendered, not just parsed: the page's colour is in the screenshot's pixels.
    const { data } = await sharp(await page.screenshot()).extract({ left: 190, top: 90, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([228, 87, 46]);
  } finally {
    await browser.close();
  }
});

it('prefers CHROMIUM_PATH, then Debian\'s Chromium', async () => {
  expect(await resolveChromium({ chromiumPath: '/opt/chrome/chrome' })).toEqual({ executablePath: '/opt/chrome/chrome', source: 'CHROMIUM_PATH' });
  expect(await resolveChromium({ chromiumPath: undefined, debianPath: process.execPath })).toEqual({ executablePath: process.execPath, source: 'debian' });
});
