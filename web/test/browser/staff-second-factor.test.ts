// @vitest-environment node
/**
 * Staff sign in with a second factor, on the whole local stack (the Auth emulator, the
 * repository's rules, the functions, App Check), one stack for the file:
 *
 * - through the web SDK in Chromium (no screens): a staff member signed in with a password
 *   alone is refused a staff write (rules) and a staff callable (a reason saying a second
 *   factor is needed); they enrol an SMS factor; a new sign-in goes password ->
 *   auth/multi-factor-auth-required -> SMS code -> signed in, and the same write and call
 *   then succeed, while the session that signed in before the enrolment stays refused;
 * - through the screens, as people do: the seed's staff signs in with the code the app
 *   shows on the emulators and gets the console; staff without a factor find the console
 *   locked, enrol a phone on the Account page and it opens, remove it and it locks again.
 * Screens are audited with axe-core and saved under test-results/web/.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { listVerificationCodes } from '@encore/emulators/stack';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterSmsCode, launchBrowser, screenshot, seriousA11yViolations, signIn } from './browser';
import { startLocalStack, type LocalStack } from './local-stack';
import type { StaffSdk } from './pages/staff-sdk';
import { serveSdkPage, type SdkPageSite } from './sdk-page';

const LIVE = 60_000;
let stack: LocalStack;
let browser: Browser;
let sdkSite: SdkPageSite;
let admin: App;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startLocalStack();
  [browser, sdkSite] = await Promise.all([launchBrowser(), serveSdkPage(new URL('./pages/staff-sdk.ts', import.meta.url).pathname)]);
  // startLocalStack set FIREBASE_AUTH_EMULATOR_HOST: the Admin SDK arranges accounts there.
  admin = initializeApp({ projectId: stack.projectId }, 'staff-second-factor-test');
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await sdkSite?.close();
  if (admin) await deleteApp(admin);
  await stack?.stop();
}, 60_000);

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return context.newPage();
}

/**
 * A staff account with a verified email and no second factor yet, as `npm run grant -- <email>
 * programme --festival encore-2026` leaves a new organiser: programme staff of the seed festival.
 */
async function newStaffMember(email: string, password: string): Promise<string> {
  const { uid } = await getAuth(admin).createUser({ email, password, emailVerified: true, displayName: 'New Organiser' });
  await getFirestore(admin).doc(`festivals/encore-2026/staff/${uid}`).set({ role: 'programme', email, addedAt: new Date(), addedBy: null });
  return uid;
}

/** The code the Auth emulator made for this verification (what the phone would have received). */
async function smsCode(verificationId: string): Promise<string> {
  const codes = await listVerificationCodes(stack.hosts.auth, stack.projectId);
  const code = codes.find((candidate) => candidate.sessionInfo === verificationId)?.code;
  if (!code) throw new Error(`the Auth emulator has no code for this verification; it has ${codes.length}`);
  return code;
}

describe('the web SDK: staff rights need a sign-in with a second factor', () => {
  let page: Page;
  const call = <K extends keyof StaffSdk>(name: K, ...args: Parameters<StaffSdk[K]>): Promise<Awaited<ReturnType<StaffSdk[K]>>> =>
    page.evaluate(({ name, args }) => (globalThis.encoreSdk![name] as (...a: unknown[]) => unknown)(...args), { name, args: args as unknown[] }) as Promise<
      Awaited<ReturnType<StaffSdk[K]>>
    >;

  beforeAll(async () => {
    page = await newPage();
    await page.goto(sdkSite.url);
    await page.waitForFunction(() => globalThis.encoreSdk !== undefined);
    await call('configure', {
      projectId: stack.projectId,
      hosts: { auth: stack.hosts.auth, firestore: stack.hosts.firestore, functions: stack.hosts.functions },
      appCheck: await stack.appCheckToken('demo-app'),
      festivalId: 'encore-2026',
    });
    // A new context, the SDK page's load and an App Check exchange: beyond vitest's 10 s on a loaded 2-core box.
  }, 60_000);

  it('refuses staff signed in with a password alone, then lets them in after an SMS second factor; the old session stays refused', async () => {
    const email = 'new-organiser@encore.test';
    const password = 'festival-crew-2026';
    const uid = await newStaffMember(email, password);

    // Signed in with the password alone: staff by their festival role, refused by the rules and the callable.
    await call('open', 'password-only');
    expect(await call('signInWithPassword', 'password-only', email, password)).toEqual({ signedIn: true });
    expect(await call('signInClaims', 'password-only')).toEqual({ uid, role: undefined, secondFactor: null });
    expect(await call('postAnnouncement', 'password-only', 'a-no-factor')).toMatchObject({ refused: true, code: 'permission-denied' });
    expect(await call('checkProgrammeImport', 'password-only')).toMatchObject({
      refused: true,
      code: 'functions/permission-denied',
      reason: 'second-factor-needed',
      message: expect.stringContaining('second factor') as unknown,
    });

    // Enrolling an SMS factor (mfaEnrollment start and finalize).
    await call('open', 'enrol');
    await call('signInWithPassword', 'enrol', email, password);
    const enrolment = await call('sendEnrolmentCode', 'enrol', '+16505550177');
    await call('finishEnrolment', 'enrol', enrolment, await smsCode(enrolment), 'Crew phone');
    expect((await getAuth(admin).getUser(uid)).multiFactor?.enrolledFactors).toEqual([expect.objectContaining({ factorId: 'phone', phoneNumber: '+16505550177', displayName: 'Crew phone' })]);

    // A new sign-in: the password is not enough (auth/multi-factor-auth-required), the SMS code finishes it (mfaSignIn start and finalize).
    await call('open', 'second-factor');
    const asked = await call('signInWithPassword', 'second-factor', email, password);
    expect(asked).toEqual({ hints: [{ uid: expect.any(String) as unknown, factorId: 'phone', phoneNumber: '+*******0177' }] });
    const hint = (asked as { hints: Array<{ uid: string }> }).hints[0]!.uid;
    const verification = await call('sendSignInCode', 'second-factor', hint);
    const code = await smsCode(verification);
    expect(await call('finishSignIn', 'second-factor', verification, code === '000000' ? '111111' : '000000')).toMatchObject({ refused: true, code: 'auth/invalid-verification-code' });
    expect(await call('finishSignIn', 'second-factor', verification, code)).toBe(true);
    expect(await call('signInClaims', 'second-factor')).toEqual({ uid, role: undefined, secondFactor: 'phone' });
    expect(await call('postAnnouncement', 'second-factor', 'a-with-factor')).toBe(true);
    expect(await call('checkProgrammeImport', 'second-factor')).toEqual({ imported: 0 });

    // The session that signed in with the password alone keeps no factor, even on a fresh token.
    expect(await call('signInClaims', 'password-only')).toEqual({ uid, role: undefined, secondFactor: null });
    expect(await call('postAnnouncement', 'password-only', 'a-still-no-factor')).toMatchObject({ refused: true, code: 'permission-denied' });
    expect(await call('checkProgrammeImport', 'password-only')).toMatchObject({ refused: true, reason: 'second-factor-needed' });
  }, 180_000);
});

