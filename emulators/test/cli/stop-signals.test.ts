/**
 * The CLI's stop signals (cli/stop-signals.ts): a second Ctrl-C exits at once even while the
 * clean stop hangs, one Ctrl-C delivered twice (by the terminal and by npm) is still one
 * clean stop, and no child process group the CLI started outlives it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAME_KEYPRESS_MS } from '../../src/cli/stop-signals.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/stuck-stop.ts', import.meta.url));
const IMPORT_FIXTURE = fileURLToPath(new URL('./fixtures/import-after-stop.ts', import.meta.url));

/** Running, not a zombie waiting to be reaped (a killed orphan is one until init reaps it). Linux /proc. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function startFixture(stopTakes: string) {
  const cli = spawn(process.execPath, ['--import', 'tsx', FIXTURE, stopTakes], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiting: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  createInterface({ input: cli.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiting.splice(0)) if (waiter.pattern.test(line)) waiter.resolve(line);
      else waiting.push(waiter);
  });
  return {
    cli,
    lines,
    exited: new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code))),
    next: (pattern: RegExp) => new Promise<string>((resolve) => waiting.push({ pattern, resolve })),
  };
}

describe('stop signals', () => {
  it('exit on a second Ctrl-C while the first one\'s stop hangs, killing the child groups the CLI started', async () => {
    const { cli, exited, next } = startFixture('hang');
    const childPid = Number((await next(/^child \d+$/)).split(' ')[1]);
    expect(isAlive(childPid)).toBe(true);
    const saving = next(/SIGINT: saving state and stopping/);
    cli.kill('SIGINT');
    await saving;
    // A person's second Ctrl-C: later than the same keypress delivered twice.
    await new Promise((resolve) => setTimeout(resolve, SAME_KEYPRESS_MS + 100));
    cli.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(isAlive(childPid)).toBe(false);
  });

  it('take one Ctrl-C delivered twice at once (terminal and npm) as one: a clean stop', async () => {
    const { cli, exited, next, lines } = startFixture('800');
    const childPid = Number((await next(/^child \d+$/)).split(' ')[1]);
    cli.kill('SIGINT');
    cli.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(lines).toContain('stopped');
    expect(lines.filter((line) => /again: exiting/.test(line))).toEqual([]);
    expect(isAlive(childPid)).toBe(false);
  });

  it("take an import that fails after Ctrl-C (tsx's compiler stopped with it) as the stop: its clean-up runs, exit 0, no stack trace", async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', IMPORT_FIXTURE, 'stopped'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    cli.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    cli.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
    expect(code).toBe(0);
    expect(out).toContain('cleaned up');
    expect(out).toContain('[encore] stopped during start-up');
    expect(out).not.toContain('imported');
    expect(err).not.toContain('The service was stopped');
  });

  it('leave an import that fails with no stop requested to fail as before', async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', IMPORT_FIXTURE, 'running'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    cli.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => cli.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(err).toContain('The service was stopped');
  });
});
