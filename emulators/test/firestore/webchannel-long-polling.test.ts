/**
 * WebChannel's two back-channel modes with the real web SDK in Chromium: forced long-polling,
 * and automatic detection (streaming directly, long-polling behind a buffering proxy).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../../src/firestore/index.js';
import { startBufferingProxy, type BufferingProxy } from '../browser/buffering-proxy.js';
import { FIRESTORE_SDK_PAGE, waitForEvent, type ConnectOptions, type PageEvent } from '../browser/firestore-sdk-page.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';

const PROJECT = 'demo-webchannel-long-polling';
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let harness: BrowserHarness;
let adminApp: App;
let admin: Firestore;
let proxy: BufferingProxy | undefined;
/** The `CI` (0 streaming, 1 long-poll) and `TO` of every back-channel GET the page made, in order. */
let backChannelGets: { ci: string | null; to: string | null }[] = [];

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT });
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  adminApp = initializeApp({ projectId: PROJECT }, 'webchannel-long-polling');
  admin = getFirestore(adminApp);
  harness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
  harness.page.on('request', (request) => {
    const params = new URL(request.url()).searchParams;
    if (params.get('RID') === 'rpc') backChannelGets.push({ ci: params.get('CI'), to: params.get('TO') });
  });
});

afterEach(async () => {
  await harness.call('disconnect');
  backChannelGets = [];
});

afterAll(async () => {
  await harness?.close();
  // Only after the page is gone: its terminate beacons may still be on their way through the proxy.
  await proxy?.close();
  if (adminApp !== undefined) await deleteApp(adminApp);
  await emulator?.close();
});

const fromServer = (event: PageEvent) => event.kind === 'snapshot' && !event.fromCache && !event.hasPendingWrites;
const writtenBy = (by: string) => (event: PageEvent) => fromServer(event) && event.kind === 'snapshot' && event.data?.by === by;

/** Listens to a document, lets admin and the page write it, and checks the page sees both writes from the server. */
async function listenAndWrite(path: string, idleMs = 0): Promise<void> {
  const id = await harness.call<string>('listenDoc', path);
  expect(await waitForEvent(harness, id, fromServer)).toMatchObject({ exists: false });
  if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
  await admin.doc(path).set({ by: 'admin' });
  expect(await waitForEvent(harness, id, writtenBy('admin'))).toMatchObject({ exists: true, data: { by: 'admin' } });
  expect(await harness.call('setDoc', path, { by: 'page' })).toEqual({ ok: true });
  expect(await waitForEvent(harness, id, writtenBy('page'))).toMatchObject({ exists: true, data: { by: 'page' } });
  expect((await admin.doc(path).get()).data()).toEqual({ by: 'page' });
}

const connect = (options: Partial<ConnectOptions>) =>
  harness.call('connect', { host: emulator.host, port: emulator.port, projectId: PROJECT, ...options });

describe('WebChannel back-channel modes', () => {
  it('works with forced long-polling, including across an idle long-poll that ends with a noop', async () => {
    await connect({ longPolling: 'force', longPollingTimeoutSeconds: 5 });
    // 6 s idle: the server must answer the waiting GET (TO=5000) with a noop and the client must carry on.
    await listenAndWrite('stages/forced', 6_000);
    expect(backChannelGets.length).toBeGreaterThan(2);
    expect(backChannelGets.every((get) => get.ci === '1' && get.to === '5000')).toBe(true);
  });

  it('streams with auto-detection on and no proxy in between', async () => {
    await connect({ longPolling: 'auto' });
    await listenAndWrite('stages/direct');
    // Whether detection later flips a session depends on machine load (a first byte later than 4x the
    // handshake round trip); the server's part, writing at once, is covered by the transport's unit tests.
    expect(backChannelGets[0]?.ci).toBe('0');
  });

  it('falls back to long-polling behind a buffering proxy, and keeps working', async () => {
    proxy = await startBufferingProxy({ host: emulator.host, port: emulator.port });
    await connect({ longPolling: 'auto', port: proxy.port });
    await listenAndWrite('stages/proxied');
    expect(backChannelGets[0]?.ci).toBe('0');
    expect(backChannelGets.some((get) => get.ci === '1')).toBe(true);
  });

  it.each(['auto', 'force'] as const)('works over XMLHttpRequest instead of fetch streams (long-polling: %s)', async (longPolling) => {
    await connect({ longPolling, httpClient: 'xhr' });
    await listenAndWrite(`stages/xhr-${longPolling}`);
    expect(backChannelGets[0]?.ci).toBe(longPolling === 'force' ? '1' : '0');
  });

  it('logs no console errors in the page', () => {
    expect(harness.errors).toEqual([]);
  });
});
