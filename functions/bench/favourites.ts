/**
 * `npm run bench -- functions/bench/favourites`: a hot performance on the local stack, with the
 * security rules on. Distinct visitors favourite the same set, each with the app's own commit
 * (the favourite and the visitor's toggle limit in one Commit, signed in as the visitor, so the
 * rules judge it: `_app-commits.ts`, held to the rules by app-commits.test.ts) over gRPC
 * (`_favourite-writers.ts` says which client: BENCH_WRITERS), a bounded number in flight, at
 * the deployed publication cadence (30 s), until every event is counted by `countFavorite`; the
 * final `favoriteCount` must be exact. It prints, for the time the visitors wrote (the rate's
 * window), the share of the box's CPU its own processes used (the emulators, the functions'
 * worker, the writers: its process tree) and the share the machine's other processes took
 * (/proc/stat minus the tree, `_cpu.ts`), and no rate when the others took more than
 * `OTHERS_MAX_SHARE` (the rate would be the neighbours', not the code's). Prints favourites per second sustained against the target: the steady state
 * (`steadyState`, while the visitors write: how fast the published count grows and how fast
 * `countFavorite` acknowledges, the lower of the two) beside the whole burst's rate, and how long
 * the last write waited for its publication.
 * `ENCORE_FIRESTORE_UNARY_GRPC=grpc-js` leaves the Firestore emulator's unary calls to grpc-js
 * (before its own unary path, for comparison).
 * `BENCH_DATA_DIR=1` runs the stack on a data folder, as `npm start` does (Firestore's journal,
 * and the trigger events and Pub/Sub messages kept until delivered): the cost of durability.
 *
 * The visitors write from a process of their own (`_favourite-writers.ts`), as phones
 * would: their SDK client's CPU is the load, and it is reported apart from the stack's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firestorePaths } from '@encore/model';
import type { DocumentSnapshot, Timestamp } from 'firebase-admin/firestore';
import { runQuietly } from './_stack-child.js';
import { cpuByProcess, cpuCeiling, cpuSpent, startCpuProfile, watchCpu, type CpuVerdict } from './_cpu.js';
import { WRITERS_CLIENT, WRITERS_DESCRIPTION, startFavouriteWriters, type FavouriteWriters } from './_favourite-writers.js';
import { describeCalls } from './_invocations.js';
import { FESTIVAL_ID, startEncoreStack, type EncoreStack } from '../test/integration/local-stack.js';

/**
 * 10,000 by default (2,000 until 2026-11-27): a burst is counted in one-second publications, and
 * 2,000 at 600-1,000/s spans only two or three of them, all partial (the first starts at any
 * point of the cadence, the last ends at any point), so no steady state could be measured.
 */
const FAVOURITES = Number(process.env.BENCH_FAVOURITES ?? 10_000);
/**
 * BENCH_RATE=<favourites per second>: the visitors write open loop, a favourite started every
 * 1/rate s whatever the stack answers (a crowd's phones do not wait on each other), up to
 * BENCH_IN_FLIGHT (then 2,000) in flight; without it, closed loop: BENCH_IN_FLIGHT visitors (50),
 * each writing again once acknowledged, so the load offered is at most 50 / a write's latency.
 */
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? (RATE ? 2000 : 50));
/** The issue's target for one hot set (issue 23: at least 1,000/s sustained, the final count exact). */
const TARGET_PER_SECOND = 1000;
/**
 * The deployed cadence (30 s) by default (1 s until 2026-12-07). At 30 s a burst of 10,000 spans
 * one or two publications, so no steady state of publications is measured: the rate against the
 * target is then the visitors' writes per second, each through the rules, provided the counting
 * kept up (the publication carrying the last favourite came within one cadence of the last
 * write, and the count is exact). BENCH_INTERVAL_SECONDS=1 measures the steady state as before.
 */
