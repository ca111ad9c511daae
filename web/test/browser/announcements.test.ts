// @vitest-environment node
/**
 * The festival team's control over announcements, in Chromium against the whole local stack:
 * the seed's staff account signs in with its second factor, posts an urgent announcement in
 * English and Dutch (confirmed after seeing how it looks and how many devices it reaches), an
 * English and a Dutch visitor each see it in their language, in two lines on a phone, and
 * when staff withdraw it the banner leaves both open pages within 2 s and News marks it
 * withdrawn. Then "All clear" in one tap. Screenshots go to test-results/web/ (announcements-*).
 */
import { firestorePaths } from '@encore/model';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const LIVE = 60_000;
/** How soon a withdrawn banner must leave every open page (issue 22). */
const WITHDRAWN_WITHIN_MS = 2_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('announcements-test', (session) => {
  ({ stack, admin } = session);
});

const db = () => getFirestore(admin);
const staffAccount = () => stack.accounts.find((candidate) => candidate.role === 'staff')!;

async function openProgramme(page: Page, heading: string): Promise<void> {
  await page.goto(`${stack.url}/`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: LIVE });
}

/** The line height of an element's text, and how many such lines it takes. */
const linesOf = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element.querySelector('.urgent-banner-title')!);
    const lineHeight = parseFloat(style.lineHeight);
    return Math.round(element.getBoundingClientRect().height / lineHeight);
  });

/**
 * The announcement once the server holds it: the staff page shows its own write at once (latency
 * compensation), before the commit reaches the emulator, so the heading alone does not prove it.
 */
async function committedAnnouncement(title: string) {
  const query = db().collection(firestorePaths.announcements('encore-2026')).where('title', '==', title);
  await expect.poll(async () => (await query.get()).size, { timeout: LIVE }).toBe(1);
  return (await query.get()).docs[0]!;
}

