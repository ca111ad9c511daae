/**
 * The runner against the fixture functions, with the emulators' change feeds driven
 * directly (Firestore and Storage deliver through these same feeds), Pub/Sub push bodies
 * as a push subscription sends them, and HTTPS/callable/schedule calls over HTTP.
 */
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentWrittenEvent, FirestoreDocumentJson, StorageObjectEvent } from '../../src/common/events.js';
import { Feed } from '../../src/common/feed.js';
import { startFunctionsRunner, type FunctionsRunner, type InvocationRecord } from '../../src/runner/index.js';
import { emulatorIdToken, FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from './fixture.js';

const PROJECT = 'demo-runner';
const BUCKET = `${PROJECT}.appspot.com`;

const documentWrites = new Feed<DocumentWrittenEvent>();
const objectEvents = new Feed<StorageObjectEvent>();
const records = new RecordFile();
const invocations: InvocationRecord[] = [];
let runner: FunctionsRunner;
let web: FirebaseApp;

beforeAll(async () => {
  runner = await startFunctionsRunner({
    functionsModule: FIXTURE_MODULE,
    functionsDir: FIXTURE_DIR,
    projectId: PROJECT,
    port: 0,
    documentWrites,
    objectEvents,
    retry: { maxAttempts: 3, minBackoffMs: 20, maxBackoffMs: 100 },
    schedules: false,
    env: { FIXTURE_RECORD_FILE: records.path },
    log: (record) => invocations.push(record),
  });
  web = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'runner-test');
});

afterAll(async () => {
  await runner?.close();
  if (web) await deleteApp(web);
  records.remove();
});

function doc(path: string, fields: Record<string, unknown>, time = '2026-07-01T10:00:00.123456Z'): FirestoreDocumentJson {
  return { name: `projects/${PROJECT}/databases/(default)/documents/${path}`, fields, createTime: time, updateTime: time };
}

function write(path: string, before: FirestoreDocumentJson | null, after: FirestoreDocumentJson | null): DocumentWrittenEvent {
  return { projectId: PROJECT, databaseId: '(default)', path, before, after, commitTime: '2026-07-01T10:00:00.123456Z' };
}

describe('discovery', () => {
  it('finds every exported v2 function, nested groups joined with "-", with its trigger', () => {
    const kinds = Object.fromEntries(runner.functions().map((fn) => [fn.name, fn.trigger.kind]));
    expect(kinds).toEqual({
      onPing: 'pubsub',
      flaky: 'pubsub',
      fragile: 'pubsub',
      'photos-created': 'firestore',
      'photos-updated': 'firestore',
      onUpload: 'storage',
      onUploadDeleted: 'storage',
      config: 'https',
      hello: 'https',
      serial: 'https',
      sleepy: 'https',
      crash: 'https',
      crashOnEvent: 'firestore',
      whoami: 'callable',
      nightly: 'schedule',
    });
    const nightly = runner.functions().find((fn) => fn.name === 'nightly');
    expect(nightly?.trigger).toEqual({ kind: 'schedule', schedule: '0 3 * * *', timeZone: 'Europe/Paris', retryCount: 0 });
    const onUpload = runner.functions().find((fn) => fn.name === 'onUpload');
    expect(onUpload?.trigger).toEqual({ kind: 'storage', eventType: 'google.cloud.storage.object.v1.finalized', bucket: BUCKET });
  });
});

