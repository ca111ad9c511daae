// @vitest-environment node
/**
 * Must-see and maybe (issue 20, "priorities survive a reload, a second device and the
 * calendar feed") in Chromium against the whole local stack, production build, on a 390x844
 * phone during the festival (Saturday 21:00): the visitor marks one set must-see with the
 * timeline block's priority button and another maybe with the list card's toggles; after a
 * reload both show; a second browser context signed in as the same account shows both; the
 * private calendar feed gives the must-see its alarm and the maybe none. Screenshots in
 * test-results/web/ (priorities-*).
 */
import { festivalDayOf, firestorePaths } from '@encore/model';
import { readCalendar } from '@encore/model/calendar';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import { FESTIVAL_SATURDAY_NINE } from './festival-clock';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const seed = encore2026();
const F = seed.festivalId;
const LIVE = 60_000;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('priorities-test', (session) => {
  ({ stack, admin } = session);
});

const artistName = (artistId: string) => seed.artists.find((artist) => artist.id === artistId)!.data.name;
const laterOn = (stageId: string) =>
  seed.performances.find(({ data }) => festivalDayOf(data.startsAt, seed.festival) === '2026-08-15' && data.stageId === stageId && data.startsAt > FESTIVAL_SATURDAY_NINE)!;
// Two sets still to come on Saturday night, on the first two stages (in view on the phone's timeline).
const MUST = laterOn(seed.stages[0]!.id);
const MAYBE = laterOn(seed.stages[1]!.id);
const mustArtist = artistName(MUST.data.artistId);
const maybeArtist = artistName(MAYBE.data.artistId);
const visitor = () => stack.accounts.find((candidate) => candidate.email.startsWith('visitor'))!;

/**
 * Waits until a list card's must-see/maybe pair shows `pressed` as the one pressed (the
 * favourites arrive after the programme: the pair shows unpressed until then), then gives
 * both buttons' states.
 */
async function pressedOnCard(page: Page, setId: string, artist: string, pressed: 'Must-see' | 'Maybe'): Promise<Record<string, string | null>> {
  const group = page.locator(`[data-set-id="${setId}"]`).getByRole('group', { name: `How much you want to see ${artist}` });
  await group.getByRole('button', { name: pressed, pressed: true }).waitFor({ timeout: LIVE });
  return {
    'Must-see': await group.getByRole('button', { name: 'Must-see' }).getAttribute('aria-pressed'),
    Maybe: await group.getByRole('button', { name: 'Maybe' }).getAttribute('aria-pressed'),
  };
}

/**
 * The header names the account once the page has it back (Auth loads after the first
 * content): a priority tapped before that waits on the device as a plain favourite.
 */
async function signedIn(page: Page): Promise<void> {
  await page.getByRole('link', { name: visitor().email }).waitFor({ timeout: LIVE });
}

/** The visitor's favourite documents for the two sets, as the backend holds them. */
async function storedPriorities(): Promise<Record<string, unknown>> {
  const uid = (await getAuth(admin).getUserByEmail(visitor().email)).uid;
  const db = getFirestore(admin);
  const [must, maybe] = await Promise.all([db.doc(firestorePaths.favorite(uid, MUST.id)).get(), db.doc(firestorePaths.favorite(uid, MAYBE.id)).get()]);
  return { must: must.get('priority') as unknown, maybe: maybe.get('priority') as unknown };
}

