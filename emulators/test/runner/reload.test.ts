/** Rebuilding the functions module reloads the runner (watch, debounce, new child); a broken build keeps the old one. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFunctionsRunner, type FunctionsRunner } from '../../src/runner/index.js';

const PROJECT = 'demo-reload';
const dir = mkdtempSync(join(tmpdir(), 'encore-reload-'));
const modulePath = join(dir, 'lib', 'index.js');
const httpsModule = import.meta.resolve('firebase-functions/v2/https');
let runner: FunctionsRunner;

function build(source: string): void {
  writeFileSync(modulePath, `import { onRequest } from ${JSON.stringify(httpsModule)};\n${source}\n`);
}

async function callHello(): Promise<string> {
  return (await fetch(`${runner.url}/${PROJECT}/us-central1/hello`)).text();
}

beforeAll(async () => {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  mkdirSync(join(dir, 'lib'));
  build(`export const hello = onRequest((_req, res) => { res.send('first build'); });`);
  runner = await startFunctionsRunner({ functionsModule: modulePath, projectId: PROJECT, port: 0, watch: true, schedules: false, log: () => {} });
});

afterAll(async () => {
  await runner?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('serves the new build after the module changes, including new exports', async () => {
  expect(await callHello()).toBe('first build');
  build(
    `export const hello = onRequest((_req, res) => { res.send('second build'); });\n` +
      `export const added = onRequest((_req, res) => { res.send('added'); });`,
  );
  await expect.poll(() => runner.functions().map((fn) => fn.name).sort(), { timeout: 20_000 }).toEqual(['added', 'hello']);
  expect(await callHello()).toBe('second build');
});

it('keeps serving the previous build when the new one fails to load', async () => {
  build(`throw new Error('broken build');`);
  await expect(runner.reload()).rejects.toThrow(/broken build/);
  expect(await callHello()).toBe('second build');
});
