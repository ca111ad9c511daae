/**
 * The `npm start` functions console on a stack on free ports, wired as startFestival wires
 * it: every invocation and every entry the functions print lands in full in the JSONL file
 * (the previous run's kept beside it), attributed to its function and call, while the
 * console gets one short line each.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PubSub } from '@google-cloud/pubsub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFunctionsLog, type FunctionsLog } from '../../src/cli/functions-log.js';
import { startStack, type Stack } from '../../src/stack/index.js';

const PROJECT = 'demo-console';
const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/logging-functions/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'encore-console-'));
const file = join(dir, 'logs', 'functions.jsonl');
let printed = '';
let functionsLog: FunctionsLog;
let stack: Stack;

interface FileLine {
  component: string;
  function?: string;
  [field: string]: unknown;
}

function fileLines(): FileLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as FileLine);
}

/** Polls the file until `matches` finds a line (the runner and the functions' pipes deliver asynchronously). */
async function waitForLine(matches: (line: FileLine) => boolean): Promise<FileLine> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = fileLines().find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such line in ${file}:\n${readFileSync(file, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  mkdirSync(join(dir, 'logs'));
  writeFileSync(file, '{"from":"the previous run"}\n');
  functionsLog = openFunctionsLog({ file, shownAs: 'logs/functions.jsonl', console: { write: (text: string) => (printed += text) }, colour: false });
  stack = await startStack({
    projectId: PROJECT,
    functions: join(FIXTURE_DIR, 'index.js'),
    functionsDir: FIXTURE_DIR,
    ports: 'free',
    runner: { schedules: false, log: functionsLog.log, workerOutput: functionsLog.output },
  });
});

afterAll(async () => {
  await stack?.stop();
  functionsLog?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the npm start functions log', () => {
  it('keeps the previous run beside the new file', () => {
    expect(readFileSync(join(dir, 'logs', 'functions.previous.jsonl'), 'utf8')).toBe('{"from":"the previous run"}\n');
    expect(fileLines().some((line) => 'from' in line)).toBe(false);
  });

  it('writes the invocation record and the function\'s entries in full, and one short line each to the console', async () => {
    const response = await fetch(`http://${stack.hosts.functions}/${PROJECT}/us-central1/greet?who=ada`);
    expect(await response.text()).toBe('hi');

    const invocation = await waitForLine((line) => line.component === 'functions-runner' && line.function === 'greet');
    expect(invocation).toMatchObject({ trigger: 'https', attempt: 1, outcome: 'ok' });
    expect(typeof invocation.time).toBe('string');
    const entry = await waitForLine((line) => line.component === 'functions' && line.function === 'greet' && 'log' in line);
    expect(entry).toMatchObject({ stream: 'stdout', log: { severity: 'INFO', message: 'greeted', event: 'greeted', who: 'ada' } });
    const text = await waitForLine((line) => line.component === 'functions' && line.function === 'greet' && 'text' in line);
    expect(text).toMatchObject({ stream: 'stdout', text: 'a plain console line' });
    // The runner gives the call an execution id, and the function's lines carry the same one.
    expect(typeof invocation.eventId).toBe('string');
    expect(entry.executionId).toBe(invocation.eventId);
    expect(text.executionId).toBe(invocation.eventId);

    expect(printed).toMatch(/^ {2}✔ greet +https +[\d.]+ m?s$/m);
    expect(printed).toMatch(/^ {2}› greet +INFO +greeted {2}who=ada$/m);
    expect(printed).toMatch(/^ {2}› greet +INFO +a plain console line$/m);
    expect(printed).not.toContain('{"severity"');
    expect(printed).not.toContain('\u001b[');
  });

  it('shows a failure, its warning and its error, with the full stack only in the file', async () => {
    const response = await fetch(`http://${stack.hosts.functions}/${PROJECT}/us-central1/fail`);
    expect(response.status).toBe(500);

    await waitForLine((line) => line.component === 'functions-runner' && line.function === 'fail');
    // firebase-functions' onRequest answers 500 itself and logs the error as an ERROR entry, stack included.
    const error = await waitForLine((line) => line.function === 'fail' && (line.log as { severity?: string } | undefined)?.severity === 'ERROR');
    expect((error.log as { message: string }).message).toMatch(/^Unhandled error Error: failing on purpose\n {4}at .*logging-functions\/index\.js/);

    expect(printed).toMatch(/^ {2}✖ fail +https +[\d.]+ m?s {2}failed: HTTP 500$/m);
    expect(printed).toMatch(/^ {2}› fail +WARN +about-to-fail {2}reason="on purpose"$/m);
    expect(printed).toMatch(/^ {2}› fail +ERROR +Unhandled error Error: failing on purpose\n {36}at .*logging-functions\/index\.js/m);
    expect(printed).toMatch(/^ +… \d+ more lines in logs\/functions\.jsonl$/m);
  });

  it('names the event a background function was logging for, across its awaits; the console shows what it logged, not its successful call', async () => {
    const client = new PubSub({ projectId: PROJECT });
    const messageId = await client.topic('notes').publishMessage({ json: { text: 'bring earplugs' } });
    await client.close();

    const entry = await waitForLine((line) => line.function === 'onNote' && 'log' in line);
    expect(entry).toMatchObject({ executionId: messageId, log: { severity: 'INFO', message: 'note-read', text: 'bring earplugs' } });
    const invocation = await waitForLine((line) => line.component === 'functions-runner' && line.function === 'onNote');
    expect(invocation).toMatchObject({ trigger: 'pubsub.messagePublished', eventId: messageId, outcome: 'ok' });
    expect(printed).toMatch(/^ {2}› onNote +INFO +note-read {2}text="bring earplugs"$/m);
    expect(printed).not.toMatch(/✔ onNote/);
  });
});
