// @vitest-environment node
/**
 * Ask for help (issue 36), in Chromium against the whole local stack, with two browser
 * contexts. A visitor (a guest: no account needed) opens Help, which offers the emergency
 * number and the seed plan's first-aid post; with no network, they send a first-aid request
 * with their position shared (the context's geolocation, placed on the demo plan by its
 * control points); it waits on the phone ("waiting for a connection") and reaches nobody.
 * Online again, the staff console (the seed's staff account, signed in with its SMS second
 * factor) shows it within 2 s of it reaching the server, pinned on the plan where the visitor
 * is. Staff mark it "on the way" and the visitor's page says so; after "resolved" the visitor
 * sees it closed and the request in Firestore (read with the Admin SDK) has no position left.
 * axe finds nothing serious on the Help page and the console's Help section, phone and laptop,
 * light and dark, English and Dutch.
 */
import { helpPaths, planGeoTransform, type HelpRequest } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneAndLaptopLooks, screenshot, seriousA11yViolationsInLooks, showIn, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const LIVE = 60_000;
/** The promise: staff see a request within 2 seconds of it being sent. */
const SHOWN_WITHIN_MS = 2_000;
const LAPTOP = { width: 1280, height: 800 };
const seed = encore2026();
const F = seed.festivalId;
/** Where the visitor stands on the demo plan (fractions), as the seed's georeference places it. */
const AT = { x: 0.3, y: 0.6 };

let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('help-request-test', (session) => {
  ({ stack, admin } = session);
});

/** Resolves with the festival's requests once `done` says they are there (the Admin SDK, past the rules). */
function waitForRequests(done: (requests: Array<{ id: string; data: DocumentData }>) => boolean, timeout = LIVE): Promise<Array<{ id: string; data: DocumentData }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the help requests never got there'));
    }, timeout);
    const stop = getFirestore(admin)
      .collection(helpPaths.helpRequests(F))
      .onSnapshot((snapshot) => {
        const requests = snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
        if (!done(requests)) return;
        clearTimeout(timer);
        stop();
        resolve(requests);
      }, reject);
  });
}

const serverRequests = async () => (await getFirestore(admin).collection(helpPaths.helpRequests(F)).get()).docs;

async function auditInLooks(page: Page, name: string): Promise<void> {
  const findings = await seriousA11yViolationsInLooks(page, phoneAndLaptopLooks(PHONE, LAPTOP), (look) => `${name}-${look.device}-${look.colorScheme}`);
  expect(findings, name).toEqual({});
  await showIn(page, { device: 'phone', viewport: PHONE, colorScheme: 'light' });
}

