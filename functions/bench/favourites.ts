/**
 * `npm run bench -- functions/bench/favourites`: a hot performance on the local stack.
 * Distinct visitors favourite the same set, one Commit of one favourite document each over
 * gRPC (`_favourite-writers.ts` says which client: BENCH_WRITERS), a bounded number in flight, until every event is counted by `countFavorite`; the final `favoriteCount`
 * must be exact. Prints favourites per second sustained against the target.
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
import { runQuietly } from './_stack-child.js';
import { cpuByProcess, cpuCeiling, cpuSpent, startCpuProfile } from './_cpu.js';
import { WRITERS_CLIENT, WRITERS_DESCRIPTION, startFavouriteWriters, type FavouriteWriters } from './_favourite-writers.js';
import { describeCalls } from './_invocations.js';
import { FESTIVAL_ID, startEncoreStack, type EncoreStack } from '../test/integration/local-stack.js';

const FAVOURITES = Number(process.env.BENCH_FAVOURITES ?? 2000);
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
 * The stack publishes counts every second here, not every 30 s as in production: a burst is
 * timed until its last favourite is counted, and `countFavorite` completes only once the
 * publication carrying it has committed, so at 30 s the figure would measure the cadence (up to
 * 30 s added to a burst of a few seconds), not what the stack sustains. The cadence is its own
 * bound (docs/data-contract.md, "live/sets"); BENCH_INTERVAL_SECONDS sets another (1-30).
 */
const INTERVAL_SECONDS = process.env.BENCH_INTERVAL_SECONDS ?? '1';
const PERFORMANCE_ID = 'kae-main';
const DURABLE = process.env.BENCH_DATA_DIR === '1';
/**
 * BENCH_CPU_PROFILE=<file>: a V8 CPU profile of the emulators' process during the measured burst
 * (after the warm-up), for Chrome DevTools or `_profile-summary.ts`. The sampler's own cost shows
 * in that run's figures, and its times are wall-clock: compare shares, on a quiet machine.
 */
const PROFILE_FILE = process.env.BENCH_CPU_PROFILE;

/** Counted favourites arrive in waves, one per publication: when each came (seconds into the burst) and how many it carried. */
interface Wave {
  at: number;
  favourites: number;
}
/** Countings closer together than this belong to one publication (the cadence is at least 1 s). */
const WAVE_GAP_MS = 300;

async function favouriteBurst(stack: EncoreStack, writers: FavouriteWriters, count: number, prefix: string): Promise<{ seconds: number; writeSeconds: number; favoriteCount: number; waves: Wave[] }> {
  // Incremental: the check runs on every invocation record, and a scan of all of them each time
  // (quadratic in the burst) was bench CPU on the emulators' event loop.
  const countedIds = new Set<string>();
  let scanned = 0;
  let started = performance.now();
  const waves: Wave[] = [];
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
      const last = waves.at(-1);
      if (last && (at - last.at) * 1000 < WAVE_GAP_MS) last.favourites += added;
      else waves.push({ at, favourites: added });
    }
    return countedIds.size;
  };
  const before = counted();
  // The count as published in the festival's live document (at most one interval after the last event).
  const published = async () => (((await stack.db.doc(firestorePaths.liveSets(FESTIVAL_ID)).get()).get('favorites') as Record<string, number> | undefined)?.[PERFORMANCE_ID] ?? 0);
  const countBefore = await published();
  started = performance.now();
  waves.length = 0;
  // Watched from the start (not once the writes are in), so each wave is seen when it comes.
  const allCounted = stack.invocations.until(() => counted() - before >= count, `${count} counted favourites`, 600_000);
  await writers.write({ count, prefix, inFlight: IN_FLIGHT, ...(RATE ? { ratePerSecond: RATE } : {}), festivalId: FESTIVAL_ID, performanceId: PERFORMANCE_ID });
  const writeSeconds = (performance.now() - started) / 1000;
  await allCounted;
  const seconds = (performance.now() - started) / 1000;
  const favoriteCount = await published();
  return { seconds, writeSeconds, favoriteCount: favoriteCount - countBefore, waves };
}