const INTERVAL_SECONDS = process.env.BENCH_INTERVAL_SECONDS ?? '30';
/** Slack for "within one cadence": a publication's own transaction and the last events' delivery. */
const KEPT_UP_SLACK_SECONDS = 5;
const PERFORMANCE_ID = 'kae-main';
const DURABLE = process.env.BENCH_DATA_DIR === '1';
/**
 * BENCH_CPU_PROFILE=<file>: a V8 CPU profile of the emulators' process during the measured burst
 * (after the warm-up), for Chrome DevTools or `_profile-summary.ts`. The sampler's own cost shows
 * in that run's figures, and its times are wall-clock: compare shares, on a quiet machine.
 */
const PROFILE_FILE = process.env.BENCH_CPU_PROFILE;

/** A step of a burst's counting: when it came (seconds into the burst) and how many favourites it added. */
interface Step {
  at: number;
  favourites: number;
}
/** Acknowledgements closer together than this are one step (one publication's waiters; the cadence is at least 1 s). */
const WAVE_GAP_MS = 300;
/** Fewer steady steps than this and the steady state is not measured (said so, and the whole burst's rate used). */
const MIN_STEADY_STEPS = 3;

interface SteadyRate {
  favourites: number;
  seconds: number;
  steps: number;
  perSecond: number;
}

/**
 * The rate a burst sustains while the visitors write: the favourites added by the steps after
 * the burst's first and up to the last one before the writes ended, over the time from the first
 * step to that last one. Each step adds what came since the one before, so this is a rate over
 * whole intervals. Left out, always, whatever they carry: the first step (a partial interval: the
 * burst starts at any point of the cadence, the pipeline still filling) and every step from the
 * one that spans the writes' end on (partial, then the backlog draining: not a steady state).
 */
function steadyState(steps: readonly Step[], writesEndAt: number): SteadyRate | undefined {
  const steady = steps.slice(1).filter((step) => step.at <= writesEndAt);
  if (steady.length < MIN_STEADY_STEPS) return undefined;
  const favourites = steady.reduce((sum, step) => sum + step.favourites, 0);
  const seconds = steady.at(-1)!.at - steps[0]!.at;
  return { favourites, seconds, steps: steady.length, perSecond: favourites / seconds };
}

interface Burst {
  /** From the first write to the last favourite's `countFavorite` completing (every event processed). */
  seconds: number;
  /** When the visitors' last write was acknowledged. */
  writeSeconds: number;
  favoriteCount: number;
  /** The live document's publications in the burst: the count each added (`count()` of the favourites written by then). */
  publications: Step[];
  /** `countFavorite` completions (each holds its Pub/Sub message until a publication carries its favourite), grouped per publication. */
  acknowledgements: Step[];
}