describe('params', () => {
  it('resolves params from the functions .env, else from their defaults', async () => {
    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/config`);
    expect(await response.json()).toEqual({ uploadQuota: 50, nightlyZone: 'Europe/Paris', greeting: 'hallo from .env' });
  });
});

describe('Firestore triggers', () => {
  it('delivers a create to the matching pattern of its own project only, with params and decoded data', async () => {
    documentWrites.publish(write('festivals/encore-2026/videos/v1', null, doc('festivals/encore-2026/videos/v1', {})));
    documentWrites.publish({ ...write('festivals/other/photos/p0', null, doc('festivals/other/photos/p0', {})), projectId: 'another-project' });
    documentWrites.publish(
      write(
        'festivals/encore-2026/photos/p1',
        null,
        doc('festivals/encore-2026/photos/p1', {
          title: { stringValue: 'Main stage' },
          likes: { integerValue: '3' },
          tags: { arrayValue: { values: [{ stringValue: 'night' }] } },
        }),
      ),
    );
    const [seen] = await records.waitFor('photos-created');
    expect(records.of('photos-created')).toHaveLength(1);
    expect(seen).toMatchObject({
      type: 'google.cloud.firestore.document.v1.created',
      params: { festivalId: 'encore-2026', photoId: 'p1' },
      document: 'festivals/encore-2026/photos/p1',
      subject: 'documents/festivals/encore-2026/photos/p1',
      exists: true,
      refPath: 'festivals/encore-2026/photos/p1',
      data: { title: 'Main stage', likes: 3, tags: ['night'] },
    });
    expect(records.of('photos-updated')).toHaveLength(0);
  });

  it('redelivers a failing update of a retry function with the same event id, then gives up', async () => {
    const path = 'festivals/encore-2026/photos/p2';
    documentWrites.publish(write(path, doc(path, { title: { stringValue: 'calm' } }), doc(path, { title: { stringValue: 'explode' } })));
    const seen = await records.waitFor('photos-updated', 3);
    expect(seen.map((record) => record.before)).toEqual([{ title: 'calm' }, { title: 'calm' }, { title: 'calm' }]);
    expect(new Set(seen.map((record) => record.id)).size).toBe(1);
    await expect.poll(() => invocations.filter((i) => i.function === 'photos-updated').map((i) => i.outcome)).toEqual([
      'retrying',
      'retrying',
      'gave-up',
    ]);
    const eventIds = invocations.filter((i) => i.function === 'photos-updated').map((i) => `${i.eventId}#${i.attempt}`);
    expect(eventIds).toEqual([`${seen[0]!.id}#1`, `${seen[0]!.id}#2`, `${seen[0]!.id}#3`]);
  });
});

describe('Storage triggers', () => {
  const object = (bucket: string, name: string) => ({
    kind: 'storage#object',
    bucket,
    name,
    generation: '1700000000000001',
    metageneration: '1',
    size: '1234',
    contentType: 'image/jpeg',
  });

  it('delivers finalized objects of the default bucket and deletions per bucket', async () => {
    objectEvents.publish({ kind: 'finalized', object: object('other-bucket', 'ignored.jpg'), time: '2026-07-01T10:00:00.000Z' });
    objectEvents.publish({ kind: 'finalized', object: object(BUCKET, 'photos/p1.jpg'), time: '2026-07-01T10:00:00.000Z' });
    objectEvents.publish({ kind: 'deleted', object: object('other-bucket', 'old.jpg'), time: '2026-07-01T10:00:01.000Z' });
    const [finalized] = await records.waitFor('onUpload');
    expect(finalized).toEqual({
      fn: 'onUpload',
      type: 'google.cloud.storage.object.v1.finalized',
      source: `//storage.googleapis.com/projects/_/buckets/${BUCKET}`,
      subject: 'objects/photos/p1.jpg',
      bucket: BUCKET,
      name: 'photos/p1.jpg',
      dataBucket: BUCKET,
      size: '1234',
      contentType: 'image/jpeg',
    });
    expect(await records.waitFor('onUploadDeleted')).toEqual([{ fn: 'onUploadDeleted', name: 'old.jpg', bucket: 'other-bucket' }]);
    expect(records.of('onUpload')).toHaveLength(1);
  });
});

describe('Pub/Sub push endpoint', () => {
  const push = (name: string, body: unknown) =>
    fetch(`${runner.url}/_/pubsub/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const message = (messageId: string, json: unknown) => ({
    message: {
      data: Buffer.from(JSON.stringify(json)).toString('base64'),
      attributes: { origin: 'test' },
      messageId,
      publishTime: '2026-07-01T10:00:00.000Z',
    },
    subscription: `projects/${PROJECT}/subscriptions/encore-functions-onPing`,
  });

  it('acks a handled message and gives the function the decoded message', async () => {
    const response = await push('onPing', message('m-1', { hello: 'festival' }));
    expect(response.status).toBe(204);
    const [seen] = await records.waitFor('onPing');
    expect(seen).toMatchObject({
      id: 'm-1',
      type: 'google.cloud.pubsub.topic.v1.messagePublished',
      source: `//pubsub.googleapis.com/projects/${PROJECT}/topics/ping`,
      messageId: 'm-1',
      json: { hello: 'festival' },
      attributes: { origin: 'test' },
    });
  });

  it('nacks a failure only when the function has retry', async () => {
    expect((await push('flaky', message('m-2', {}))).status).toBe(500);
    expect((await push('fragile', message('m-3', {}))).status).toBe(204);
    expect(invocations.filter((i) => i.eventId === 'm-2' || i.eventId === 'm-3').map((i) => [i.function, i.outcome])).toEqual([
      ['flaky', 'retrying'],
      ['fragile', 'dropped'],
    ]);
  });

  it('rejects bodies that are not push messages and unknown functions', async () => {
    expect((await push('onPing', { hello: 1 })).status).toBe(400);
    expect((await push('hello', message('m-4', {}))).status).toBe(404);
  });
});

