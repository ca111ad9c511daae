/**
 * The WebChannel milestone: the unmodified web SDK in Chromium listens and writes through
 * the emulator's WebChannel transport, interleaved with firebase-admin (gRPC) in Node.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../../src/firestore/index.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';
import { FIRESTORE_SDK_PAGE, waitForEvent, type PageEvent } from '../browser/firestore-sdk-page.js';

const PROJECT = 'demo-webchannel-milestone';
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let harness: BrowserHarness;
let adminApp: App;
let admin: Firestore;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT });
  // This file runs in its own worker process, so the variable firebase-admin reads is ours alone.
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  adminApp = initializeApp({ projectId: PROJECT }, 'webchannel-milestone');
  admin = getFirestore(adminApp);
  harness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
  await harness.call('connect', { host: emulator.host, port: emulator.port, projectId: PROJECT, user: 'alice' });
});

afterAll(async () => {
  await harness?.call('disconnect').catch(() => undefined);
  await harness?.close();
  if (adminApp !== undefined) await deleteApp(adminApp);
  await emulator?.close();
});

const serverSnapshot = (event: PageEvent) => event.kind === 'snapshot' && !event.fromCache && !event.hasPendingWrites;

describe('web SDK in Chromium over WebChannel', () => {
  it('receives a live update written by firebase-admin', async () => {
    const id = await harness.call<string>('listenDoc', 'rooms/main');
    expect(await waitForEvent(harness, id, serverSnapshot)).toMatchObject({ exists: false, fromCache: false });

    await admin.doc('rooms/main').set({ title: 'Main stage', capacity: 1200, tags: ['indie', 'é😀'] });
    const written = (event: PageEvent) => serverSnapshot(event) && event.kind === 'snapshot' && event.exists === true;
    expect(await waitForEvent(harness, id, written)).toEqual({
      kind: 'snapshot',
      exists: true,
      data: { title: 'Main stage', capacity: 1200, tags: ['indie', 'é😀'] },
      fromCache: false,
      hasPendingWrites: false,
    });
    await harness.call('unlisten', id);
  });

  it('writes with setDoc in the page, and firebase-admin reads it back', async () => {
    expect(await harness.call('setDoc', 'rooms/side', { title: 'Side stage', open: true })).toEqual({ ok: true });
    const snapshot = await admin.doc('rooms/side').get();
    expect(snapshot.data()).toEqual({ title: 'Side stage', open: true });
  });

  it('logs no console errors in the page', () => {
    expect(harness.errors).toEqual([]);
  });
});