/** `onWritten` runs once every write is acknowledged, before the counting is awaited (the rate's window ends there). */
async function favouriteBurst(stack: EncoreStack, writers: FavouriteWriters, count: number, prefix: string, onWritten?: () => void): Promise<Burst> {
  // Incremental: the check runs on every invocation record, and a scan of all of them each time
  // (quadratic in the burst) was bench CPU on the emulators' event loop.
  const countedIds = new Set<string>();
  let scanned = 0;
  let started = performance.now();
  const acknowledgements: Step[] = [];
  const counted = () => {
    const { records } = stack.invocations;
    const countedBefore = countedIds.size;
    for (; scanned < records.length; scanned++) {
      const record = records[scanned]!;
      if (record.function === 'countFavorite' && record.outcome === 'ok') countedIds.add(record.eventId);
    }
    const added = countedIds.size - countedBefore;
    if (added > 0) {
      const at = (performance.now() - started) / 1000;
      const last = acknowledgements.at(-1);
      if (last && (at - last.at) * 1000 < WAVE_GAP_MS) last.favourites += added;
      else acknowledgements.push({ at, favourites: added });
    }
    return countedIds.size;
  };
  const before = counted();
  const live = stack.db.doc(firestorePaths.liveSets(FESTIVAL_ID));
  // The count as published in the festival's live document (at most one interval after the last event).
  const countIn = (snapshot: DocumentSnapshot) => ((snapshot.get('favorites') as Record<string, number> | undefined)?.[PERFORMANCE_ID] ?? 0);
  const countBefore = countIn(await live.get());
  const startedAtMs = Date.now();
  started = performance.now();
  acknowledgements.length = 0;
  // Each publication as it is written, timed by its own publishedAt (the stack's clock, this machine's).
  const publications: Step[] = [];
  let lastCount = countBefore;
  const unsubscribe = live.onSnapshot((snapshot) => {
    const publishedAt = (snapshot.get('publishedAt') as Timestamp | undefined)?.toMillis() ?? 0;
    const favourites = countIn(snapshot);
    if (publishedAt <= startedAtMs || favourites === lastCount) return;
    publications.push({ at: (publishedAt - startedAtMs) / 1000, favourites: favourites - lastCount });
    lastCount = favourites;
  });
  try {
    // Watched from the start (not once the writes are in), so each step is seen when it comes.
    const allCounted = stack.invocations.until(() => counted() - before >= count, `${count} counted favourites`, 600_000);
    await writers.write({ count, prefix, inFlight: IN_FLIGHT, ...(RATE ? { ratePerSecond: RATE } : {}), festivalId: FESTIVAL_ID, performanceId: PERFORMANCE_ID });
    const writeSeconds = (performance.now() - started) / 1000;
    onWritten?.();
    await allCounted;
    const seconds = (performance.now() - started) / 1000;
    // Acknowledged is not yet published (issue 38: a favourite is acknowledged once its set's mark
    // is stored, and a task publishes at the next slot): the count is read once a publication
    // carries them all, or two slots and a margin later, when a count short of it is wrong.
    const publishedBy = performance.now() + 2 * Number(INTERVAL_SECONDS) * 1000 + 5_000;
    while (lastCount - countBefore < count && performance.now() < publishedBy) await new Promise((resolve) => setTimeout(resolve, 200));
    const favoriteCount = countIn(await live.get());
    return { seconds, writeSeconds, favoriteCount: favoriteCount - countBefore, publications, acknowledgements };
  } finally {
    unsubscribe();
  }
}

const perSecond = (steady: SteadyRate | undefined) =>
  steady ? `${steady.perSecond.toFixed(0)}/s (${steady.favourites} over ${steady.seconds.toFixed(2)} s, ${steady.steps} steps)` : `not measured (fewer than ${MIN_STEADY_STEPS} steps)`;
const percent = (share: number) => `${(share * 100).toFixed(0)}%`;

/** The CPU line: what the bench's processes used of the box while the visitors wrote, what others took, and the verdict. */
function describeCpu(verdict: CpuVerdict | undefined, mainCpuMs: number, writeSeconds: number): string {
  const main = `its main process (the emulators) ${(mainCpuMs / 1000).toFixed(1)} s of CPU in ${writeSeconds.toFixed(1)} s (${percent(mainCpuMs / 1000 / writeSeconds)} of a core, one JavaScript thread)`;
  if (!verdict) return `CPU while the visitors wrote: ${main}; no /proc here, so whether other processes took the cores is not known`;
  const cores = verdict.boxMs / verdict.wallMs;
  return (
    `CPU while the visitors wrote (${(verdict.wallMs / 1000).toFixed(1)} s on ${cores.toFixed(0)} cores, /proc/stat and the bench's process tree, read every second): ` +
    `the bench's processes used ${percent(verdict.benchShare)} of the box (${((verdict.benchShare * verdict.boxMs) / verdict.wallMs).toFixed(2)} cores), ` +
    `other processes ${percent(verdict.othersShare)} (the worst second ${percent(verdict.othersWorstShare)}), idle ${percent(verdict.idleShare)}; ${main}` +
    (verdict.starved
      ? `: STARVED (others over ${percent(verdict.maxOthersShare)} of the box): another load took the cores the bench needed, so no rate is printed; run it again on a quieter machine`
      : ` (others at most ${percent(verdict.maxOthersShare)}: not starved)`)
  );
}

