/**
 * What the benchmarks through the local stack share: the functions log one JSON line per
 * step to the stdout they inherit, so each bench does its work in a child of itself whose
 * output is dropped, and prints the figures the child sends over a pipe of their own
 * (fd 3). The child's stderr is shown if it fails. The leading underscore keeps
 * `npm run bench` from running this file as a benchmark.
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIGURES_FD = 3;
const CHILD_FLAG = 'ENCORE_STACK_BENCH_CHILD';

/** Runs `bench` in a quiet child of the module at `moduleUrl` (its `import.meta.url`), printing only its figures. */
export async function runQuietly(moduleUrl: string, bench: (print: (line: string) => void) => Promise<void>): Promise<void> {
  if (process.env[CHILD_FLAG]) {
    await bench((line) => writeSync(FIGURES_FD, `${line}\n`));
    return;
  }
  const child = spawn(process.execPath, ['--conditions=encore-source', '--import', 'tsx', fileURLToPath(moduleUrl)], {
    env: { ...process.env, [CHILD_FLAG]: '1' },
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  child.stdio[FIGURES_FD]!.pipe(process.stdout);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-8000)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) {
    console.error(stderr);
    process.exit(code ?? 1);
  }
}
