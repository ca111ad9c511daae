/**
 * `onDocument*WithAuthContext` end to end: writes through the Firestore emulator (the web SDK
 * as a signed-in user over gRPC in Node and over WebChannel in Chromium, firebase-admin, REST
 * without a token) reach the runner's fixture functions, which see who wrote each document
 * as production reports it.
 */
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getFirestore, setDoc, terminate, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { startFunctionsRunner, type FunctionsRunner } from '../../src/runner/index.js';
import { FIRESTORE_SDK_PAGE } from '../browser/firestore-sdk-page.js';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';
import { FIXTURE_DIR, RecordFile } from './fixture.js';

const PROJECT = 'demo-auth-context';
const MODULE_DIR = `${FIXTURE_DIR}auth-context/`;
const records = new RecordFile();
let emulator: FirestoreEmulator;
let runner: FunctionsRunner;
let web: FirebaseApp;
let webDb: Firestore;
let adminApp: App;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
  runner = await startFunctionsRunner({
    functionsModule: `${MODULE_DIR}index.js`,
    functionsDir: MODULE_DIR,
    projectId: PROJECT,
    port: 0,
    documentWrites: emulator.documentWrites,
    schedules: false,
    env: { FIXTURE_RECORD_FILE: records.path },
    log: () => {},
  });
  web = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'auth-context-test');
  webDb = getFirestore(web);
  connectFirestoreEmulator(webDb, emulator.host, emulator.port, { mockUserToken: { sub: 'fan-42', user_id: 'fan-42' } });
  // This file runs in its own worker process, so the variable firebase-admin reads is ours alone.
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  adminApp = initializeAdminApp({ projectId: PROJECT }, 'auth-context-admin');
});

afterAll(async () => {
  if (webDb) await terminate(webDb);
  if (web) await deleteApp(web);
  if (adminApp) await deleteAdminApp(adminApp);
  await runner?.close();
  await emulator?.close();
  records.remove();
});

async function seenBy(fn: string, id: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = records.of(fn).find((record) => record.id === id);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${fn} never saw authored/${id}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('onDocumentCreatedWithAuthContext', () => {
  it('sees app_user and the uid for a web SDK write as a signed-in user', async () => {
    await setDoc(doc(webDb, 'authored/by-fan'), { note: 'hello' });
    expect(await seenBy('authored', 'by-fan')).toEqual({
      fn: 'authored',
      id: 'by-fan',
      type: 'google.cloud.firestore.document.v1.created.withAuthContext',
      authType: 'app_user',
      authId: 'fan-42',
    });
  });

  it('sees app_user and the uid for a write from the web SDK in Chromium (WebChannel)', async () => {
    const harness: BrowserHarness = await startBrowserHarness({ entry: FIRESTORE_SDK_PAGE });
    try {
      await harness.call('connect', { host: emulator.host, port: emulator.port, projectId: PROJECT, user: 'fan-in-browser' });
      expect(await harness.call('setDoc', 'authored/by-browser', { note: 'hi' })).toEqual({ ok: true });
      expect(await seenBy('authored', 'by-browser')).toMatchObject({ authType: 'app_user', authId: 'fan-in-browser' });
      await harness.call('disconnect');
    } finally {
      await harness.close();
    }
  });

  it('sees a service account, without an id, for a firebase-admin write', async () => {
    await getAdminFirestore(adminApp).doc('authored/by-admin').set({ note: 'seeded' });
    expect(await seenBy('authored', 'by-admin')).toMatchObject({ authType: 'service_account', authId: null });
  });

  it('sees unauthenticated for a REST commit without a token', async () => {
    const response = await fetch(`http://${emulator.host}:${emulator.port}/v1/projects/${PROJECT}/databases/(default)/documents:commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ writes: [{ update: { name: `projects/${PROJECT}/databases/(default)/documents/authored/by-nobody`, fields: {} } }] }),
    });
    expect(response.status).toBe(200);
    expect(await seenBy('authored', 'by-nobody')).toMatchObject({ authType: 'unauthenticated', authId: null });
  });
});

describe('plain onDocumentCreated', () => {
  it('gets no auth context, as in production', async () => {
    await setDoc(doc(webDb, 'authored/plain-check'), { note: 'x' });
    expect(await seenBy('plain', 'plain-check')).toEqual({
      fn: 'plain',
      id: 'plain-check',
      type: 'google.cloud.firestore.document.v1.created',
      hasAuthType: false,
      hasAuthId: false,
    });
  });
});