describe('asking for help', () => {
  it('a request sent offline with a position reaches the staff console within 2 s once online, on the plan; its steps reach the visitor; resolving deletes the position', async () => {
    const position = planGeoTransform(seed.venueMap.georeference).toGeo(AT);
    const visitor = await newPage({ geolocation: { latitude: position.lat, longitude: position.lng, accuracy: 9 }, permissions: ['geolocation'] });
    const signedUp = visitor.waitForResponse((response) => response.url().includes('accounts:signUp') && response.ok(), { timeout: LIVE });
    await visitor.goto(`${stack.url}/help`);
    await signedUp;
    await visitor.getByRole('heading', { level: 1, name: 'Help' }).waitFor({ timeout: LIVE });
    // The emergency number first (the seed festival names none: 112), then the plan's first-aid post.
    expect(await visitor.getByRole('link', { name: 'Call 112' }).getAttribute('href')).toBe('tel:112');
    await visitor.getByText('First aid post', { exact: true }).waitFor({ timeout: LIVE });
    // The header's Help link is there on every page: here it is the current one.
    expect(await visitor.locator('.site-header a.help-link').getAttribute('aria-current')).toBe('page');
    await auditInLooks(visitor, 'help-page');

    // Staff, signed in with their second factor, have the console's Help section open.
    const staffAccount = stack.accounts.find((account) => account.email === 'staff@encore.test')!;
    const staff = await newPage({ viewport: LAPTOP });
    await signIn(staff, stack.url, staffAccount.email, staffAccount.password);
    await staff.goto(`${stack.url}/staff/help`);
    await staff.getByRole('heading', { level: 2, name: 'Help requests' }).waitFor({ timeout: LIVE });
    await staff.getByText('No open requests.').waitFor({ timeout: LIVE });

    // Offline, the visitor shares their position (off until they turn it on) and sends a first-aid request.
    await visitor.context().setOffline(true);
    const share = visitor.getByRole('switch', { name: 'Share my position on the site plan with staff' });
    expect(await share.isChecked()).toBe(false);
    // By keyboard (the switch is a labelled checkbox): Space turns it on.
    await share.press('Space');
    await visitor.getByRole('switch', { name: 'Share my position on the site plan with staff', checked: true }).waitFor();
    await visitor.getByRole('status').filter({ hasText: 'Your position will be sent' }).waitFor({ timeout: LIVE });
    // With a position, the first-aid post gets its distance.
    await visitor.getByText(/^About \d+ m, \d+ minutes? on foot$/).waitFor({ timeout: LIVE });
    await visitor.getByRole('radio', { name: 'First aid' }).check();
    await visitor.getByLabel('Anything staff should know (optional)').fill('My friend fainted by the bar');
    await visitor.getByRole('button', { name: 'Send to staff' }).click();
    await visitor.getByText(/^Waiting for a connection/).waitFor({ timeout: LIVE });
    await screenshot(visitor, 'help-request-waiting');
    expect(await serverRequests()).toHaveLength(0);

    // Online again: the request reaches the server, and the console within 2 s, on the plan.
    const reached = waitForRequests((requests) => requests.length === 1);
    await visitor.context().setOffline(false);
    const [request] = await reached;
    const reachedAt = Date.now();
    const pin = staff.locator(`.help-desk-pin[data-request="${request!.id}"]`);
    await pin.waitFor({ timeout: SHOWN_WITHIN_MS });
    expect(Date.now() - reachedAt).toBeLessThanOrEqual(SHOWN_WITHIN_MS);
    const stored = request!.data as HelpRequest;
    expect({ uid: typeof stored.uid, kind: stored.kind, note: stored.note, status: stored.status, locale: stored.locale }).toEqual({
      uid: 'string',
      kind: 'first-aid',
      note: 'My friend fainted by the bar',
      status: 'new',
      locale: 'en',
    });
    expect(stored.position!.x).toBeCloseTo(AT.x, 3);
    expect(stored.position!.y).toBeCloseTo(AT.y, 3);
    // The pin stands where the visitor is on the plan.
    const plan = (await staff.locator('.help-desk-plan .site-plan-stage').boundingBox())!;
    const box = (await pin.boundingBox())!;
    expect(Math.hypot(box.x + box.width / 2 - (plan.x + AT.x * plan.width), box.y + box.height / 2 - (plan.y + AT.y * plan.height))).toBeLessThanOrEqual(6);
    const card = staff.locator(`.help-desk-card[data-request="${request!.id}"]`);
    await card.getByText('My friend fainted by the bar').waitFor();
    await visitor.getByText('Sent: staff have your request', { exact: true }).first().waitFor({ timeout: LIVE });
    await screenshot(staff, 'help-desk-new');

    // On the way: the visitor's page says so.
    await card.getByRole('button', { name: /^On the way/ }).click();
    await screenshot(staff, 'help-desk-on-the-way');
    await waitForRequests((requests) => requests[0]?.data['status'] === 'on-the-way');
    await visitor.locator('.help-status-now[data-status="on-the-way"]').waitFor({ timeout: LIVE });
    expect(await visitor.locator('.help-status-now').textContent()).toBe('Staff are on the way');
    await screenshot(visitor, 'help-request-on-the-way');
    await auditInLooks(staff, 'help-desk');

    // Resolved: the position is gone from Firestore, and the visitor sees the request closed.
    await card.getByRole('button', { name: /^Resolved/ }).click();
    await waitForRequests((requests) => requests[0]?.data['status'] === 'resolved');
    const resolved = (await getFirestore(admin).doc(helpPaths.helpRequest(F, request!.id)).get()).data()!;
    expect(resolved['position']).toBeUndefined();
    expect(resolved['handledBy']).toMatchObject({ uid: expect.any(String) as unknown });
    await visitor.locator('.help-status-now[data-status="resolved"]').waitFor({ timeout: LIVE });
    await staff.getByText('No open requests.').waitFor({ timeout: LIVE });
    await auditInLooks(visitor, 'help-request-resolved');

    // In Dutch, both screens.
    for (const page of [visitor, staff]) {
      await page.evaluate(() => window.localStorage.setItem('encore.locale', 'nl'));
      await page.reload();
    }
    await visitor.getByRole('heading', { level: 1, name: 'Hulp' }).waitFor({ timeout: LIVE });
    await visitor.locator('.help-status-now[data-status="resolved"]').waitFor({ timeout: LIVE });
    await auditInLooks(visitor, 'help-page-nl');
    await staff.getByRole('heading', { level: 2, name: 'Hulpvragen' }).waitFor({ timeout: LIVE });
    await auditInLooks(staff, 'help-desk-nl');
    expect(uncaught(visitor)).toEqual([]);
    expect(uncaught(staff)).toEqual([]);
  }, 400_000);
});