describe('announcements staff control', () => {
  it('an urgent announcement in both languages, confirmed first, reaches each reader in their language and leaves every open page within 2 s of its withdrawal', async () => {
    const english = await newPage();
    const dutch = await newPage({ locale: 'nl-NL' });
    await openProgramme(english, 'Programme');
    await openProgramme(dutch, 'Programma');

    const staff = await newPage();
    await signIn(staff, stack.url, staffAccount().email, staffAccount().password);
    await staff.goto(`${stack.url}/staff/announcements`);
    await staff.getByLabel('Title in English').fill('Storm');
    await staff.getByLabel('Message in English').fill('Lightning is coming: leave the field and take shelter in the halls until we say it is safe. Follow the stewards.');
    await staff.getByLabel('Title in Dutch').fill('Onweer');
    await staff.getByLabel('Message in Dutch').fill('Er komt onweer: verlaat het veld en schuil in de hallen tot we zeggen dat het veilig is. Volg de stewards.');
    await staff.getByText('Urgent (highlighted)').click();
    await staff.getByRole('button', { name: 'Publish announcement' }).click();

    // Nothing goes out before the confirmation, which shows how it looks and how far it goes.
    const confirm = staff.getByRole('dialog');
    await confirm.getByText(/goes as a push to (no devices|\d+ devices?)/).waitFor({ timeout: LIVE });
    expect(await confirm.textContent()).toContain('Urgent: Onweer');
    expect(await confirm.textContent()).toContain('Urgent: Storm');
    const announcements = db().collection(firestorePaths.announcements('encore-2026'));
    expect((await announcements.where('title', '==', 'Storm').get()).size).toBe(0);
    expect(await seriousA11yViolations(staff)).toEqual([]);
    const sendBox = await confirm.getByRole('button', { name: 'Not yet' }).boundingBox();
    expect(sendBox!.x + sendBox!.width).toBeLessThanOrEqual(390);
    await screenshot(staff, 'announcements-confirm-urgent-phone');
    await confirm.getByRole('button', { name: 'Send urgent announcement' }).click();
    await staff.getByRole('status').filter({ hasText: '“Storm” is published' }).waitFor({ timeout: LIVE });

    // Each reader in their own language; on a phone, two lines with the rest one tap away.
    const englishBanner = english.getByRole('alert').filter({ hasText: 'Urgent: Storm' });
    const dutchBanner = dutch.getByRole('alert').filter({ hasText: 'Dringend: Onweer' });
    await englishBanner.waitFor({ timeout: LIVE });
    await dutchBanner.waitFor({ timeout: LIVE });
    expect(await dutchBanner.textContent()).toContain('Er komt onweer');
    expect(await englishBanner.textContent()).toContain('Lightning is coming');
    expect(await linesOf(english, '.urgent-banner-text')).toBeLessThanOrEqual(2);
    // Its buttons on screen, and nothing wider than the phone.
    const dismiss = await english.getByRole('button', { name: 'Dismiss “Storm”' }).boundingBox();
    expect(dismiss!.x + dismiss!.width).toBeLessThanOrEqual(390);
    expect(await english.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await english.getByRole('button', { name: 'All of “Storm”' }).click();
    await english.getByRole('link', { name: 'Read in News' }).waitFor({ timeout: LIVE });
    expect(await linesOf(english, '.urgent-banner-text')).toBeGreaterThan(2);
    await screenshot(dutch, 'announcements-banner-dutch-phone');
    expect(await seriousA11yViolations(dutch)).toEqual([]);

    // The console lists it: who, priority and the devices its push reached.
    const card = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: 'Storm' }) });
    await card.waitFor({ timeout: LIVE });
    expect(await card.textContent()).toContain(`By ${staffAccount().email}`);
    expect(await card.textContent()).toContain('Urgent');
    expect(await card.textContent()).toMatch(/push reached (no devices yet|\d+ devices?)/);
    expect(await seriousA11yViolations(staff)).toEqual([]);
    await screenshot(staff, 'announcements-sent-phone');

    // Withdrawn: the banner leaves both open pages within 2 s.
    await card.getByRole('button', { name: 'Withdraw' }).click();
    await card.getByRole('button', { name: 'Yes, withdraw' }).click();
    const withdrawnAt = Date.now();
    await Promise.all([
      englishBanner.waitFor({ state: 'detached', timeout: WITHDRAWN_WITHIN_MS }),
      dutchBanner.waitFor({ state: 'detached', timeout: WITHDRAWN_WITHIN_MS }),
    ]);
    console.log(`announcements: withdrawn banner gone from both open pages ${Date.now() - withdrawnAt} ms after the click`);
    const [stored] = (await announcements.where('title', '==', 'Storm').get()).docs;
    expect(stored!.data()).toMatchObject({ status: 'withdrawn', withdrawnBy: expect.any(String) as unknown, authorName: staffAccount().email, titleNl: 'Onweer' });
    expect(stored!.get('withdrawnBy')).toBe(stored!.get('authorUid'));

    // News marks it withdrawn, in each reader's language.
    await dutch.goto(`${stack.url}/inbox`);
    await dutch.getByRole('heading', { level: 3, name: 'Ingetrokken: Onweer' }).waitFor({ timeout: LIVE });
    await card.getByText('Withdrawn', { exact: true }).waitFor({ timeout: LIVE });
    expect(uncaught(english)).toEqual([]);
    expect(uncaught(dutch)).toEqual([]);
    expect(uncaught(staff)).toEqual([]);
  }, 300_000);

  it('"All clear" in one tap: the urgent banner leaves and a follow-up in both languages reaches News', async () => {
    const visitor = await newPage({ locale: 'nl-NL' });
    const staff = await newPage();
    await signIn(staff, stack.url, staffAccount().email, staffAccount().password);
    await staff.goto(`${stack.url}/staff/announcements`);
    await staff.getByLabel('Title in English').fill('Gate B closed');
    await staff.getByLabel('Message in English').fill('Use gate A.');
    await staff.getByText('Urgent (highlighted)').click();
    await staff.getByRole('button', { name: 'Publish announcement' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Send urgent announcement' }).click();
    await openProgramme(visitor, 'Programma');
    // No Dutch text given: the Dutch reader gets the English.
    const banner = visitor.getByRole('alert').filter({ hasText: 'Dringend: Gate B closed' });
    await banner.waitFor({ timeout: LIVE });

    const card = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: 'Gate B closed', exact: true }) });
    await card.getByRole('button', { name: 'All clear' }).click();
    await banner.waitFor({ state: 'detached', timeout: LIVE });
    // The all clear replaces it as a banner of its own, titled as it is (not "Dringend: …").
    await visitor.getByRole('alert').filter({ hasText: 'Alles veilig: Gate B closed' }).waitFor({ timeout: LIVE });
    expect(await visitor.getByRole('alert').filter({ hasText: 'Dringend' }).count()).toBe(0);
    await staff.getByRole('heading', { name: 'All clear: Gate B closed' }).waitFor({ timeout: LIVE });
    const followUp = await committedAnnouncement('All clear: Gate B closed');
    const originalId = followUp.get('followUpOf') as string;
    expect(followUp.id).toBe(`${originalId}-all-clear`);
    expect(followUp.data()).toMatchObject({ priority: 'urgent', titleNl: 'Alles veilig: Gate B closed' });
    const original = (await db().doc(firestorePaths.announcement('encore-2026', originalId)).get()).data()!;
    expect(original).toMatchObject({ priority: 'normal' });
    expect(original['urgentAt']).toBeDefined();
    // One all clear each: the button leaves, the card says it was sent.
    await card.getByText('all clear sent').waitFor({ timeout: LIVE });
    expect(await card.getByRole('button', { name: 'All clear' }).count()).toBe(0);
    expect(uncaught(staff)).toEqual([]);
  }, 240_000);

  it('"All clear" stays offered after an urgent announcement is withdrawn', async () => {
    const staff = await newPage();
    await signIn(staff, stack.url, staffAccount().email, staffAccount().password);
    await staff.goto(`${stack.url}/staff/announcements`);
    await staff.getByLabel('Title in English').fill('Lightning nearby');
    await staff.getByLabel('Message in English').fill('Leave the field.');
    await staff.getByText('Urgent (highlighted)').click();
    await staff.getByRole('button', { name: 'Publish announcement' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Send urgent announcement' }).click();
    const card = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: 'Lightning nearby', exact: true }) });
    await card.getByRole('button', { name: 'Withdraw' }).click();
    await card.getByRole('button', { name: 'Yes, withdraw' }).click();
    await card.getByText('Withdrawn', { exact: true }).waitFor({ timeout: LIVE });
    await card.getByRole('button', { name: 'All clear' }).click();
    await staff.getByRole('heading', { name: 'All clear: Lightning nearby' }).waitFor({ timeout: LIVE });
    const followUp = await committedAnnouncement('All clear: Lightning nearby');
    expect(followUp.data()).toMatchObject({ priority: 'urgent' });
    expect((await db().doc(firestorePaths.announcement('encore-2026', followUp.get('followUpOf') as string)).get()).get('status')).toBe('withdrawn');
    expect(uncaught(staff)).toEqual([]);
  }, 240_000);
});
