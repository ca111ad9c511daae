/**
 * Events reach the functions worker over its IPC channel (worker-protocol.ts), not HTTP:
 * each call gets its own function's outcome (204, the thrown error's 500, 404 for an unknown
 * function), many calls in flight are paired with their own answers, and a worker that dies
 * mid-call fails the call instead of leaving it waiting.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DocumentWrittenEvent, FirestoreDocumentJson } from '../../src/common/events.js';
import { firestoreCloudEvent } from '../../src/runner/cloudevents.js';
import { functionsEnvironment } from '../../src/runner/environment.js';
import { startWorker, type WorkerHandle } from '../../src/runner/worker-process.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from './fixture.js';

const PROJECT = 'demo-worker-ipc';
const CREATED = 'google.cloud.firestore.document.v1.created';
const UPDATED = 'google.cloud.firestore.document.v1.updated';
const records = new RecordFile();
let worker: WorkerHandle;
const crashes: Array<number | null> = [];

beforeAll(async () => {
  worker = await startWorker({
    modulePath: FIXTURE_MODULE,
    cwd: FIXTURE_DIR,
    env: functionsEnvironment({ projectId: PROJECT, storageBucket: `${PROJECT}.appspot.com`, emulators: {}, functionsDir: FIXTURE_DIR, extra: { FIXTURE_RECORD_FILE: records.path } }),
    onCrash: (code) => crashes.push(code),
  });
});

afterAll(async () => {
  await worker?.stop(0);
  records.remove();
});

function doc(path: string, title: string): FirestoreDocumentJson {
  const time = '2026-07-01T10:00:00.123456Z';
  return { name: `projects/${PROJECT}/databases/(default)/documents/${path}`, fields: { title: { stringValue: title } }, createTime: time, updateTime: time };
}

function event(path: string, type: string, before: FirestoreDocumentJson | null, after: FirestoreDocumentJson | null) {
  const write: DocumentWrittenEvent = { projectId: PROJECT, databaseId: '(default)', path, before, after, commitTime: '2026-07-01T10:00:00.123456Z' };
  return firestoreCloudEvent(write, type, 'us-central1');
}

it('gives each of many calls in flight its own outcome, and the function its event', async () => {
  const calls = Array.from({ length: 20 }, (_, i) => {
    const path = `festivals/encore-2026/photos/ipc-${i}`;
    // Every third one throws: its call must get the 500, the others their 204.
    return i % 3 === 0
      ? worker.callEvent('photos-updated', event(path, UPDATED, doc(path, 'calm'), doc(path, 'explode')))
      : worker.callEvent('photos-created', event(path, CREATED, null, doc(path, `set ${i}`)));
  });
  const outcomes = await Promise.all(calls);
  outcomes.forEach((outcome, i) => {
    expect(outcome).toEqual(i % 3 === 0 ? { status: 500, error: 'updated handler failed on purpose' } : { status: 204 });
  });
  const created = records.of('photos-created');
  expect(created.map((record) => (record.data as { title: string }).title).sort()).toEqual(
    outcomes.flatMap((_, i) => (i % 3 === 0 ? [] : [`set ${i}`])).sort(),
  );
});

it('answers 404 for a function the worker does not have', async () => {
  await expect(worker.callEvent('nope', {})).resolves.toEqual({ status: 404, error: 'No function named nope' });
});

it('fails a call whose worker exits before answering, and reports the crash', async () => {
  await expect(worker.callEvent('crashOnEvent', event('crashes/c1', CREATED, null, doc('crashes/c1', 'x')))).rejects.toThrow(/exited \(code 4\)/);
  expect(crashes).toEqual([4]);
  await expect(worker.callEvent('photos-created', {})).rejects.toThrow(/gone/);
});
