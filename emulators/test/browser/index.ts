/**
 * A reusable headless-Chromium harness for tests that must run real browser code (the web
 * SDKs against the emulators, the web app, rules tests).
 *
 *   const harness = await startBrowserHarness({ entry: fileURLToPath(new URL('./my-page.ts', import.meta.url)) });
 *   await harness.call('subscribe', port);        // a function the entry passed to exposeToHarness()
 *   expect(harness.errors).toEqual([]);           // console errors and uncaught page errors
 *   await harness.close();                        // in afterAll
 *
 * The entry (browser code) is bundled with esbuild, served from its own 127.0.0.1 origin
 * (so every emulator is cross-origin, as in production) and loaded in a fresh Chromium.
 * `startBrowserSite` is the same without the page, for suites that want several isolated
 * pages of one entry (each `newPage()` is its own browser context).
 */
import type { Browser, Page } from 'playwright-core';
import { bundleForBrowser } from './bundle.js';
import { launchChromium } from './chromium.js';
import { serveTestPage } from './static-server.js';

export { launchChromium } from './chromium.js';
export { exposeToHarness, type PageFunctions } from './page-api.js';

export interface BrowserHarnessOptions {
  /** Absolute path of the browser entry module; it calls `exposeToHarness({...})`. */
  entry: string;
}

/** One loaded page of the entry, in its own browser context. */
export interface HarnessPage {
  page: Page;
  /** Every `console.error` line and uncaught exception of the page, in order. */
  errors: string[];
  /** Calls a function the entry exposed and resolves with its (JSON-shaped) result. */
  call<T = unknown>(name: string, ...args: unknown[]): Promise<T>;
  /** Closes the page and its context. */
  close(): Promise<void>;
}

export interface BrowserSite {
  /** The pages' origin, `http://127.0.0.1:<port>`. */
  origin: string;
  browser: Browser;
  newPage(): Promise<HarnessPage>;
  /** Closes every page, the browser (removing its profile) and the page server. */
  close(): Promise<void>;
}

export interface BrowserHarness extends HarnessPage {
  origin: string;
  /** Closes the page, the browser (removing its profile) and the page server. */
  close(): Promise<void>;
}

/**
 * Records a page's `console.error` lines and uncaught exceptions into the returned array, for
 * suites that drive their own pages (e.g. the web app served by Vite, through launchChromium()).
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

export async function startBrowserSite(options: BrowserHarnessOptions): Promise<BrowserSite> {
  const site = await serveTestPage(await bundleForBrowser(options.entry));
  const browser = await launchChromium().catch(async (error: unknown) => {
    await site.close();
    throw error;
  });
  return {
    origin: site.origin,
    browser,
    newPage: () => openHarnessPage(browser, site.origin),
    async close() {
      await browser.close();
      await site.close();
    },
  };
}

export async function startBrowserHarness(options: BrowserHarnessOptions): Promise<BrowserHarness> {
  const site = await startBrowserSite(options);
  try {
    const page = await site.newPage();
    return { ...page, origin: site.origin, close: site.close };
  } catch (error) {
    await site.close();
    throw error;
  }
}

async function openHarnessPage(browser: Browser, origin: string): Promise<HarnessPage> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => globalThis.__encoreHarness !== undefined);
    return {
      page,
      errors,
      call: <T>(name: string, ...args: unknown[]) =>
        page.evaluate(
          async ([fn, fnArgs]) => {
            const target = globalThis.__encoreHarness?.[fn];
            if (target === undefined) throw new Error(`The page exposes no function ${fn}`);
            return target(...fnArgs);
          },
          [name, args] as const,
        ) as Promise<T>,
      close: () => context.close(),
    };
  } catch (error) {
    await context.close();
    throw error;
  }
}
