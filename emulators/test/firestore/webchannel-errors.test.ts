/**
 * Firestore errors reaching the web SDK in Chromium over WebChannel with their codes: a write
 * the engine rejects (a stream error, which the SDK pins on the failing batch) and reads and
 * writes the access check denies (a Listen REMOVE with a cause; a Write stream error). The
 * access check is the engine's seam the rules evaluator plugs into; a plain function stands in
 * for the rules here so the test depends only on the transport and the engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../../src/firestore/index.js';
import { FIRESTORE_SDK_PAGE, waitForEvent, type PageEvent } from '../browser/firestore-sdk-page.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';

const PROJECT = 'demo-webchannel-errors';
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let harness: BrowserHarness;
/** The uids the access check saw: the page's identity travels in the handshake's `headers=` field. */
const callers = new Set<string>();

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT });
  // Everything under /backstage is denied, as `allow read, write: if false` would be.
  emulator.setAuthorize((request) => {
    if (request.caller.kind === 'user') callers.add(request.caller.auth.uid);
    return !/\/documents\/backstage(\/|$)/.test(request.path);
  });
  harness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
  await harness.call('connect', { host: emulator.host, port: emulator.port, projectId: PROJECT, user: 'fan-1' });
});

afterAll(async () => {
  await harness?.call('disconnect').catch(() => undefined);
  await harness?.close();
  await emulator?.close();
});

describe('errors over WebChannel', () => {
  it('rejects an update of a missing document with not-found, and the next write still succeeds', async () => {
    expect(await harness.call('updateDoc', 'public/missing', { seats: 1 })).toMatchObject({ ok: false, code: 'not-found' });
    expect(await harness.call('setDoc', 'public/present', { seats: 2 })).toEqual({ ok: true });
    expect(await harness.call('getDoc', 'public/present')).toEqual({ exists: true, data: { seats: 2 }, fromCache: false });
    // The page's identity (mockUserToken) travels in the handshake's headers= field to the engine.
    expect([...callers]).toEqual(['fan-1']);
  });

  it('fails a listener the access check denies with permission-denied', async () => {
    const id = await harness.call<string>('listenDoc', 'backstage/pass');
    expect(await waitForEvent(harness, id, (event: PageEvent) => event.kind === 'error')).toMatchObject({
      kind: 'error',
      code: 'permission-denied',
    });
  });

  it('rejects a write the access check denies with permission-denied', async () => {
    expect(await harness.call('setDoc', 'backstage/pass', { holder: 'fan-1' })).toMatchObject({ ok: false, code: 'permission-denied' });
  });
});
