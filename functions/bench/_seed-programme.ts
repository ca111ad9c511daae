import { firestorePaths, LIVE_PUBLISH_INTERVAL_SECONDS } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { FESTIVAL_ID, type EncoreStack } from '../test/integration/local-stack.js';

/** The functions that handle a staff write to the programme (each one then asks for a bundle rebuild). */
const PROGRAMME_TRIGGERS = ['onFestivalWritten', 'onStageWritten', 'onArtistWritten', 'onPerformanceWritten'];

/**
 * The seed's festival, stages, artists and sets, written as staff would (in batches of 400),
 * and awaited until every programme trigger has run and the bundle was rebuilt after the last:
 * what the benches then measure starts from a quiet stack. Answers how many documents it wrote.
 */
export async function seedProgrammeAndSettle(stack: EncoreStack): Promise<number> {
  const seed = encore2026();
  if (seed.festivalId !== FESTIVAL_ID) throw new Error(`the seed is ${seed.festivalId}, the stack's festival ${FESTIVAL_ID}`);
  const writes: Array<[string, object]> = [
    [firestorePaths.festival(FESTIVAL_ID), seed.festival],
    ...seed.stages.map(({ id, data }) => [firestorePaths.stage(FESTIVAL_ID, id), data] as [string, object]),
    ...seed.artists.map(({ id, data }) => [firestorePaths.artist(FESTIVAL_ID, id), data] as [string, object]),
    ...seed.performances.map(({ id, data }) => [firestorePaths.performance(FESTIVAL_ID, id), data] as [string, object]),
  ];
  for (let start = 0; start < writes.length; start += 400) {
    const batch = stack.db.batch();
    for (const [path, data] of writes.slice(start, start + 400)) batch.set(stack.db.doc(path), data);
    await batch.commit();
  }
  const handled = () => stack.invocations.records.filter((record) => PROGRAMME_TRIGGERS.includes(record.function) && record.outcome === 'ok').length;
  await stack.invocations.until(() => handled() >= writes.length, 'the programme triggers', 180_000);
  await stack.invocations.until(() => stack.invocations.ok('rebuildProgrammeBundle').length >= handled(), 'the publications asked for', 180_000);
  await programmeQuiet(stack);
  return writes.length;
}

/** How long the stack must stay without a programme invocation to count as settled: a publication window and a margin. */
const QUIET_MS = LIVE_PUBLISH_INTERVAL_SECONDS * 1000 + 3_000;

/**
 * Since issue 38 a programme edit only asks for a publication (`rebuildProgrammeBundle` stores the
 * ask), and `publishProgramme` rebuilds the bundle and `live/programme` when its window comes,
 * reading every programme document. Measured from before it ran, the benches' first actions paid
 * for that rebuild (216 reads for one favourite). So the seed waits for a rebuild after the last
 * ask, then for a whole window without one.
 */
async function programmeQuiet(stack: EncoreStack): Promise<void> {
  const programmeRecords = () => stack.invocations.records.filter((record) => [...PROGRAMME_TRIGGERS, 'rebuildProgrammeBundle', 'publishProgramme'].includes(record.function));
  const lastAsk = () => programmeRecords().findLastIndex((record) => record.function !== 'publishProgramme');
  const rebuiltAfterLastAsk = () => programmeRecords().slice(lastAsk() + 1).some((record) => record.function === 'publishProgramme' && record.outcome === 'ok');
  await stack.invocations.until(rebuiltAfterLastAsk, 'the programme published after the last edit', 180_000);
  let seen = programmeRecords().length;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = programmeRecords().length;
    if (now !== seen) [seen, quietSince] = [now, Date.now()];
  }
  if (!rebuiltAfterLastAsk()) throw new Error('a programme edit came after the last publication and none followed');
}
