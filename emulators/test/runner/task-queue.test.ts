/** Cloud Tasks in the runner: what firebase-admin's taskQueue().enqueue() does under an emulator reaches onTaskDispatched functions. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsRunner, type FunctionsRunner } from '../../src/runner/index.js';
import { taskBackoffMs } from '../../src/runner/task-queue.js';
import { FIXTURE_DIR, RecordFile } from './fixture.js';

const PROJECT = 'demo-tasks';
const records = new RecordFile();
let runner: FunctionsRunner;

beforeAll(async () => {
  runner = await startFunctionsRunner({
    functionsModule: join(FIXTURE_DIR, 'task-queue', 'index.js'),
    functionsDir: FIXTURE_DIR,
    projectId: PROJECT,
    port: 0,
    schedules: false,
    env: { FIXTURE_RECORD_FILE: records.path },
    log: () => {},
  });
}, 30_000);

afterAll(async () => {
  await runner?.close();
  records.remove();
});

async function enqueue(body: object): Promise<number> {
  const response = await fetch(`${runner.url}/${PROJECT}/us-central1/enqueue`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

describe('the runner as Cloud Tasks', () => {
  it('lists onTaskDispatched functions as task-queue triggers with their retry config', () => {
    expect(runner.functions().find((f) => f.name === 'tick')?.trigger).toEqual({ kind: 'taskQueue', retry: { maxAttempts: 2, minBackoffSeconds: 0.1, maxBackoffSeconds: 3600, maxDoublings: 16 } });
  });

  it('runs a task enqueued through firebase-admin with its data, queue and name', async () => {
    expect(await enqueue({ queue: 'tick', data: { festivalId: 'f1' }, id: 'f1-now' })).toBe(200);
    const [seen] = await records.waitFor('tick');
    expect(seen).toMatchObject({ data: { festivalId: 'f1' }, id: 'f1-now', queueName: 'tick', retryCount: 0 });
  });

  it('refuses a second task with the same id (409, task-already-exists) and runs the first once', async () => {
    expect(await enqueue({ queue: 'tick', data: { n: 1 }, id: 'window-7', delaySeconds: 1 })).toBe(200);
    expect(await enqueue({ queue: 'tick', data: { n: 2 }, id: 'window-7', delaySeconds: 1 })).toBe(409);
    const before = Date.now();
    const seen = await records.waitFor('tick', 2);
    expect(seen.filter((record) => record.id === 'window-7')).toEqual([expect.objectContaining({ data: { n: 1 } })]);
    // Not before its schedule time (whole seconds, as firebase-admin sets it).
    expect((seen.at(-1)!.at as number) - before).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(records.of('tick').filter((record) => record.id === 'window-7')).toHaveLength(1);
    // The name stays reserved after the task ran.
    expect(await enqueue({ queue: 'tick', data: { n: 3 }, id: 'window-7' })).toBe(409);
  });

  it('retries a task whose function failed, with the retry count', async () => {
    expect(await enqueue({ queue: 'failOnce', data: {} })).toBe(200);
    expect((await records.waitFor('failOnce', 2)).map((record) => record.retryCount)).toEqual([0, 1]);
  });

  it('answers 404 for a queue no function serves', async () => {
    const response = await fetch(`${runner.url}/projects/${PROJECT}/locations/us-central1/queues/nope/tasks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ task: { httpRequest: {} } }) });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
  });
});

describe('taskBackoffMs', () => {
  it('doubles from the minimum, then grows linearly past maxDoublings, capped at the maximum', () => {
    const policy = { maxAttempts: 10, minBackoffSeconds: 1, maxBackoffSeconds: 10, maxDoublings: 2 };
    expect([1, 2, 3, 4, 5, 6].map((retry) => taskBackoffMs(policy, retry))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });
});