describe('the screens', () => {
  it('the seed’s staff signs in with the SMS code the app shows on the emulators, and the console opens', async () => {
    const staff = stack.accounts.find((account) => account.role === 'staff')!;
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${stack.url}/account`);
    await page.getByRole('tab', { name: 'Sign in' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(staff.email);
    await panel.getByLabel('Password').fill(staff.password);
    await panel.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: 'Second step: your code' }).waitFor({ timeout: LIVE });
    await page.getByText('Test phone (+*******0101)').waitFor();
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('We texted a code to +*******0101.').waitFor({ timeout: LIVE });
    await page.getByText('Local emulator: no text message is sent.', { exact: false }).waitFor();
    await screenshot(page, 'second-factor-sign-in-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A wrong code is explained, and the right one signs in.
    await page.getByLabel('Code from the text message').fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: "That code isn't right." }).waitFor({ timeout: LIVE });
    await enterSmsCode(page, 'Code from the text message', 'Verify and sign in');
    await page.getByText('This sign-in used your second factor: the staff console is open.').waitFor({ timeout: LIVE });
    await page.goto(`${stack.url}/staff`);
    await page.getByRole('heading', { name: 'Staff console' }).waitFor({ timeout: LIVE });
  }, 180_000);

  it('staff without a second factor find the console locked, enrol a phone and it opens; removing it locks it again', async () => {
    const email = 'first-day@encore.test';
    const password = 'festival-crew-2026';
    await newStaffMember(email, password);
    const page = await newPage();
    await signIn(page, stack.url, email, password);

    await page.goto(`${stack.url}/staff`);
    await page.getByRole('heading', { name: 'Staff console locked' }).waitFor({ timeout: LIVE });
    await screenshot(page, 'staff-console-locked');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Set up a second factor' }).click();
    await page.getByRole('heading', { name: 'Second factor' }).waitFor({ timeout: LIVE });
    await page.getByText('The staff console is locked until you add a second factor below.').waitFor();
    await page.getByLabel('Phone number').fill('06 12345678');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('Start with + and the country code, e.g. +31 6 12345678.').waitFor();
    await page.getByLabel('Phone number').fill('+31 6 1234 5678');
    await page.getByLabel('Name for this phone').fill('Work phone');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('We texted a code to +31612345678.').waitFor({ timeout: LIVE });
    await screenshot(page, 'second-factor-enrol-code');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await enterSmsCode(page, 'Code from the text message', 'Add this phone');
    await page.getByText('“Work phone” is added.', { exact: false }).waitFor({ timeout: LIVE });
    await page.getByText('This sign-in used your second factor: the staff console is open.').waitFor({ timeout: LIVE });
    await page.getByRole('list', { name: 'Your second factors' }).getByText('Work phone (+31612345678)').waitFor();
    await screenshot(page, 'second-factor-enrolled');

    await page.goto(`${stack.url}/staff`);
    await page.getByRole('heading', { name: 'Staff console' }).waitFor({ timeout: LIVE });

    await page.goto(`${stack.url}/account`);
    await page.getByRole('button', { name: 'Remove Work phone' }).click();
    await page.getByText('Remove it? Without a second factor the staff console locks.').waitFor();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No second factor yet.').waitFor({ timeout: LIVE });
    await page.getByText('The staff console is locked until you add a second factor below.').waitFor({ timeout: LIVE });
    await page.goto(`${stack.url}/staff`);
    await page.getByRole('heading', { name: 'Staff console locked' }).waitFor({ timeout: LIVE });
  }, 240_000);
});
