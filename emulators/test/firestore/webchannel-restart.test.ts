/**
 * A page stays connected across an emulator restart on the same port (a developer restarting
 * the emulators with the app open): the old sessions are gone, the SDK's requests get
 * "Unknown SID" or connection errors, and it must reconnect with fresh sessions and resume.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { FIRESTORE_SDK_PAGE, waitForEvent, type PageEvent } from '../browser/firestore-sdk-page.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';

const PROJECT = 'demo-webchannel-restart';
let emulator: FirestoreEmulator;
let harness: BrowserHarness;
let adminApp: App;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT });
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  adminApp = initializeApp({ projectId: PROJECT }, 'webchannel-restart');
  harness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
  await harness.call('connect', { host: emulator.host, port: emulator.port, projectId: PROJECT, user: 'owner' });
});

afterAll(async () => {
  await harness?.call('disconnect').catch(() => undefined);
  await harness?.close();
  if (adminApp !== undefined) await deleteApp(adminApp);
  await emulator?.close();
});

/** A snapshot from the server (not the cache, no pending writes) showing `act`. */
const showsAct = (act: string) => (event: PageEvent) =>
  event.kind === 'snapshot' && !event.fromCache && !event.hasPendingWrites && event.data?.act === act;

describe('WebChannel across an emulator restart', () => {
  it('reconnects and keeps listening and writing', async () => {
    const id = await harness.call<string>('listenDoc', 'lineup/today');
    expect(await harness.call('setDoc', 'lineup/today', { act: 'before' })).toEqual({ ok: true });
    expect(await waitForEvent(harness, id, showsAct('before'))).toMatchObject({ exists: true });

    const port = emulator.port;
    await emulator.close();
    emulator = await startFirestoreEmulator({ host: '127.0.0.1', port, projectId: PROJECT });

    // Written by another client, so only a listen that resumed on the new emulator can see it.
    await getFirestore(adminApp).doc('lineup/today').set({ act: 'after' });
    expect(await waitForEvent(harness, id, showsAct('after'), 30_000)).toMatchObject({ exists: true });
    expect(await harness.call('setDoc', 'lineup/today', { act: 'page again' })).toEqual({ ok: true });
    expect((await getFirestore(adminApp).doc('lineup/today').get()).data()).toEqual({ act: 'page again' });
  });
});