describe('HTTPS and callable functions', () => {
  it('serves onRequest at /{project}/{region}/{name} with the sub-path and parsed body', async () => {
    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/hello/lineup/today?stage=main`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n: 1 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: 'POST', path: '/lineup/today', query: { stage: 'main' }, body: { n: 1 } });
  });

  it('answers 404 for another project, region or an event function', async () => {
    for (const path of [`/other/us-central1/hello`, `/${PROJECT}/europe-west1/hello`, `/${PROJECT}/us-central1/onPing`, `/${PROJECT}/us-central1/nope`]) {
      expect((await fetch(`${runner.url}${path}`)).status, path).toBe(404);
    }
  });

  it('answers 404 (the exchange 403) for a path whose escapes are not UTF-8 (%FF), and 400 below a function’s own URL, never 500', async () => {
    for (const path of [`/${PROJECT}/us-central1/%FF`, `/%FF/us-central1/hello`, `/${PROJECT}/%FF/hello`, `/_/jobs/%FF`]) {
      const response = await fetch(`${runner.url}${path}`, { method: 'POST' });
      expect(response.status, path).toBe(404);
    }
    // The App Check exchange refuses a project that is not the runner's as it refuses any other.
    expect((await fetch(`${runner.url}/_/appcheck/v1/projects/%FF/apps/x:exchangeDebugToken`, { method: 'POST', body: '{}' })).status).toBe(403);
    // Below the function's own URL the path is the function's: Express (as in the Functions
    // Framework) refuses an undecodable param with 400; a UTF-8 one reaches the function.
    expect((await fetch(`${runner.url}/${PROJECT}/us-central1/hello/%FF`)).status).toBe(400);
    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/hello/caf%C3%A9`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ method: 'GET', path: '/café' });
  });

  it('answers callables through the web SDK, with request.auth from the ID token', async () => {
    const functions = getFunctions(web);
    connectFunctionsEmulator(functions, runner.host, runner.port);
    const anonymous = await httpsCallable(functions, 'whoami')({ stage: 'main' });
    expect(anonymous.data).toEqual({ uid: null, email: null, echo: { stage: 'main' } });

    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/whoami`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${emulatorIdToken(PROJECT, 'fan-1', 'fan@example.com')}` },
      body: JSON.stringify({ data: 7 }),
    });
    expect(await response.json()).toEqual({ result: { uid: 'fan-1', email: 'fan@example.com', echo: 7 } });
  });

  it('answers CORS preflights so the web app (another origin) can call functions', async () => {
    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/whoami`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it('passes percent-encoded sub-paths through unchanged', async () => {
    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/hello/a%20b/c?q=%C3%A9`);
    expect(await response.json()).toMatchObject({ path: '/a%20b/c', query: { q: 'é' } });
  });

  it('bounds parallel calls by concurrency × maxInstances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${runner.url}/${PROJECT}/us-central1/serial`).then((r) => r.json() as Promise<{ running: number }>)),
    );
    expect(answers.map((answer) => answer.running)).toEqual([1, 1, 1, 1]);
  });

  it('ends a call that outlives timeoutSeconds with 504 and logs a timeout', async () => {
    const response = await fetch(`${runner.url}/${PROJECT}/us-central1/sleepy`);
    expect(response.status).toBe(504);
    expect(invocations.find((i) => i.function === 'sleepy')?.outcome).toBe('timeout');
  });
});

describe('scheduled functions', () => {
  it('runs on demand with Cloud Scheduler headers', async () => {
    const response = await fetch(`${runner.url}/_/jobs/nightly`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ function: 'nightly', ok: true, attempts: 1 });
    const [seen] = await records.waitFor('nightly');
    expect(seen?.jobName).toBe('firebase-schedule-nightly-us-central1');
    expect(Number.isNaN(Date.parse(String(seen?.scheduleTime)))).toBe(false);
  });

  it('refuses unknown and non-scheduled functions', async () => {
    expect((await fetch(`${runner.url}/_/jobs/nope`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${runner.url}/_/jobs/hello`, { method: 'POST' })).status).toBe(400);
  });
});

describe('a crashing functions process', () => {
  it('is replaced by a new one, and calls work again', async () => {
    const crashed = await fetch(`${runner.url}/${PROJECT}/us-central1/crash`);
    expect(crashed.status).toBe(502);
    await expect
      .poll(async () => (await fetch(`${runner.url}/${PROJECT}/us-central1/hello`).catch(() => undefined))?.status, { timeout: 20_000 })
      .toBe(200);
  });
});
