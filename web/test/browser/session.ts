import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { setFestivalClock } from './festival-clock';
import { startLocalStack, type LocalStack, type LocalStackOptions } from './local-stack';

/**
 * One browser-test file's world, started once before its tests and stopped after them: the
 * local stack, Chromium, and a firebase-admin app to arrange data with (the stack sets the
 * emulator hosts on this process while it runs). Pages come from `newPage`, each in a context
 * of its own, collecting their uncaught errors for the tests to check.
 */
export interface BrowserSession {
  stack: LocalStack;
  browser: Browser;
  admin: App;
}

export interface SessionPages {
  /** A page in a fresh context (a phone by default); `at` sets the festival's clock first. */
  newPage(options?: BrowserContextOptions & { at?: Date }): Promise<Page>;
  /** The uncaught errors a page made, so far ("no uncaught errors, ever" is checked per test). */
  uncaught(page: Page): string[];
}

export const PHONE = { width: 390, height: 844 };

/**
 * Registers the file's set-up and tear-down. `started` hands the running session to the file
 * (its own `let stack, browser, admin`); hooks the file registers later run after this one.
 * `stack` chooses the stack (`{ empty: true }`: as `npm start -- --empty`).
 */
export function useBrowserSession(name: string, started: (session: BrowserSession) => void, stack: LocalStackOptions = {}): SessionPages {
  let session: BrowserSession | undefined;
  const contexts: BrowserContext[] = [];
  const errors = new Map<Page, string[]>();

  beforeAll(async () => {
    const local = await startLocalStack(stack);
    const browser = await launchBrowser().catch(async (error: unknown) => {
      await local.stop();
      throw error;
    });
    session = { stack: local, browser, admin: initializeApp({ projectId: local.projectId }, name) };
    started(session);
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await session?.browser.close();
    if (session) await deleteApp(session.admin);
    await session?.stack.stop();
  }, 60_000);

  return {
    async newPage(options = {}) {
      const { at, ...contextOptions } = options;
      const context = await session!.browser.newContext({ viewport: PHONE, ...contextOptions });
      contexts.push(context);
      if (at) await setFestivalClock(context, at);
      const page = await context.newPage();
      const collected: string[] = [];
      page.on('pageerror', (error) => collected.push(error.message));
      errors.set(page, collected);
      return page;
    },
    uncaught: (page) => errors.get(page) ?? [],
  };
}
