/**
 * The favourites bench's starvation criterion (`_cpu.ts`) as pure logic: given readings of the
 * box's CPU and the bench's process tree, starved only when processes outside the bench took
 * more than the stated share of the box; the bench's own processes contending with each other
 * is not starvation. Plus the /proc/stat parsing it rests on.
 */
import { describe, expect, it } from 'vitest';
import { OTHERS_MAX_SHARE, benchTreeCpuMs, cpuVerdict, parseBoxCpu, type CpuSample } from './_cpu.js';

/** Readings one second apart on a 2-core box (2,000 ms of core time a second): per second, what the bench and the others ran. */
function samples(seconds: Array<{ bench: number; others: number }>): CpuSample[] {
  const readings: CpuSample[] = [{ atMs: 0, boxBusyMs: 50_000, boxIdleMs: 80_000, benchMs: 300 }];
  for (const { bench, others } of seconds) {
    const last = readings.at(-1)!;
    readings.push({
      atMs: last.atMs + 1000,
      boxBusyMs: last.boxBusyMs + bench + others,
      boxIdleMs: last.boxIdleMs + 2000 - bench - others,
      benchMs: last.benchMs + bench,
    });
  }
  return readings;
}

describe('cpuVerdict', () => {
  it('is not starved when the bench alone fills both cores (its processes contending with each other)', () => {
    const verdict = cpuVerdict(samples([{ bench: 1980, others: 20 }, { bench: 1990, others: 10 }, { bench: 2000, others: 0 }]));
    expect(verdict.starved).toBe(false);
    expect(verdict.benchShare).toBeCloseTo(5970 / 6000);
    expect(verdict.othersShare).toBeCloseTo(30 / 6000);
    expect(verdict.idleShare).toBe(0);
    expect(verdict.wallMs).toBe(3000);
  });

  it('is starved when other processes took more than the stated share of the box', () => {
    const verdict = cpuVerdict(samples([{ bench: 1000, others: 1000 }, { bench: 1200, others: 800 }]));
    expect(verdict.othersShare).toBeCloseTo(0.45);
    expect(verdict.starved).toBe(true);
  });

  it('draws the line at OTHERS_MAX_SHARE of the box, over the whole run', () => {
    const atLimit = cpuVerdict(samples([{ bench: 1000, others: 2000 * OTHERS_MAX_SHARE }]));
    const over = cpuVerdict(samples([{ bench: 1000, others: 2000 * OTHERS_MAX_SHARE + 10 }]));
    expect(atLimit.starved).toBe(false);
    expect(over.starved).toBe(true);
    // One bad second in ten is the run's average, not its verdict; the worst second is reported.
    const burst = cpuVerdict(samples([{ bench: 1000, others: 900 }, ...Array.from({ length: 9 }, () => ({ bench: 1500, others: 0 }))]));
    expect(burst.othersWorstShare).toBeCloseTo(0.45);
    expect(burst.othersShare).toBeCloseTo(0.045);
    expect(burst.starved).toBe(false);
  });

  it('takes a stricter threshold when given one', () => {
    expect(cpuVerdict(samples([{ bench: 1000, others: 100 }]), 0.02).starved).toBe(true);
  });

  it('counts only the growth of the bench tree, so a process that ended unreaped is not counted as negative', () => {
    const readings = samples([{ bench: 1500, others: 100 }, { bench: 1500, others: 100 }]);
    // The writers' process (800 ms so far) ended between the readings and nobody reaped it: its time left the tree.
    readings[2] = { ...readings[2]!, benchMs: readings[1]!.benchMs - 800 };
    const verdict = cpuVerdict(readings);
    expect(verdict.benchMs).toBe(1500);
    // That second's busy time, not seen in the tree, counts as others': the verdict errs toward refusing.
    expect(verdict.othersMs).toBe(100 + 1600);
  });

  it('does not count a bench reading above the box busy time (two clocks) as negative others', () => {
    const readings = samples([{ bench: 1000, others: 0 }]);
    readings[1] = { ...readings[1]!, benchMs: readings[1]!.benchMs + 30 };
    const verdict = cpuVerdict(readings);
    expect(verdict.othersMs).toBe(0);
    expect(verdict.benchShare).toBeCloseTo(0.5);
  });

  it('needs two readings', () => {
    expect(() => cpuVerdict(samples([]))).toThrow('at least two samples');
  });
});

describe('parseBoxCpu', () => {
  it("reads busy and idle core time from /proc/stat's first line, in milliseconds (100 ticks a second)", () => {
    const stat = 'cpu  7292061 221259 2543256 1926503 26153 0 25722 0 0 0\ncpu0 3642192 109150 1253726 999246 3348 0 9946 0 0 0\n';
    expect(parseBoxCpu(stat)).toEqual({ busyMs: (7292061 + 221259 + 2543256 + 25722) * 10, idleMs: (1926503 + 26153) * 10 });
  });

  it('refuses a text without the all-cores line', () => {
    expect(() => parseBoxCpu('cpu0 1 2 3 4\n')).toThrow('no "cpu " line');
  });
});

describe.runIf(process.platform === 'linux')('benchTreeCpuMs', () => {
  it('grows with the CPU this process spends', () => {
    const before = benchTreeCpuMs();
    // 150 ms of this process's own CPU (not of the wall clock, which a busy box stretches).
    const started = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(started).user < 150_000) spin += Math.sqrt(spin + 1);
    expect(spin).toBeGreaterThan(0);
    expect(benchTreeCpuMs() - before).toBeGreaterThanOrEqual(100);
  });
});
