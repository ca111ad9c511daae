/**
 * What the Chromium benches of a visitor's taps start from: the production build against the
 * local stack (test/browser/local-stack.ts), a 390x844 phone whose clock reads `clock`, the
 * programme opened and its sets on screen. `use` gets the page; the browser and the stack are
 * stopped after it, whatever it throws. Imported lazily: the bench's parent process (which
 * only relays figures, support/quiet-child.ts) never loads the stack or the browser.
 */
import type { BrowserContext, Page } from 'playwright-core';

export async function withProgrammeOnPhone<T>(clock: Date, use: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const { launchBrowser } = await import('../../test/browser/browser.ts');
  const { setFestivalClock } = await import('../../test/browser/festival-clock.ts');
  const { startLocalStack } = await import('../../test/browser/local-stack.ts');
  const stack = await startLocalStack();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await setFestivalClock(context, clock);
    const page = await context.newPage();
    await page.goto(`${stack.url}/`);
    await page.locator('[data-set-id]').first().waitFor({ timeout: 120_000 });
    return await use(page, context);
  } finally {
    await browser.close();
    await stack.stop();
  }
}
