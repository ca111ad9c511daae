// @vitest-environment node
/**
 * The web app in Chromium against the whole local stack (emulators, functions, Auth,
 * seed), driven as people use it. Each scenario saves a screenshot under test-results/web/
 * and audits its page with axe-core (no serious or critical violations). The main pages'
 * audit on a phone and a laptop, in both themes, is shell.test.ts's.
 */
import { encore2026 } from '@encore/model/seed';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousA11yViolations, signIn } from './browser';
import { FESTIVAL_SATURDAY_NINE, setFestivalClock } from './festival-clock';
import { startLocalStack, type LocalStack } from './local-stack';

const seed = encore2026();
const LIVE = 60_000;
let stack: LocalStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startLocalStack();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await stack?.stop();
}, 60_000);

/** A page of its own; `at` runs its clock from an instant of the festival (hearts are offered only until it ends). */
async function newPage(viewport = { width: 1280, height: 900 }, at?: Date): Promise<Page> {
  const context = await browser.newContext({ viewport });
  if (at) await setFestivalClock(context, at);
  contexts.push(context);
  return context.newPage();
}

const account = (role: 'staff' | 'uploader' | 'visitor') => {
  const found = stack.accounts.find((candidate) => (role === 'uploader' ? candidate.email.startsWith('uploader') : role === 'visitor' ? candidate.email.startsWith('visitor') : candidate.role === 'staff'));
  if (!found) throw new Error(`the seed has no ${role} account`);
  return found;
};

let signedInUploader: Promise<Page> | undefined;
/** The uploader's page (laptop size), signed in once for the file's tests that upload as them. */
const uploaderPage = (): Promise<Page> =>
  (signedInUploader ??= (async () => {
    const page = await newPage();
    await signIn(page, stack.url, account('uploader').email, account('uploader').password);
    return page;
  })());

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;

async function photoBytes(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#e4572e' } }).jpeg({ quality: 80 }).toBuffer();
}

/** Waits for an upload row to show `status`; on a timeout, says what the row showed instead. */
async function waitForUploadStatus(row: Locator, status: string | RegExp, timeout = 120_000): Promise<void> {
  try {
    await row.getByRole('status').filter({ hasText: status }).waitFor({ timeout });
  } catch (error) {
    throw new Error(`upload row never showed ${String(status)}; it shows: ${await row.textContent().catch(() => '(gone)')}`, { cause: error });
  }
}

/** Uploads through the upload page and returns the row of that file. */
async function upload(page: Page, performanceId: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto(`${stack.url}/upload?performance=${performanceId}`);
  const picker = page.locator('input[type="file"][multiple]');
  await picker.setInputFiles(file);
  return page.getByRole('listitem', { name: file.name });
}

/** Waits until the precaching service worker controls the page; says what it saw if not. */
async function waitForServiceWorker(page: Page): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: LIVE });
  } catch (error) {
    const seen = await page.evaluate(async () => {
      const registrations = await navigator.serviceWorker.getRegistrations();
      return registrations.map((registration) => ({
        scope: registration.scope,
        installing: registration.installing?.state ?? null,
        waiting: registration.waiting?.state ?? null,
        active: registration.active?.state ?? null,
      }));
    });
    throw new Error(`no service worker controls the page; registrations: ${JSON.stringify(seen)}`, { cause: error });
  }
}

