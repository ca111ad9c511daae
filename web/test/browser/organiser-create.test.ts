// @vitest-environment node
/**
 * Creating a festival from the organiser page, in Chromium against the whole local stack. The
 * test arranges: the seed's project admin (`admin@encore.test`, the `admin` claim and an SMS
 * second factor) signs in with the factor; the seeded festival exists, so the page opens on the
 * list with a "Create a festival" button. It needs the `/organiser` route (app routing), the
 * `createFestival` callable (functions) and the seed's admin as they stand in issue 35.
 *
 * The form is audited with axe at 390 and 1280 px in both themes, in Dutch with every field's
 * error showing and in English filled in; then the festival is created with its own colours,
 * the browser lands on its console, and both documents exist: `festivals/{id}` with the colours
 * and `festivals/{id}/staff/{uid}` making the creator its admin.
 */
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { App } from 'firebase-admin/app';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillFestivalForm, phoneAndLaptopLooks, seriousA11yViolationsInLooks, showIn, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const LIVE = 60_000;
const LAPTOP = { width: 1280, height: 900 };
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('organiser-create-test', (session) => {
  ({ stack, admin } = session);
});

async function openCreateForm(page: Page, title: RegExp, create: string): Promise<void> {
  await page.goto(`${stack.url}/organiser`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: LIVE });
  await page.getByRole('button', { name: create, exact: true }).click({ timeout: LIVE });
}

describe('creating a festival', () => {
  it('the project admin creates one with its colours; the form passes axe at 390 and 1280 px, light and dark, Dutch and English', async () => {
    const account = stack.accounts.find((candidate) => candidate.email === 'admin@encore.test')!;
    const page = await newPage({ viewport: PHONE });
    await signIn(page, stack.url, account.email, account.password);
    const looks = phoneAndLaptopLooks(PHONE, LAPTOP);

    // Dutch, sent empty: every required field says what it needs.
    await page.evaluate(() => window.localStorage.setItem('encore.locale', 'nl'));
    await openCreateForm(page, /^Organiseer een festival$/, 'Maak een festival');
    await page.getByRole('button', { name: 'Maak het festival', exact: true }).click();
    await page.getByText('Vul dit in.').first().waitFor({ timeout: LIVE });
    expect(await seriousA11yViolationsInLooks(page, looks, (look) => `organiser-create-nl-errors-${look.device}-${look.colorScheme}`)).toEqual({});

    // English, filled in.
    await page.evaluate(() => window.localStorage.setItem('encore.locale', 'en'));
    await showIn(page, looks[0]!);
    await openCreateForm(page, /^Organise a festival$/, 'Create a festival');
    await fillFestivalForm(page, {
      name: 'Zomer Klanken',
      shortName: 'Zomer Klanken',
      startsOn: '2027-07-02',
      endsOn: '2027-07-04',
      timeZoneSearch: 'amster',
      timeZone: 'Europe/Amsterdam',
      venue: 'Het Park',
      address: 'Parkweg 1, Utrecht',
      colours: { primary: '#0f7b6c', secondary: '#1b2a4a' },
      website: 'zomerklanken.example.com',
    });
    expect(await page.getByRole('textbox', { name: 'Web address', exact: true }).inputValue()).toBe('zomer-klanken-2027');
    expect(await seriousA11yViolationsInLooks(page, looks, (look) => `organiser-create-en-${look.device}-${look.colorScheme}`)).toEqual({});

    await page.getByRole('button', { name: 'Create the festival', exact: true }).click();
    await page.waitForURL(`${stack.url}/f/zomer-klanken-2027/staff`, { timeout: LIVE });

    const db = getFirestore(admin);
    const festival = await db.doc('festivals/zomer-klanken-2027').get();
    expect(festival.data()).toMatchObject({
      name: 'Zomer Klanken',
      shortName: 'Zomer Klanken',
      startsOn: '2027-07-02',
      endsOn: '2027-07-04',
      timeZone: 'Europe/Amsterdam',
      venue: 'Het Park',
      address: 'Parkweg 1, Utrecht',
      colours: { primary: '#0f7b6c', secondary: '#1b2a4a' },
      links: { website: 'https://zomerklanken.example.com/' },
    });
    const { uid } = await getAuth(admin).getUserByEmail(account.email);
    expect((await db.doc(`festivals/zomer-klanken-2027/staff/${uid}`).get()).data()).toMatchObject({ role: 'admin' });
    expect(uncaught(page)).toEqual([]);
  }, 400_000);
});