const stepsOf = (steps: readonly Step[]) => steps.map((step) => `${step.at.toFixed(2)} s: ${step.favourites}`).join(', ');

await runQuietly(import.meta.url, async (print) => {
  const DATA_DIR = DURABLE ? mkdtempSync(join(tmpdir(), 'encore-bench-favourites-')) : undefined;
  const stack = await startEncoreStack({ projectId: 'demo-bench-favourites', rules: true, env: { LIVE_PUBLISH_INTERVAL_SECONDS: INTERVAL_SECONDS }, ...(DATA_DIR ? { dataDir: DATA_DIR } : {}) });
  const writers = await startFavouriteWriters(stack.projectId, stack.hosts.firestore).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  try {
    // A warm-up burst so the worker's modules, connections and the runner's instances are up.
    await favouriteBurst(stack, writers, 100, 'warm-up');
    const firstRecord = stack.invocations.records.length;
    const profile = PROFILE_FILE ? await startCpuProfile() : undefined;
    const cpuBefore = cpuByProcess();
    const mainBefore = process.cpuUsage();
    // The box's CPU and the bench's while the visitors write: the window every printed rate is measured over.
    const watch = watchCpu();
    let whileWriting: { verdict: CpuVerdict | undefined; mainCpuMs: number } | undefined;
    const { seconds, writeSeconds, favoriteCount, publications, acknowledgements } = await favouriteBurst(stack, writers, FAVOURITES, 'visitor', () => {
      const main = process.cpuUsage(mainBefore);
      whileWriting = { verdict: watch?.stop(), mainCpuMs: (main.user + main.system) / 1000 };
    });
    const cpuAfter = cpuByProcess();
    if (profile) await profile.stopInto(PROFILE_FILE!);
    const writersCpu = (cpuAfter.get(writers.pid) ?? 0) - (cpuBefore.get(writers.pid) ?? 0);
    cpuBefore.delete(writers.pid);
    cpuAfter.delete(writers.pid);
    const cpu = cpuSpent(cpuBefore, cpuAfter);
    const wholeRate = FAVOURITES / seconds;
    const published = steadyState(publications, writeSeconds);
    const acknowledged = steadyState(acknowledgements, writeSeconds);
    // Sustained means every stage keeps up: a published count that runs ahead of the
    // acknowledgements leaves a backlog of held messages that grows for as long as the crowd does.
    const lastPublication = publications.at(-1);
    const exact = favoriteCount === FAVOURITES;
    // At the deployed cadence: the writes' rate, if the counting kept up with them (see INTERVAL_SECONDS).
    const keptUp = exact && lastPublication !== undefined && lastPublication.at - writeSeconds <= Number(INTERVAL_SECONDS) + KEPT_UP_SLACK_SECONDS;
    const sustained = published && acknowledged ? Math.min(published.perSecond, acknowledged.perSecond) : keptUp ? FAVOURITES / writeSeconds : undefined;
    const rate = sustained ?? wholeRate;
    const unaryPath = process.env.ENCORE_FIRESTORE_UNARY_GRPC === 'grpc-js' ? "; the Firestore emulator's unary calls through grpc-js" : '';
    print(
      `favourites on one performance${DATA_DIR ? ' (stack on a data folder)' : ''}: ${FAVOURITES}${process.env.BENCH_FAVOURITES ? '' : ' (the default: 2,000 until 2026-11-27, lengthened so the steady state spans several publications)'} by distinct visitors ` +
        `(${RATE ? `offered at ${RATE}/s, open loop, at most ${IN_FLIGHT} in flight` : `${IN_FLIGHT} writes in flight`}), one Commit each (the app's: favourite + toggle limit, through the rules), counted and published every ${INTERVAL_SECONDS} s${unaryPath}; ` +
        `final favoriteCount ${favoriteCount} ${exact ? '(exact)' : `(WRONG: expected ${FAVOURITES})`}`,
    );
    const verdict = whileWriting!.verdict;
    print(`  ${describeCpu(verdict, whileWriting!.mainCpuMs, writeSeconds)}`);
    // Printed also when starved, for where the CPU goes; not comparable across loads: on 2026-12-07
    // the same burst cost 0.71 / 0.48 ms on a quiet box and 1.58 / 1.96 ms (emulators / worker)
    // with others taking a third of it (and the profiler on), contention inflating both.
    print(
      `  CPU per favourite${verdict?.starved ? ' (inflated by the contention: not comparable with a quiet run)' : ''}: ${(cpu.self / FAVOURITES).toFixed(2)} ms in the emulators' process, ${(cpu.children / FAVOURITES).toFixed(2)} ms in the functions' worker, ` +
        `${(writersCpu / FAVOURITES).toFixed(2)} ms in the visitors' process (the load: ${WRITERS_DESCRIPTION[WRITERS_CLIENT]}; BENCH_WRITERS=grpc for @grpc/grpc-js, =admin for firebase-admin) ` +
        `(${((cpu.self + cpu.children + writersCpu) / 1000 / seconds).toFixed(2)} cores busy on average; the stack's CPU alone would allow about ` +
        `${cpuCeiling({ self: cpu.self / FAVOURITES, children: cpu.children / FAVOURITES }).toFixed(0)} favourites/s on 2 idle cores, an estimate)`,
    );
    print(`  what it took, per function: ${describeCalls(stack.invocations.records.slice(firstRecord))}`);
    if (verdict?.starved) {
      if (!exact) process.exitCode = 1;
      return;
    }
    print(
      `  steady state, while the visitors wrote (the steps after the burst's first, up to the last before the writes ended): ` +
        `the published count grew ${perSecond(published)}; countFavorite acknowledged ${perSecond(acknowledged)}`,
    );
    print(`  whole burst: ${wholeRate.toFixed(0)}/s (${FAVOURITES} from the first write to the last countFavorite done, ${seconds.toFixed(1)} s)`);
    print(
      `  sustained, against the target (at least ${TARGET_PER_SECOND}/s): ` +
        (sustained === undefined
          ? `no steady state measured and the counting did not keep up within one cadence, so the whole burst's ${wholeRate.toFixed(0)}/s`
          : published && acknowledged
            ? `the lower of the two steady rates, ${sustained.toFixed(0)}/s`
            : `the visitors' writes, ${sustained.toFixed(0)}/s, each through the rules, the counting keeping up (the last favourite published ${(lastPublication!.at - writeSeconds).toFixed(1)} s after the last write, within one ${INTERVAL_SECONDS} s cadence)`) +
        `, ratio ${(rate / TARGET_PER_SECOND).toFixed(2)}x ${rate >= TARGET_PER_SECOND ? 'OK' : 'UNDER TARGET'}`,
    );
    // Not the figure above (that one includes counting and publishing): where the burst's time went.
    print(
      `  the visitors' writes were all acknowledged after ${writeSeconds.toFixed(1)} s (${(FAVOURITES / writeSeconds).toFixed(0)} writes/s); from the last write to its publication ` +
        `${lastPublication ? `${(lastPublication.at - writeSeconds).toFixed(2)} s` : 'not seen'}, to the last countFavorite done ${(seconds - writeSeconds).toFixed(2)} s (a publication every ${INTERVAL_SECONDS} s)`,
    );
    // The figures move in steps of the cadence: a favourite is published, then acknowledged, by a publication.
    print(`  publications (seconds into the burst: favourites added to the count): ${stepsOf(publications)}`);
    print(`  countFavorite done (seconds into the burst: favourites): ${stepsOf(acknowledgements)}`);
    if (!exact) process.exitCode = 1;
  } finally {
    await writers.stop();
    await stack.stop();
    if (DATA_DIR) rmSync(DATA_DIR, { recursive: true, force: true });
  }
});

