/**
 * CPU time spent by this process and each of its descendants (the functions' worker runs
 * in a child process), read from Linux's /proc: on a shared machine the wall-clock rate
 * moves with everyone else's load, the CPU milliseconds per operation much less, and they
 * say which process limits the rate. Elsewhere it reports nothing. The leading underscore
 * keeps `npm run bench` from running this file as a benchmark.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcessStat {
  parent: number;
  /** utime, stime, cutime, cstime: in milliseconds. */
  userMs: number;
  systemMs: number;
  childrenUserMs: number;
  childrenSystemMs: number;
}

/** Every live process's parent and CPU times, from /proc/{pid}/stat (empty where there is no /proc). */
function readProcessStats(): Map<number, ProcessStat> {
  const stats = new Map<number, ProcessStat>();
  if (!existsSync('/proc/self/stat')) return stats;
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / TICKS_PER_SECOND;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields start after it.
      // utime, stime, cutime, cstime are fields 14-17 of stat, 11-14 after the command name.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { parent: Number(fields[1]), userMs: ms(fields[11]), systemMs: ms(fields[12]), childrenUserMs: ms(fields[13]), childrenSystemMs: ms(fields[14]) });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return stats;
}

/** `root` and every live descendant of it, with their stats. */
function processTree(root: number, stats: Map<number, ProcessStat>): Map<number, ProcessStat> {
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of stats) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const tree = new Map<number, ProcessStat>();
  const visit = (pid: number) => {
    const stat = stats.get(pid);
    if (stat) tree.set(pid, stat);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return tree;
}

