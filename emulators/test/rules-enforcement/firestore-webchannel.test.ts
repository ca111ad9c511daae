/**
 * Firestore rules over WebChannel: the web SDK in Chromium (its Listen and Write streams)
 * meets the same rules as gRPC and REST clients, with permission-denied and the rules'
 * reason on a denied write, a denied listener, and a collection listener whose query the
 * list rule cannot prove safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { FIRESTORE_SDK_PAGE, waitForEvent, type PageEvent } from '../browser/firestore-sdk-page.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';

const PROJECT = 'demo-rules-webchannel';
const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /fans/{uid}/{document=**} {
      allow read, write: if request.auth.uid == uid;
    }
    match /rooms/{room} {
      allow list: if resource.data.open == true;
    }
  }
}`;

let emulator: FirestoreEmulator;
let harness: BrowserHarness;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
  emulator.setRules(RULES);
  harness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
  await harness.call('connect', { host: emulator.host, port: emulator.port, projectId: PROJECT, user: 'fan-1' });
});

afterAll(async () => {
  await harness?.call('disconnect').catch(() => undefined);
  await harness?.close();
  await emulator?.close();
});

describe('rules over WebChannel', () => {
  it('a write the rules allow commits; one they deny fails permission-denied with the rules’ reason', async () => {
    expect(await harness.call('setDoc', 'fans/fan-1/notes/n1', { text: 'mine' })).toEqual({ ok: true });
    expect(await harness.call('setDoc', 'fans/fan-2/notes/n1', { text: 'theirs' })).toMatchObject({
      ok: false,
      code: 'permission-denied',
      message: expect.stringContaining("false for 'create' @ L5"),
    });
  });

  it('a listener on another fan’s document fails permission-denied', async () => {
    const id = await harness.call<string>('listenDoc', 'fans/fan-2/notes/n1');
    expect(await waitForEvent(harness, id, (event: PageEvent) => event.kind === 'error')).toMatchObject({ kind: 'error', code: 'permission-denied' });
  });

  it('a collection listener whose query does not ask for open rooms fails permission-denied', async () => {
    const id = await harness.call<string>('listenCollection', 'rooms');
    expect(await waitForEvent(harness, id, (event: PageEvent) => event.kind === 'error')).toMatchObject({ kind: 'error', code: 'permission-denied' });
  });

  it('a listener on one’s own document sees it', async () => {
    const id = await harness.call<string>('listenDoc', 'fans/fan-1/notes/n1');
    expect(await waitForEvent(harness, id, (event: PageEvent) => event.kind === 'snapshot' && !event.fromCache)).toMatchObject({ exists: true, data: { text: 'mine' } });
  });
});