describe('Encore in the browser', () => {
  it('a visitor favourites a set and another visitor sees the count change live', async () => {
    const set = seed.performances[8]!;
    const name = artistName(set.data.artistId);
    const watcher = await newPage(undefined, FESTIVAL_SATURDAY_NINE);
    const fan = await newPage(undefined, FESTIVAL_SATURDAY_NINE);
    await watcher.goto(`${stack.url}/performances/${set.id}`);
    await fan.goto(`${stack.url}/performances/${set.id}`);
    const favourite = (page: Page, count: string) => page.getByRole('button', { name: `Favourite ${name}, ${count}` });
    await favourite(watcher, '0 fans').waitFor({ timeout: LIVE });

    await favourite(fan, '0 fans').click();
    await fan.locator('button[aria-pressed="true"]').waitFor({ timeout: LIVE });
    // The count is derived by functions and reaches the other visitor without a reload.
    await favourite(watcher, '1 fan').waitFor({ timeout: LIVE });
    expect(await favourite(watcher, '1 fan').getAttribute('aria-pressed')).toBe('false');
    expect(await favourite(fan, '1 fan').getAttribute('aria-pressed')).toBe('true');

    await screenshot(fan, 'favourite-count-live');
    expect(await seriousA11yViolations(fan)).toEqual([]);
  }, 180_000);

  it('a visitor’s private calendar feed serves their schedule', async () => {
    const set = seed.performances[12]!;
    const page = await newPage(undefined, FESTIVAL_SATURDAY_NINE);
    await page.goto(`${stack.url}/performances/${set.id}`);
    await page.getByRole('button', { name: `Favourite ${artistName(set.data.artistId)}, 0 fans` }).click();
    await page.locator('button[aria-pressed="true"]').waitFor({ timeout: LIVE });
    // The feed is read on the server: wait until the heart has synced (no longer "waiting to
    // sync", which it is while the first sign-in or the write is still on its way).
    const artist = artistName(set.data.artistId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page.getByRole('button', { name: new RegExp(`^Favourite ${artist}, \\d+ fans?$`), pressed: true }).waitFor({ timeout: LIVE });
    await page.getByRole('link', { name: 'My schedule' }).click();
    // Export, print, share and subscribe wait behind one disclosure beside the title.
    await page.getByRole('button', { name: 'Export and share' }).click();
    await page.getByRole('button', { name: 'Get my calendar link' }).click();
    const link = page.getByLabel('Your private calendar link');
    await link.waitFor({ timeout: LIVE });
    const feed = await fetch(await link.inputValue());
    expect(feed.status).toBe(200);
    const calendar = await feed.text();
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toContain(`UID:${set.id}@`);
    await screenshot(page, 'calendar-feed');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 120_000);

  it('an uploader’s photo goes from processing to ready, and onto the wall', async () => {
    const set = seed.performances[2]!;
    const page = await uploaderPage();
    const row = await upload(page, set.id, { name: 'stage-front.jpg', mimeType: 'image/jpeg', buffer: await photoBytes() });
    await waitForUploadStatus(row, /Uploading|Processing on the server…|Ready: on the wall/, LIVE);
    await waitForUploadStatus(row, 'Ready: on the wall');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto(`${stack.url}/performances/${set.id}`);
    const tile = page.getByRole('button', { name: new RegExp(`^Photo of ${artistName(set.data.artistId)}`) });
    await tile.waitFor({ timeout: LIVE });
    await page.waitForFunction(() => [...document.querySelectorAll('.photo-tile img')].some((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), undefined, { timeout: LIVE });
    await screenshot(page, 'upload-ready-on-wall');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 240_000);

  it('a rejected upload shows its reason', async () => {
    const page = await uploaderPage();
    const row = await upload(page, seed.performances[3]!.id, { name: 'not-a-photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is plain text, not a JPEG') });
    await waitForUploadStatus(row, 'Rejected');
    // The pipeline's own words, shown as written.
    expect(await row.locator('.field-error').textContent()).toMatch(/not an image/i);
    await screenshot(page, 'upload-rejected-reason');
  }, 180_000);

  it('a new account is told why it cannot upload yet, verifies its email from the link, and can upload (issue 24)', async () => {
    // Signed up a moment ago with a password: the email is not verified yet.
    const email = `new-uploader-${Date.now()}@encore.test`;
    const password = 'front-row-123';
    const signUp = await fetch(`http://${stack.hosts.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    });
    expect(signUp.status).toBe(200);
    const page = await newPage({ width: 390, height: 844 });
    await signIn(page, stack.url, email, password);
    await page.goto(`${stack.url}/upload`);
    await page.getByText('To share photos, first verify your email address', { exact: false }).waitFor({ timeout: LIVE });
    expect(await page.getByRole('button', { name: 'Choose photos' }).count()).toBe(0);
    await screenshot(page, 'upload-verify-email');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Email me a verification link' }).click();
    await page.getByRole('status').filter({ hasText: 'We sent you a link' }).waitFor({ timeout: LIVE });
    // The person opens the link the Auth emulator "sent".
    const codes = (await (await fetch(`http://${stack.hosts.auth}/emulator/v1/projects/${stack.projectId}/oobCodes`)).json()) as { oobCodes: Array<{ email: string; requestType: string; oobLink: string }> };
    const link = codes.oobCodes.find((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
    expect(link).toBeDefined();
    expect((await fetch(link!.oobLink)).ok).toBe(true);
    await page.getByRole('button', { name: 'I have verified it' }).click();
    await page.getByRole('button', { name: 'Choose photos' }).waitFor({ timeout: LIVE });
  }, 180_000);

  it('a visitor reports a photo, staff see why and hide it, and it disappears from another visitor’s wall', async () => {
    const set = seed.performances[4]!;
    const tileName = new RegExp(`^Photo of ${artistName(set.data.artistId)}`);
    const uploader = await uploaderPage();
    const row = await upload(uploader, set.id, { name: 'to-hide.jpg', mimeType: 'image/jpeg', buffer: await photoBytes() });
    await waitForUploadStatus(row, 'Ready: on the wall');

    const visitor = await newPage();
    await visitor.goto(`${stack.url}/performances/${set.id}`);
    const visitorTile = visitor.getByRole('button', { name: tileName });
    await visitorTile.waitFor({ timeout: LIVE });

    // A signed-in visitor (verified email) reports it, once.
    const reporter = await newPage();
    await signIn(reporter, stack.url, account('visitor').email, account('visitor').password);
    await reporter.goto(`${stack.url}/performances/${set.id}`);
    await reporter.getByRole('button', { name: tileName }).click();
    const lightbox = reporter.getByRole('dialog');
    await lightbox.getByRole('button', { name: 'Report photo' }).click();
    const reportDialog = reporter.getByRole('dialog', { name: 'Report this photo' });
    // The reason is chosen by its label (react-aria keeps the radio input itself visually hidden).
    await reportDialog.getByText('Spam or advertising').click({ timeout: LIVE });
    expect(await reportDialog.getByRole('radio', { name: 'Spam or advertising' }).isChecked()).toBe(true);
    await screenshot(reporter, 'report-dialog');
    expect(await seriousA11yViolations(reporter)).toEqual([]);
    await reportDialog.getByRole('button', { name: 'Send report' }).click();
    await reporter.getByRole('button', { name: 'Reported' }).waitFor({ timeout: LIVE });
    await reporter.getByRole('button', { name: 'Reported' }).click();
    await reporter.getByRole('dialog', { name: 'Report this photo' }).getByText('You have reported this photo.', { exact: false }).waitFor({ timeout: LIVE });
    await screenshot(reporter, 'report-already-reported');

    // Staff see the report, its reason, and why it does not count towards hiding: the seeded
    // visitor's account was made when the stack started (issue 24: reputation takes a day).
    const staff = await newPage();
    await signIn(staff, stack.url, account('staff').email, account('staff').password);
    await staff.goto(`${stack.url}/staff/moderation`);
    const queued = staff.getByRole('listitem', { name: /^Photo / }).filter({ hasText: 'Spam or advertising ×1' });
    await queued.filter({ hasText: '1 report, 0 from trusted accounts' }).filter({ hasText: 'Not counted towards hiding: new account ×1' }).waitFor({ timeout: LIVE });

    await staff.goto(`${stack.url}/performances/${set.id}`);
    await staff.getByRole('button', { name: tileName }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText('Photo 1 of 1').waitFor({ timeout: LIVE });
    await screenshot(staff, 'lightbox-staff');
    expect(await seriousA11yViolations(staff)).toEqual([]);
    await dialog.getByRole('button', { name: 'Hide from the wall' }).click();

    // Gone for the visitor without a reload.
    await visitorTile.waitFor({ state: 'detached', timeout: LIVE });
    await visitor.getByText('No photos yet. Be the first to share one!').waitFor({ timeout: LIVE });
    await screenshot(visitor, 'staff-hid-photo-visitor-view');

    await staff.keyboard.press('Escape');
    await staff.goto(`${stack.url}/staff/moderation`);
    const hiddenItem = staff.getByRole('listitem', { name: /^Photo / }).filter({ hasText: `Hidden by ${account('staff').displayName}` });
    await hiddenItem.getByRole('button', { name: /^Restore to the wall: Photo / }).waitFor({ timeout: LIVE });
    // Staff see the photo they hid as it is (read signed in: a plain link to it answers 403), to restore knowing what.
    const hiddenImage = hiddenItem.locator('img[alt="Hidden photo under review"]');
    await hiddenImage.waitFor({ timeout: LIVE });
    await expect.poll(() => hiddenImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { timeout: LIVE }).toBe(true);
    expect(await hiddenImage.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(staff, 'moderation-queue');
    expect(await seriousA11yViolations(staff)).toEqual([]);

    // Staff suspend the uploader for 24 hours, named as staff know them; the uploader is told until when.
    await hiddenItem.getByRole('button', { name: /^Suspend uploader: / }).click();
    await hiddenItem.getByRole('textbox', { name: /^Why suspend / }).fill('Test photos of strangers');
    await hiddenItem.getByText('24 hours').click();
    await hiddenItem.getByRole('button', { name: 'Suspend uploads and reports' }).click();
    const suspendedLine = hiddenItem.getByText(/^Uploads and reports suspended by .+ until .+: “Test photos of strangers”$/);
    await suspendedLine.waitFor({ timeout: LIVE });
    const staffMember = account('staff');
    expect([staffMember.email, staffMember.displayName]).toContain(await suspendedLine.locator('span[title]').textContent());
    expect(await seriousA11yViolations(staff)).toEqual([]);
    await uploader.goto(`${stack.url}/upload`);
    const told = uploader.getByRole('status').filter({ hasText: /^You are suspended from uploading photos to this festival until .+\.$/ });
    await told.waitFor({ timeout: LIVE });
    expect(await uploader.getByRole('button', { name: 'Choose photos' }).count()).toBe(0);
    await screenshot(uploader, 'upload-suspended');
    expect(await seriousA11yViolations(uploader)).toEqual([]);
    // Lifted: the uploader's page offers uploads again, live (and the file's later tests upload as them).
    await hiddenItem.getByRole('button', { name: /^Lift suspension: / }).click();
    await uploader.getByRole('button', { name: 'Choose photos' }).waitFor({ timeout: LIVE });
  }, 300_000);

  it('the programme opens offline after a first visit', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/?day=2026-08-15`);
    await page.getByRole('heading', { level: 2, name: /^Saturday 15 August · \d+ sets$/ }).waitFor({ timeout: LIVE });
    // The service worker has precached the app shell once it controls the page.
    await waitForServiceWorker(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.context().setOffline(true);
    await page.reload();
    const heading = page.getByRole('heading', { level: 2, name: /^Saturday 15 August · \d+ sets$/ });
    await heading.waitFor({ timeout: LIVE });
    expect(Number((await heading.textContent())!.match(/(\d+) sets/)![1])).toBeGreaterThan(20);
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'programme-offline');
    await page.context().setOffline(false);
  }, 180_000);
});