/** Milliseconds of user + system CPU per process id, this process and every descendant still alive. */
export function cpuByProcess(root = process.pid): Map<number, number> {
  const times = new Map<number, number>();
  for (const [pid, stat] of processTree(root, readProcessStats())) times.set(pid, stat.userMs + stat.systemMs);
  return times;
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

/**
 * One reading of the box and of the bench: the CPU time of every core, busy and idle, since
 * boot (/proc/stat), and the CPU time of the bench's process tree (/proc/{pid}/stat). What the
 * box spent beyond the bench is the other processes'.
 */
export interface CpuSample {
  /** performance.now() when read. */
  atMs: number;
  /** Milliseconds all cores together spent running anything (user, nice, system, irq, softirq, steal). */
  boxBusyMs: number;
  /** Milliseconds all cores together were idle (idle, iowait). */
  boxIdleMs: number;
  /** Milliseconds of CPU of the bench's processes: each live one's own and its ended children's (`benchTreeCpuMs`). */
  benchMs: number;
}

/**
 * Above this share of the box (every core's time over the run) taken by processes outside the
 * bench's tree, the bench was starved and prints no rate. Why 10%: on a quiet box the
 * background (kernel threads, the sandbox's agent, idle shells) took 3% (2026-12-07), well
 * under it; and at 10% a bench that could use every core still got 90% of them, so its rate is
 * at most about a tenth under a quiet box's, less than two runs of one tree differed (1,605/s
 * and 1,326/s on 2026-11-27). Over it, the rate would measure the neighbours as much as the code.
 */
export const OTHERS_MAX_SHARE = 0.1;

export interface CpuVerdict {
  wallMs: number;
  /** Every core's time over the run (wall clock x cores, as /proc/stat counted it). */
  boxMs: number;
  benchMs: number;
  othersMs: number;
  /** Shares of boxMs: the bench's processes, everyone else's, nobody's. */
  benchShare: number;
  othersShare: number;
  idleShare: number;
  /** The highest share of the box others took between two samples (a burst of other load). */
  othersWorstShare: number;
  /** Others took more than `maxOthersShare` of the box over the run. */
  starved: boolean;
  maxOthersShare: number;
}

/**
 * Whether other processes took the CPU the bench needed, from readings taken over the run
 * (at least two; more let a process of the bench that ended unwaited lose at most one
 * interval's time, and give the worst interval). The bench's own processes contending with
 * each other (three of them on two cores) is not starvation: only the box's busy time that was
 * not the bench's counts against it.
 */
export function cpuVerdict(samples: readonly CpuSample[], maxOthersShare = OTHERS_MAX_SHARE): CpuVerdict {
  if (samples.length < 2) throw new Error(`cpuVerdict needs at least two samples, got ${samples.length}`);
  let boxMs = 0;
  let benchMs = 0;
  let othersMs = 0;
  let idleMs = 0;
  let othersWorstShare = 0;
  for (let i = 1; i < samples.length; i++) {
    const before = samples[i - 1]!;
    const after = samples[i]!;
    const busy = Math.max(0, after.boxBusyMs - before.boxBusyMs);
    const idle = Math.max(0, after.boxIdleMs - before.boxIdleMs);
    // The tree's total drops when one of its processes ended and nobody reaped it: only growth is the bench's.
    const bench = Math.max(0, after.benchMs - before.benchMs);
    // Processes and the box are counted by different clocks (per-process accounting, the tick):
    // a bench reading slightly over the box's busy time is no one else's.
    const others = Math.max(0, busy - bench);
    boxMs += busy + idle;
    benchMs += Math.min(bench, busy);
    othersMs += others;
    idleMs += idle;
    if (busy + idle > 0) othersWorstShare = Math.max(othersWorstShare, others / (busy + idle));
  }
  const share = (ms: number) => (boxMs > 0 ? ms / boxMs : 0);
  return {
    wallMs: samples.at(-1)!.atMs - samples[0]!.atMs,
    boxMs,
    benchMs,
    othersMs,
    benchShare: share(benchMs),
    othersShare: share(othersMs),
    idleShare: share(idleMs),
    othersWorstShare,
    starved: share(othersMs) > maxOthersShare,
    maxOthersShare,
  };
}

/** Busy and idle milliseconds of all cores from /proc/stat's first line (`cpu  user nice system idle iowait irq softirq steal guest guest_nice`). */
export function parseBoxCpu(procStat: string): { busyMs: number; idleMs: number } {
  const line = procStat.split('\n').find((candidate) => candidate.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat has no "cpu " line');
  // guest and guest_nice are already counted in user and nice.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  return { busyMs: ms(user + nice + system + irq + softirq + steal), idleMs: ms(idle + iowait) };
}

/**
 * CPU milliseconds of the process tree under `root`: each live process's user + system time
 * and its waited-for children's (cutime + cstime), so a child that ended and was reaped still
 * counts, through its parent.
 */
export function benchTreeCpuMs(root = process.pid): number {
  let total = 0;
  for (const stat of processTree(root, readProcessStats()).values()) total += stat.userMs + stat.systemMs + stat.childrenUserMs + stat.childrenSystemMs;
  return total;
}

/** Reads the box and the bench's tree now (Linux only: throws elsewhere). */
export function sampleCpu(root = process.pid): CpuSample {
  const { busyMs, idleMs } = parseBoxCpu(readFileSync('/proc/stat', 'utf8'));
  return { atMs: performance.now(), boxBusyMs: busyMs, boxIdleMs: idleMs, benchMs: benchTreeCpuMs(root) };
}

/** How often `watchCpu` reads: often enough to show a burst of other load, rarely enough to cost the bench nothing measurable (about 2 ms a reading). */
const SAMPLE_EVERY_MS = 1000;

/**
 * Reads the box and the bench's process tree (this process and every descendant: the
 * emulators run here, the functions' worker and the visitors' writers are children) now,
 * every second, and at `stop()`, which says whether the bench was starved (`cpuVerdict`).
 * Undefined where there is no /proc: no verdict, and the bench says so.
 */
export function watchCpu(): { stop(): CpuVerdict } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const samples = [sampleCpu()];
  const timer = setInterval(() => samples.push(sampleCpu()), SAMPLE_EVERY_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(sampleCpu());
      return cpuVerdict(samples);
    },
  };
}
