import type { BrowserContext } from 'playwright-core';

/**
 * Notes, on the page's own clock (Resource Timing's), when the first set entered the DOM:
 * Playwright's wait returns a moment later, and a request started in between must not count
 * as before. It is `window.encoreSetsAt`, for the first-paint test and the bundle-size bench.
 * (A script text, not a function: the test runner's transform would add helpers the page does
 * not have.)
 */
export async function noteWhenSetsShow(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-set-id]')) return;
      window.encoreSetsAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });`,
  });
}

