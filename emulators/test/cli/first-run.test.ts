/**
 * A newcomer's first run: a fresh clone of this repository (its committed HEAD), `npm start`
 * (ports moved off the fixed ones with ENCORE_PORTS=free), then Chromium opens the programme
 * the banner points to: it renders, with no Vite error overlay and no console error. Nothing
 * of the clone is built beforehand: no model/dist, no functions/lib.
 *
 * The clone reuses this checkout's node_modules through hard links (`cp -al`, which keeps the
 * workspace symlinks relative, so they point into the clone) instead of a network install.
 * Caches are left out, so whatever the run writes under node_modules is a new file of the
 * clone's; the test then checks that no hard-linked file was written, i.e. nothing leaked
 * back into this checkout's node_modules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { launchChromium } from '../browser/chromium.js';
import { ROOT_DIR, runCli, type CliProcess } from './cli-process.js';

/** Every folder with node_modules of its own: the workspaces, and the functions' Node 24 (emulators/functions-node). */
const WORKSPACES = ['model', 'emulators', 'functions', 'web', 'emulators/functions-node'];
/** Folders tools write into: never shared with the checkout. */
const CACHES = ['.vite', '.vite-temp', '.cache', '.tmp'];
const SCREENSHOTS = join(ROOT_DIR, 'test-results', 'first-run');

const scratch = mkdtempSync(join(tmpdir(), 'encore-first-run-'));
const clone = join(scratch, 'encore');
let cli: CliProcess | undefined;
let browser: Browser | undefined;

function linkNodeModules(from: string, to: string): void {
  if (!existsSync(from)) return;
  execFileSync('cp', ['-al', from, to]);
  for (const cache of CACHES) rmSync(join(to, cache), { recursive: true, force: true });
}

/** Files under `dir` that share their inode with another path (the checkout's) and were modified after `since`. */
function writtenSharedFiles(dir: string, since: number): string[] {
  const written: string[] = [];
  const walk = (path: string): void => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) {
        const stat = lstatSync(child);
        if (stat.nlink > 1 && stat.mtimeMs > since) written.push(child);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return written;
}

afterAll(async () => {
  await browser?.close();
  if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

it('from a fresh clone, npm start serves the programme: no error overlay, no console error', { timeout: 600_000 }, async () => {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT_DIR, clone]);
  expect(existsSync(join(clone, 'model', 'dist'))).toBe(false);
  expect(existsSync(join(clone, 'functions', 'lib'))).toBe(false);
  linkNodeModules(join(ROOT_DIR, 'node_modules'), join(clone, 'node_modules'));
  for (const workspace of WORKSPACES) linkNodeModules(join(ROOT_DIR, workspace, 'node_modules'), join(clone, workspace, 'node_modules'));
  const linkedAt = Date.now();

  cli = runCli({ cli: 'npm start', cwd: clone, dataDir: join(clone, '.encore-data') });
  const tip = await cli.line(/open (http:\/\/127\.0\.0\.1:\d+\/\?now=\S+)/);
  const programmeUrl = /open (\S+)$/.exec(tip)![1]!;

  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  // A failed load's console line does not name the file: this does (e.g. Vite's 504 for a dependency it re-optimised).
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`http ${response.status()}: ${new URL(response.url()).pathname}`);
  });
  await page.goto(programmeUrl);
  // The programme of the day the tip points at, with its sets, from the emulators.
  await page.getByRole('heading', { level: 2, name: /· \d+ sets$/ }).first().waitFor({ timeout: 120_000 });
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'programme.png') });
  expect(await page.locator('vite-error-overlay').count()).toBe(0);
  expect(errors).toEqual([]);

  cli.child.kill('SIGINT');
  expect(await cli.exited).toBe(0);
  expect(writtenSharedFiles(join(clone, 'node_modules'), linkedAt)).toEqual([]);
  for (const workspace of WORKSPACES) expect(writtenSharedFiles(join(clone, workspace, 'node_modules'), linkedAt)).toEqual([]);
});
