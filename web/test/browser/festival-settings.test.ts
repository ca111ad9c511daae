// @vitest-environment node
/**
 * The console's Festival page, in Chromium against the whole local stack. Arranged: the seed's
 * project admin (`admin@encore.test`, an SMS second factor) and the seeded festival, given an
 * `originalRetentionDays` (a field the page does not own) through the Admin SDK. The page is
 * audited with axe at 390 and 1280 px in both themes; then the venue is changed and the short
 * name emptied, and the festival's document has exactly that: the other fields as they were.
 */
import { getFirestore } from 'firebase-admin/firestore';
import type { App } from 'firebase-admin/app';
import { describe, expect, it } from 'vitest';
import { phoneAndLaptopLooks, seriousA11yViolationsInLooks, showIn, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 900 };
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('festival-settings-test', (session) => {
  ({ stack, admin } = session);
});

describe('the console’s Festival page', () => {
  it('passes axe at 390 and 1280 px, light and dark, and a save changes only the fields changed', async () => {
    const db = getFirestore(admin);
    const festivalId = 'encore-2026'; // the seed's, which an address without /f/{id} shows
    await db.doc(`festivals/${festivalId}`).update({ originalRetentionDays: 21, shortName: 'Encore', venue: 'Old Venue' });
    const before = (await db.doc(`festivals/${festivalId}`).get()).data()!;

    const account = stack.accounts.find((candidate) => candidate.email === 'admin@encore.test')!;
    const page = await newPage({ viewport: PHONE });
    await signIn(page, stack.url, account.email, account.password);
    await page.goto(`${stack.url}/staff/festival`);
    const venue = page.getByRole('textbox', { name: 'Venue', exact: true });
    await venue.waitFor({ timeout: LIVE });
    expect(await venue.inputValue()).toBe('Old Venue');
    await page.getByRole('group', { name: 'App icon' }).waitFor();
    const looks = phoneAndLaptopLooks(PHONE, LAPTOP);
    expect(await seriousA11yViolationsInLooks(page, looks, (look) => `festival-settings-${look.device}-${look.colorScheme}`)).toEqual({});
    await showIn(page, looks[0]!);

    await venue.fill('New Venue');
    await page.getByRole('textbox', { name: 'Short name', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save the changes', exact: true }).click();
    await page.getByText('Saved: visitors see the changes.').waitFor({ timeout: LIVE });

    const after = (await db.doc(`festivals/${festivalId}`).get()).data()!;
    const expected: Record<string, unknown> = { ...before, venue: 'New Venue' };
    delete expected.shortName;
    expect(after).toEqual(expected);
    expect(uncaught(page)).toEqual([]);
  }, 400_000);
});