describe('must-see and maybe, kept with the account', () => {
  it('survive a reload, show on a second device, and reach the calendar feed (an alarm for the must-see, none for the maybe)', async () => {
    const uid = (await getAuth(admin).getUserByEmail(visitor().email)).uid;
    const db = getFirestore(admin);
    const existing = await db.collection(firestorePaths.favorite(uid, 'x').replace(/\/x$/, '')).get();
    await Promise.all(existing.docs.map((doc) => doc.ref.delete()));
    // A reminder a quarter before each set, as chosen in the app's notification settings.
    await db.doc(firestorePaths.userPreferences(uid)).set({ locale: 'en', reminderMinutes: 15, updatedAt: Timestamp.now() });

    const phone = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await signIn(phone, stack.url, visitor().email, visitor().password);

    // Must-see from the timeline: one tap on the block's priority button, a 44 px target under the artist's name.
    await phone.goto(`${stack.url}/`);
    await signedIn(phone);
    const block = phone.locator(`[data-set-id="${MUST.id}"]`);
    const cycle = block.getByRole('button', { name: `Priority for ${mustArtist}: none, change to must-see` });
    await cycle.waitFor({ timeout: LIVE });
    await cycle.scrollIntoViewIfNeeded();
    const target = (await cycle.boundingBox())!;
    expect(target.width).toBeGreaterThanOrEqual(44);
    expect(target.height).toBeGreaterThanOrEqual(44);
    const name = (await block.locator('.set-name').boundingBox())!;
    const blockBox = (await block.boundingBox())!;
    expect(name.y + name.height).toBeLessThanOrEqual(target.y + 1);
    expect(target.y + target.height).toBeLessThanOrEqual(blockBox.y + blockBox.height + 1);
    await cycle.click();
    await block.getByRole('button', { name: `Priority for ${mustArtist}: must-see, change to maybe` }).waitFor({ timeout: LIVE });
    expect(await block.getAttribute('aria-label')).toMatch(/, Must-see$/);
    await screenshot(phone, 'priorities-phone-timeline');
    expect(await seriousA11yViolations(phone)).toEqual([]);

    // Maybe from the list: the card's own toggle.
    await phone.goto(`${stack.url}/?view=list`);
    await signedIn(phone);
    await phone.locator(`[data-set-id="${MAYBE.id}"]`).getByRole('group', { name: `How much you want to see ${maybeArtist}` }).getByRole('button', { name: 'Maybe' }).click();
    expect(await pressedOnCard(phone, MAYBE.id, maybeArtist, 'Maybe')).toEqual({ 'Must-see': 'false', Maybe: 'true' });

    // Written through to the backend (not only the device's cache) before the reload.
    await expect.poll(storedPriorities, { timeout: LIVE, interval: 250 }).toEqual({ must: 'must', maybe: 'maybe' });

    await phone.reload();
    expect(await pressedOnCard(phone, MUST.id, mustArtist, 'Must-see')).toEqual({ 'Must-see': 'true', Maybe: 'false' });
    expect(await pressedOnCard(phone, MAYBE.id, maybeArtist, 'Maybe')).toEqual({ 'Must-see': 'false', Maybe: 'true' });
    await phone.goto(`${stack.url}/`);
    await phone.locator(`[data-set-id="${MAYBE.id}"]`).getByRole('button', { name: `Priority for ${maybeArtist}: maybe, change to none` }).waitFor({ timeout: LIVE });
    expect(await phone.locator(`[data-set-id="${MUST.id}"]`).getByRole('button', { name: `Priority for ${mustArtist}: must-see, change to maybe` }).count()).toBe(1);

    // A second device: another browser context, the same account.
    const second = await newPage({ at: FESTIVAL_SATURDAY_NINE });
    await signIn(second, stack.url, visitor().email, visitor().password);
    await second.goto(`${stack.url}/my`);
    expect(await pressedOnCard(second, MUST.id, mustArtist, 'Must-see')).toEqual({ 'Must-see': 'true', Maybe: 'false' });
    expect(await pressedOnCard(second, MAYBE.id, maybeArtist, 'Maybe')).toEqual({ 'Must-see': 'false', Maybe: 'true' });
    await screenshot(second, 'priorities-second-device-my-schedule');

    // The private calendar feed (the calendarFeed function), fetched as a calendar app would.
    await second.getByRole('button', { name: 'Export and share' }).click();
    await second.getByRole('button', { name: 'Get my calendar link' }).click();
    const link = second.getByLabel('Your private calendar link');
    await link.waitFor({ timeout: LIVE });
    const response = await fetch(await link.inputValue());
    expect(response.status).toBe(200);
    const feed = readCalendar(await response.text());
    const event = (setId: string) => feed.events.find((candidate) => candidate.properties['UID'] === `${setId}@${F}.encore`)!;
    expect(feed.events).toHaveLength(2);
    expect(event(MUST.id).properties['SUMMARY']).toBe(`Must-see: ${mustArtist}${MUST.data.title ? ` (${MUST.data.title})` : ''}`);
    expect(event(MUST.id).alarms).toEqual([{ ACTION: 'DISPLAY', DESCRIPTION: `${mustArtist} on ${seed.stages[0]!.data.name} in 15 min`, TRIGGER: '-PT15M' }]);
    expect(event(MAYBE.id).properties['SUMMARY']).toBe(`Maybe: ${maybeArtist}${MAYBE.data.title ? ` (${MAYBE.data.title})` : ''}`);
    expect(event(MAYBE.id).alarms).toEqual([]);
    expect(uncaught(phone)).toEqual([]);
    expect(uncaught(second)).toEqual([]);
  }, 240_000);
});
