/**
 * CPU time spent by this process and each of its descendants (the functions' worker runs
 * in a child process), read from Linux's /proc: on a shared machine the wall-clock rate
 * moves with everyone else's load, the CPU milliseconds per operation much less, and they
 * say which process limits the rate. Elsewhere it reports nothing. The leading underscore
 * keeps `npm run bench` from running this file as a benchmark.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Milliseconds of user + system CPU per process id, this process and every descendant still alive. */
export function cpuByProcess(root = process.pid): Map<number, number> {
  const times = new Map<number, number>();
  if (!existsSync('/proc/self/stat')) return times;
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields start after it.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const parent = Number(fields[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), pid]);
      times.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // The process ended between listing and reading.
    }
  }
  const tree = new Map<number, number>();
  const visit = (pid: number) => {
    tree.set(pid, times.get(pid) ?? 0);
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** CPU milliseconds each process spent between two readings: this one ("bench and emulators") and its children ("functions worker" etc). */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): { self: number; children: number } {
  let children = 0;
  for (const [pid, ms] of after) if (pid !== process.pid) children += ms - (before.get(pid) ?? 0);
  return { self: (after.get(process.pid) ?? 0) - (before.get(process.pid) ?? 0), children };
}

/**
 * The rate the CPU alone would allow on `cores` idle cores, per second, from the CPU
 * milliseconds one operation costs in each process: no process can use more than one core
 * (one JavaScript thread each), and all of them together no more than `cores`. An estimate
 * for a machine nobody else is using, printed beside the measured rate, never instead of it.
 */
export function cpuCeiling(perOperation: { self: number; children: number }, cores = 2): number {
  const total = perOperation.self + perOperation.children;
  return Math.min(1000 / perOperation.self, 1000 / perOperation.children, (cores * 1000) / total);
}

/**
 * A V8 CPU profile of this process's main thread from now until `stopInto(file)`, through the
 * inspector (no `--cpu-prof` on the whole run, so the warm-up stays out of it).
 */
export async function startCpuProfile(): Promise<{ stopInto(file: string): Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stopInto(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
