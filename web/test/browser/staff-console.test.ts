// @vitest-environment node
/**
 * The staff console on a phone, in Chromium against the whole local stack: the seed's staff
 * account signs in with its second factor, and every staff page at 390x844 fits the screen
 * (no horizontal overflow: the document's scrollWidth), every control is at least 44 px
 * square, and axe finds no serious violation, in the light and dark themes and in Dutch.
 * Screenshots go to test-results/web/ (staff-console-*).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations, signIn } from './browser';
import type { LocalStack } from './local-stack';
import { PHONE, useBrowserSession } from './session';

const LIVE = 60_000;
let stack: LocalStack;
const { newPage, uncaught } = useBrowserSession('staff-console-test', (session) => {
  ({ stack } = session);
});

const STAFF_PAGES = ['/staff', '/staff/moderation', '/staff/programme', '/staff/import', '/staff/map', '/staff/announcements'];

/** Controls on the page (outside the shared header and tab bar) smaller than 44x44 px, as "text (w×h)". */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const selector = 'button, a.button, .staff-nav a, [role="tab"], .radio, .checkbox, summary, select, input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="file"])';
    return [...document.querySelectorAll<HTMLElement>(`.site-main ${selector.split(', ').join(', .site-main ')}`)]
      // Visually hidden controls (react-aria's, for keyboard and screen readers) have no target to tap.
      .filter((element) => {
        for (let node: HTMLElement | null = element; node && !node.classList.contains('site-main'); node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return false;
        }
        return true;
      })
      .filter((element) => element.getClientRects().length > 0 && !element.closest('.visually-hidden') && !element.closest('.site-plan'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ element, box }) => `${(element.textContent || element.getAttribute('aria-label') || element.tagName).trim().slice(0, 40)} (${Math.round(box.width)}×${Math.round(box.height)})`);
  });

async function checkEveryPage(page: Page, heading: RegExp, label: string): Promise<void> {
  for (const [index, path] of STAFF_PAGES.entries()) {
    // The first page loads the app; the others are reached as staff reach them, from the
    // console's own menu (no reload: the same pages, without the app starting again for each).
    if (index === 0) await page.goto(`${stack.url}${path}`);
    else await page.locator(`.staff-nav a[href="${path}"]`).click({ timeout: LIVE });
    // The menu marks the page it is on (the dashboard's link is `/staff/`).
    await page.locator(`.staff-nav a:is([href="${path}"], [href="${path}/"])[aria-current="page"]`).waitFor({ timeout: LIVE });
    expect(new URL(page.url()).pathname).toBe(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: LIVE });
    // The page's own content, not only its header.
    await page.locator('.site-main h2').first().waitFor({ timeout: LIVE });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path}: scrollWidth`).toBeLessThanOrEqual(PHONE.width);
    expect(await smallTargets(page), `${path}: controls under 44 px`).toEqual([]);
    expect(await seriousA11yViolations(page), `${path}: axe`).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    // Colours ease into the dark theme: axe reads them once the transitions are over.
    // A transition that a newer one replaces is cancelled: its `finished` rejects (AbortError),
    // and the one that replaced it is waited for on the next pass.
    await page.evaluate(async () => {
      const easing = () => document.getAnimations().filter((animation) => animation instanceof CSSTransition && animation.playState === 'running');
      for (let running = easing(); running.length > 0; running = easing()) await Promise.allSettled(running.map((animation) => animation.finished));
    });
    expect(await seriousA11yViolations(page), `${path}: axe, dark`).toEqual([]);
    await screenshot(page, `staff-console-${label}${path.replaceAll('/', '-')}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshot(page, `staff-console-${label}${path.replaceAll('/', '-')}`);
  }
}

describe('the staff console on a phone', () => {
  it('every staff page fits 390 px, with 44 px controls and no axe violation, light and dark, in English and Dutch', async () => {
    const staff = stack.accounts.find((account) => account.role === 'staff')!;
    const page = await newPage({ viewport: PHONE });
    await signIn(page, stack.url, staff.email, staff.password);
    await checkEveryPage(page, /^Staff console$/, 'en');
    await page.evaluate(() => window.localStorage.setItem('encore.locale', 'nl'));
    await checkEveryPage(page, /^Crewconsole$/, 'nl');
    expect(uncaught(page)).toEqual([]);
  }, 400_000);
});