await runQuietly(import.meta.url, async (print) => {
  const DATA_DIR = DURABLE ? mkdtempSync(join(tmpdir(), 'encore-bench-favourites-')) : undefined;
  const stack = await startEncoreStack({ projectId: 'demo-bench-favourites', env: { LIVE_PUBLISH_INTERVAL_SECONDS: INTERVAL_SECONDS }, ...(DATA_DIR ? { dataDir: DATA_DIR } : {}) });
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
    const { seconds, writeSeconds, favoriteCount, waves } = await favouriteBurst(stack, writers, FAVOURITES, 'visitor');
    const cpuAfter = cpuByProcess();
    if (profile) await profile.stopInto(PROFILE_FILE!);
    const writersCpu = (cpuAfter.get(writers.pid) ?? 0) - (cpuBefore.get(writers.pid) ?? 0);
    cpuBefore.delete(writers.pid);
    cpuAfter.delete(writers.pid);
    const cpu = cpuSpent(cpuBefore, cpuAfter);
    const rate = FAVOURITES / seconds;
    const exact = favoriteCount === FAVOURITES;
    print(
      `favourites on one performance${DATA_DIR ? ' (stack on a data folder)' : ''}: ${FAVOURITES} by distinct visitors (${RATE ? `offered at ${RATE}/s, open loop, at most ${IN_FLIGHT} in flight` : `${IN_FLIGHT} writes in flight`}) counted and published (every ${INTERVAL_SECONDS} s) in ${seconds.toFixed(1)} s: ` +
        `${rate.toFixed(0)} favourites/s sustained (target: at least ${TARGET_PER_SECOND}/s, ratio ${(rate / TARGET_PER_SECOND).toFixed(2)}x) ${rate >= TARGET_PER_SECOND ? 'OK' : 'UNDER TARGET'}; ` +
        `final favoriteCount ${favoriteCount} ${exact ? '(exact)' : `(WRONG: expected ${FAVOURITES})`}`,
    );
    print(
      `  CPU per favourite: ${(cpu.self / FAVOURITES).toFixed(2)} ms in the emulators' process, ${(cpu.children / FAVOURITES).toFixed(2)} ms in the functions' worker, ` +
        `${(writersCpu / FAVOURITES).toFixed(2)} ms in the visitors' process (the load: ${WRITERS_DESCRIPTION[WRITERS_CLIENT]}; BENCH_WRITERS=grpc for @grpc/grpc-js, =admin for firebase-admin) ` +
        `(${((cpu.self + cpu.children + writersCpu) / 1000 / seconds).toFixed(2)} cores busy on average; the stack's CPU alone would allow about ` +
        `${cpuCeiling({ self: cpu.self / FAVOURITES, children: cpu.children / FAVOURITES }).toFixed(0)} favourites/s on 2 idle cores, an estimate)`,
    );
    // Not the figure above (that one includes counting and publishing): where the burst's time went.
    print(
      `  the visitors' writes were all acknowledged after ${writeSeconds.toFixed(1)} s (${(FAVOURITES / writeSeconds).toFixed(0)} writes/s), ` +
        `the last favourite counted and published ${(seconds - writeSeconds).toFixed(1)} s later (a publication every ${INTERVAL_SECONDS} s)`,
    );
    // The burst's figure moves in steps of the cadence: a favourite counts once a publication carries it.
    print(`  favourites counted per publication (seconds into the burst: favourites): ${waves.map((wave) => `${wave.at.toFixed(2)} s: ${wave.favourites}`).join(', ')}`);
    print(`  what it took, per function: ${describeCalls(stack.invocations.records.slice(firstRecord))}`);
    if (!exact) process.exitCode = 1;
  } finally {
    await writers.stop();
    await stack.stop();
    if (DATA_DIR) rmSync(DATA_DIR, { recursive: true, force: true });
  }
});

