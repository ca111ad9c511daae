/**
 * The conformance client that runs the web SDK client (`web-sdk.ts`) inside headless
 * Chromium, so the SDK's browser build talks to the emulator over WebChannel and REST with
 * CORS, exactly as a deployed web app does.
 *
 * Every ConformanceClient call is forwarded by name into the page (a generic proxy over
 * `page.evaluate`). Each client gets its own page in its own browser context, like separate
 * browsers: its own network stack, so clients never compete for Chromium's six connections
 * per host (each SDK instance holds up to two hanging GETs). The clients of one test process
 * share one Chromium, started on the first `create` and closed when the last client closes.
 */
import { fileURLToPath } from 'node:url';
import { startBrowserSite, type BrowserSite } from '../../browser/index.js';
import type { ClientConfig, ClientFactory, ConformanceClient } from '../client.js';
import { webSdk } from './web-sdk.js';

const PAGE_ENTRY = fileURLToPath(new URL('../../browser/pages/conformance-client.ts', import.meta.url));
const NAME = 'web-chromium';

/** Every method but `close`, which also releases the page. Typed so a new interface method fails to compile here. */
const FORWARDED: Record<Exclude<keyof ConformanceClient, 'close'>, true> = {
  info: true,
  get: true,
  getAll: true,
  query: true,
  aggregate: true,
  listCollections: true,
  write: true,
  batch: true,
  transaction: true,
  listen: true,
  nextEvent: true,
  unlisten: true,
};

let shared: Promise<BrowserSite> | undefined;
let openClients = 0;

async function acquireSite(): Promise<BrowserSite> {
  openClients++;
  shared ??= startBrowserSite({ entry: PAGE_ENTRY });
  try {
    return await shared;
  } catch (error) {
    openClients--;
    shared = undefined;
    throw error;
  }
}

async function releaseSite(): Promise<void> {
  openClients--;
  if (openClients > 0 || shared === undefined) return;
  const site = shared;
  shared = undefined;
  await (await site).close();
}

async function createChromiumClient(config: ClientConfig): Promise<ConformanceClient> {
  const site = await acquireSite();
  let page: Awaited<ReturnType<BrowserSite['newPage']>> | undefined;
  try {
    page = await site.newPage();
    await page.call('createClient', config, NAME);
  } catch (error) {
    await page?.close();
    await releaseSite();
    throw error;
  }
  const opened = page;
  const forward = (method: keyof ConformanceClient) => (...args: unknown[]) => opened.call('invoke', method, args);
  const client: Record<string, unknown> = Object.fromEntries(
    Object.keys(FORWARDED).map((method) => [method, forward(method as keyof ConformanceClient)]),
  );
  let closed = false;
  client.close = async () => {
    if (closed) return;
    closed = true;
    try {
      await forward('close')();
      await opened.close();
    } finally {
      await releaseSite();
    }
  };
  return client as unknown as ConformanceClient;
}

/** The same client code runs in the page, so it declares what the web SDK client declares (lacks, identity). */
export const webChromium: ClientFactory = { ...webSdk, name: NAME, create: createChromiumClient };
