/**
 * Transport behaviours that need options the emulator does not expose (short keepalives, tiny
 * back-channel budgets), so the transport is mounted on its own server over the engine's real
 * streams, with the real SDK in Chromium.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Databases } from '../../src/firestore/service/databases.js';
import { createOpenStream } from '../../src/firestore/service/open-stream.js';
import { createWebChannelServerSide, DEFAULT_WEBCHANNEL_OPTIONS, type WebChannelOptions } from '../../src/firestore/webchannel/index.js';
import { FIRESTORE_SDK_PAGE, waitForEvent, type PageEvent } from '../browser/firestore-sdk-page.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';

const PROJECT = 'demo-webchannel-options';
let server: Server | undefined;
let harness: BrowserHarness | undefined;
/** Streaming back-channel GETs the page opened, per stream kind. */
const streamingGets = { Listen: 0, Write: 0 };

async function startPage(options: Partial<WebChannelOptions>): Promise<BrowserHarness> {
  const side = createWebChannelServerSide(createOpenStream(new Databases()), { ...DEFAULT_WEBCHANNEL_OPTIONS, ...options });
  server = createServer(side.handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  harness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
  harness.page.on('request', (request) => {
    const url = new URL(request.url());
    const kind = /Firestore\/(Listen|Write)\/channel/.exec(url.pathname)?.[1] as 'Listen' | 'Write' | undefined;
    if (kind !== undefined && url.searchParams.get('RID') === 'rpc' && url.searchParams.get('CI') === '0') streamingGets[kind]++;
  });
  const { port } = server.address() as AddressInfo;
  await harness.call('connect', { host: '127.0.0.1', port, projectId: PROJECT, longPolling: 'off', user: 'owner' });
  return harness;
}

afterEach(async () => {
  await harness?.call('disconnect').catch(() => undefined);
  await harness?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  harness = undefined;
  server = undefined;
  streamingGets.Listen = 0;
  streamingGets.Write = 0;
});

const showsN = (n: number) => (event: PageEvent) =>
  event.kind === 'snapshot' && !event.fromCache && !event.hasPendingWrites && event.data?.n === n;

describe('WebChannel keepalive', () => {
  it('holds an idle streaming GET open past the client watchdog with noops', async () => {
    // keepalive 2 s: the client gives up on a silent back channel after 3 s; noops come every second.
    const page = await startPage({ keepaliveMs: 2_000, noopIntervalMs: 1_000 });
    const id = await page.call<string>('listenDoc', 'gates/north');
    expect(await page.call('setDoc', 'gates/north', { n: 1 })).toEqual({ ok: true });
    await waitForEvent(page, id, showsN(1));
    const getsBeforeIdle = streamingGets.Listen;

    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await page.call('setDoc', 'gates/north', { n: 2 })).toEqual({ ok: true });
    await waitForEvent(page, id, showsN(2));
    expect(streamingGets.Listen).toBe(getsBeforeIdle);
    expect(page.errors).toEqual([]);
  });
});

describe('WebChannel back-channel turnover', () => {
  it('delivers every change, in order and once, across many short streaming GETs', async () => {
    const writes = 15;
    // Every streaming GET ends after ~300 characters: the client reopens it with its AID each time.
    const page = await startPage({ recycleStreamAfterLength: 300 });
    const id = await page.call<string>('listenCollection', 'queue');
    await waitForEvent(page, id, (event) => event.kind === 'snapshot' && !event.fromCache);
    for (let n = 1; n <= writes; n++) {
      expect(await page.call('setDoc', `queue/item-${String(n).padStart(2, '0')}`, { n, label: 'é😀'.repeat(n) })).toEqual({ ok: true });
    }
    const done = (event: PageEvent) => event.kind === 'snapshot' && !event.fromCache && !event.hasPendingWrites && event.docs?.length === writes;
    const final = await waitForEvent(page, id, done);
    expect(final.kind === 'snapshot' && final.docs?.map((doc) => doc.data)).toEqual(
      Array.from({ length: writes }, (_, index) => ({ n: index + 1, label: 'é😀'.repeat(index + 1) })),
    );
    expect(streamingGets.Listen).toBeGreaterThan(writes / 2);
    expect(page.errors).toEqual([]);
  });
});
