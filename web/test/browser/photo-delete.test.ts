// @vitest-environment node
/**
 * A photo signed with the name its uploader chose, and deleted by them, in Chromium against
 * the whole local stack (production build, emulators, functions): the uploader sets a
 * display name on the Account page, shares a photo of a set, finds it on the wall with the
 * set, stage and their name, deletes it from its own view after a confirmation, and it
 * leaves the wall (also after a reload). Phone size; axe on the photo's view.
 */
import { encore2026 } from '@encore/model/seed';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousA11yViolations, signIn } from './browser';
import { startLocalStack, type LocalStack } from './local-stack';

const seed = encore2026();
const LIVE = 60_000;
const PHONE = { width: 390, height: 844 };
let stack: LocalStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startLocalStack();
  browser = await launchBrowser();
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 60_000);

describe('an uploader’s own photo', () => {
  it('is signed with their chosen name, and leaves the wall when they delete it', async () => {
    const uploader = stack.accounts.find((candidate) => candidate.email.startsWith('uploader'))!;
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, stack.url, uploader.email, uploader.password);

    await page.goto(`${stack.url}/account`);
    const name = page.getByRole('textbox', { name: 'Display name' });
    await name.waitFor({ timeout: LIVE });
    await page.waitForFunction(() => !document.querySelector('input[autocomplete="nickname"]:disabled'), undefined, { timeout: LIVE });
    await name.fill('  Vera   from row 3 ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout: LIVE });

    const set = seed.performances[6]!;
    const artist = seed.artists.find((candidate) => candidate.id === set.data.artistId)!.data.name;
    await page.goto(`${stack.url}/upload?performance=${set.id}`);
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff3d7f' } }).jpeg().toBuffer();
    await page.locator('input[type="file"][multiple]').setInputFiles([{ name: 'mine.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByRole('listitem', { name: 'mine.jpg' }).getByRole('status').filter({ hasText: 'Ready: on the wall' }).waitFor({ timeout: 180_000 });

    await page.goto(`${stack.url}/photos`);
    // Signed, and named after its set once the programme is in (the wall's live document can come first).
    const tile = page.locator('.photo-tile').filter({ hasText: 'Vera from row 3' }).filter({ hasText: artist });
    await tile.waitFor({ timeout: LIVE });
    await tile.click();
    const view = page.getByRole('dialog');
    await view.getByText(/^Shared .* by Vera from row 3$/).waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'photo-own-view');

    await view.getByRole('button', { name: 'Delete photo' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this photo?' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No photos yet. Be the first to share one!').waitFor({ timeout: LIVE });
    await page.reload();
    await page.getByText('No photos yet. Be the first to share one!').waitFor({ timeout: LIVE });
    expect(await page.locator('.photo-tile').count()).toBe(0);
    await context.close();
  }, 400_000);
});
