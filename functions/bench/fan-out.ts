/**
 * `npm run bench -- functions/bench/fan-out`: a moved set reaching 10,000 fans on the local
 * stack. 10,000 people have favourited one set, each with a phone registered for pushes
 * (a local push token); staff move the set by half an hour; the clock runs until every
 * fan's notice is written and pushed: `onPerformanceUpdated` -> `performance.changed` ->
 * `fanOutProgrammeChange` (pages of NOTICE_BATCH_SIZE fans) -> `notice.batch` ->
 * `notifyFans` (per batch: preferences, the programme, each fan's favourites for their clash
 * state, notices and clash states in one batched write, each fan's devices, push receipts
 * and the pushes).
 *
 * The fans are seeded into a data folder by a stack without functions first, so seeding
 * them fires no favourite triggers; the stack with the functions then starts on that folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startStack } from '@encore/emulators/stack';
import { firestorePaths } from '@encore/model';
import { NOTICE_BATCH_SIZE } from '../src/domain/programme-changes.js';
import { cpuByProcess, cpuCeiling, cpuSpent } from './_cpu.js';
import { percentile } from './_photo-bench.js';
import { runQuietly } from './_stack-child.js';
import { FESTIVAL_ID, startEncoreStack, type Invocation } from '../test/integration/local-stack.js';

const FANS = Number(process.env.BENCH_FANS ?? 10_000);
const PERFORMANCE_ID = 'kae-main';
const PROJECT_ID = 'demo-bench-fan-out';
/** Admin batches of 250 fans: a favourite and a device each. */
const SEED_CHUNK = 250;

async function seedFans(dataDir: string): Promise<void> {
  const seeding = await startStack({ projectId: PROJECT_ID, functions: null, ports: 'free', dataDir });
  const app = initializeApp({ projectId: PROJECT_ID }, 'fan-out-seed');
  try {
    const db = getFirestore(app);
    const now = new Date();
    for (let start = 0; start < FANS; start += SEED_CHUNK) {
      const batch = db.batch();
      for (let fan = start; fan < Math.min(FANS, start + SEED_CHUNK); fan++) {
        const uid = `fan-${fan}`;
        batch.set(db.doc(firestorePaths.favorite(uid, PERFORMANCE_ID)), { festivalId: FESTIVAL_ID, performanceId: PERFORMANCE_ID, createdAt: now });
        batch.set(db.doc(`${firestorePaths.devices(uid)}/phone`), {
          token: `local:bench-${uid}-0123456789abcdef`,
          festivalId: FESTIVAL_ID,
          locale: fan % 3 === 0 ? 'nl' : 'en',
          userAgent: 'Chrome on Android',
          createdAt: now,
          updatedAt: now,
        });
      }
      await batch.commit();
    }
  } finally {
    await deleteApp(app);
    await seeding.stop();
  }
}

function durations(calls: Invocation[]): string {
  const ms = calls.map((call) => call.durationMs);
  return `${calls.length} calls, p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`;
}

await runQuietly(import.meta.url, async (print) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'encore-fan-out-'));
  try {
    const seedStarted = performance.now();
    await seedFans(dataDir);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const stack = await startEncoreStack({ projectId: PROJECT_ID, dataDir });
    try {
      const batches = Math.ceil(FANS / NOTICE_BATCH_SIZE);
      const set = stack.db.doc(firestorePaths.performance(FESTIVAL_ID, PERFORMANCE_ID));
      const { startsAt, endsAt } = (await set.get()).data() as { startsAt: FirebaseFirestore.Timestamp; endsAt: FirebaseFirestore.Timestamp };
      const notified = () => new Set(stack.invocations.ok('notifyFans').map((call) => call.eventId)).size;
      const cpuBefore = cpuByProcess();
      const started = performance.now();
      await set.update({ startsAt: new Date(startsAt.toMillis() + 30 * 60_000), endsAt: new Date(endsAt.toMillis() + 30 * 60_000) });
      await stack.invocations.until(() => stack.invocations.ok('fanOutProgrammeChange').length > 0, 'the fan-out', 600_000);
      const fannedOut = (performance.now() - started) / 1000;
      await stack.invocations.until(() => notified() >= batches, `${batches} notice batches`, 1_800_000);
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSpent(cpuBefore, cpuByProcess());

      const notices = (await stack.db.collectionGroup('notices').where('performanceId', '==', PERFORMANCE_ID).count().get()).data().count;
      const deliveries = (await stack.db.collectionGroup('deliveries').count().get()).data().count;
      print(`${FANS} fans of one set (one phone each), seeded in ${seedSeconds.toFixed(1)} s; the set moved by staff:`);
      print(
        `  every fan's notice written and pushed ${seconds.toFixed(1)} s after the move (${(FANS / seconds).toFixed(0)} fans/s); ` +
          `fan-out (${batches} batches of ${NOTICE_BATCH_SIZE} published) done after ${fannedOut.toFixed(1)} s; ` +
          `${notices} notices ${notices === FANS ? '(every fan)' : `(WRONG: expected ${FANS})`}, ${deliveries} pushes ${deliveries === FANS ? '(every phone)' : `(WRONG: expected ${FANS})`}`,
      );
      print(
        `  what limits it: ${(cpu.self / FANS).toFixed(2)} ms CPU per fan in the emulators' process, ${(cpu.children / FANS).toFixed(2)} ms in the functions' worker ` +
          `(${((cpu.self + cpu.children) / 1000 / seconds).toFixed(2)} cores busy on average; the CPU alone would allow the ${FANS} in about ` +
          `${(FANS / cpuCeiling({ self: cpu.self / FANS, children: cpu.children / FANS })).toFixed(0)} s on 2 idle cores, an estimate); notifyFans ${durations(stack.invocations.ok('notifyFans'))}; ` +
          `fanOutProgrammeChange ${durations(stack.invocations.ok('fanOutProgrammeChange'))}; attempts not ok: ${stack.invocations.records.filter((call) => call.outcome !== 'ok').length}`,
      );
      if (notices !== FANS || deliveries !== FANS) process.exitCode = 1;
    } finally {
      await stack.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
