/** `npm run job -- <name>`: the CLI runs a scheduled function through a running runner. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFunctionsRunner, type FunctionsRunner } from '../../src/runner/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE, RecordFile } from './fixture.js';

const JOB_CLI = fileURLToPath(new URL('../../src/cli/job.ts', import.meta.url));
const records = new RecordFile();
let runner: FunctionsRunner;

beforeAll(async () => {
  runner = await startFunctionsRunner({
    functionsModule: FIXTURE_MODULE,
    functionsDir: FIXTURE_DIR,
    projectId: 'demo-job',
    port: 0,
    schedules: false,
    env: { FIXTURE_RECORD_FILE: records.path },
    log: () => {},
  });
});

afterAll(async () => {
  await runner?.close();
  records.remove();
});

async function job(name: string, url = runner.url): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', JOB_CLI, name], {
      env: { ...process.env, ENCORE_FUNCTIONS_URL: url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('runs the named scheduled function now', async () => {
  const result = await job('nightly');
  expect(result).toMatchObject({ code: 0, stdout: 'nightly: ran (1 attempt)\n' });
  expect(await records.waitFor('nightly')).toHaveLength(1);
});

it('fails with the reason for an unknown or unscheduled function', async () => {
  expect(await job('nope')).toMatchObject({ code: 1, stderr: expect.stringContaining('No function named nope') });
  expect(await job('hello')).toMatchObject({ code: 1, stderr: expect.stringContaining('is not an onSchedule function') });
});

it('says so when no runner is listening', async () => {
  const result = await job('nightly', 'http://127.0.0.1:9');
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Cannot reach the functions runner');
});
