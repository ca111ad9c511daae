/**
 * The CLI's stop signals (cli/stop-signals.ts): a second Ctrl-C exits at once even while the
 * clean stop hangs, and no child process group the CLI started outlives it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/stuck-stop.ts', import.meta.url));

/** Running, not a zombie waiting to be reaped (a killed orphan is one until init reaps it). Linux /proc. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

it('exits on a second Ctrl-C while the first one\'s stop hangs, and kills the child groups it started', async () => {
  const cli = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: cli.stdout! });
  const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
  const next = (pattern: RegExp) => new Promise<string>((resolve) => lines.on('line', (line) => pattern.test(line) && resolve(line)));

  const childPid = Number((await next(/^child \d+$/)).split(' ')[1]);
  expect(isAlive(childPid)).toBe(true);
  const saving = next(/SIGINT: saving state and stopping/);
  cli.kill('SIGINT');
  await saving;
  cli.kill('SIGINT');
  expect(await exited).toBe(130);
  expect(isAlive(childPid)).toBe(false);
});
