/**
 * The local stack's functions runner and emulators log to stdout and stderr, which would bury
 * a bench's figures. A bench therefore runs its work in a child of itself whose output is
 * dropped, and the child writes its figures on a pipe of their own (fd 3), which the parent
 * prints. When the child fails, its stderr is shown.
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIGURES_FD = 3;

/** A line of figures, printed by the parent. */
export function report(line: string): void {
  writeSync(FIGURES_FD, `${line}\n`);
}

/**
 * In the parent: starts `benchUrl` (the bench's `import.meta.url`) again as a child and relays
 * its figures; exits 1 when the child fails or reports over budget (exit code 2 from the child).
 * In the child (`--child`): runs `measure`.
 */
export async function runInQuietChild(benchUrl: string, measure: () => Promise<{ overBudget: boolean }>): Promise<void> {
  if (process.argv[2] === '--child') {
    const { overBudget } = await measure();
    process.exit(overBudget ? 2 : 0);
  }
  const child = spawn(process.execPath, ['--conditions=encore-source', '--import', 'tsx', fileURLToPath(benchUrl), '--child'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => process.stdout.write(chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code === 2) {
    console.error('over budget');
    process.exit(1);
  }
  if (code !== 0) {
    process.stderr.write(errors);
    process.exit(1);
  }
}
