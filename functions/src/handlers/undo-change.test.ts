import { describe, expect, it } from 'vitest';
import { auditEntrySchema, firestorePaths, type AuditEntry, type DomainEvent } from '@encore/model';
import { FESTIVAL_ID, NOW, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { recordConsoleWrite } from './audit-trail.js';
import { handleNoticeBatch, handlePerformanceChanged, publishPerformanceChanged } from './programme-changed.js';
import { handleImportProgramme } from './staff.js';
import { handleUndoChange, UndoRefusal } from './undo-change.js';

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
const boss = { uid: 'boss', token: { email: 'boss@encore.test', name: 'Bea Boss', firebase: sms } };
const pim = { uid: 'pim', token: { email: 'pim@encore.test', name: 'Pim', firebase: sms } };
const mod = { uid: 'mo', token: { email: 'mo@encore.test', firebase: sms } };
const programmePaths = /^festivals\/encore-2026\/(stages|artists|performances)\//;

function festivalDeps(): TestDeps {
  const deps = testDeps();
  seedFestival(deps.docs);
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'boss'), { role: 'admin', email: 'boss@encore.test', name: 'Bea Boss', addedAt: NOW, addedBy: null });
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'pim'), { role: 'programme', email: 'pim@encore.test', addedAt: NOW, addedBy: 'boss' });
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'mo'), { role: 'moderator', email: 'mo@encore.test', addedAt: NOW, addedBy: 'boss' });
  return deps;
}

/** Every stage, artist and set document, by path: what an undo must give back exactly. */
function programme(deps: TestDeps): Map<string, unknown> {
  return new Map([...deps.docs.store.keys()].filter((path) => programmePaths.test(path)).sort().map((path) => [path, deps.docs.data(path)]));
}

function entries(deps: TestDeps): Array<[string, AuditEntry]> {
  const prefix = `${firestorePaths.auditEntries(FESTIVAL_ID)}/`;
  return [...deps.docs.store.keys()].filter((path) => path.startsWith(prefix)).map((path) => [path.slice(prefix.length), auditEntrySchema.parse(deps.docs.data(path))]);
}

const IMPORT = 'Artist,Stage,Day,Start,End\nNina,Main Stage,Friday,21:30,22:30\nThe Newcomers,Forest,Saturday,20:00,21:00\n';

async function importBatch(deps: TestDeps): Promise<string> {
  await handleImportProgramme(deps, pim, { festivalId: FESTIVAL_ID, format: 'csv', content: IMPORT, createStages: ['forest'] });
  return entries(deps)[0]![1].batchId!;
}

/** What the refusal says, as the callable sends it. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UndoRefusal);
  const { code, undoReason, blocking, message } = error as UndoRefusal;
  return { code, reason: undoReason, blocking, message };
}

describe('undoChange', () => {
  it('sets back every stage, artist and set an import wrote, deleting what it created, and records the undo', async () => {
    const deps = festivalDeps();
    const before = programme(deps);
    const batchId = await importBatch(deps);
    expect(programme(deps)).not.toEqual(before);

    const answer = await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId });
    expect(answer).toMatchObject({ counts: { artist: 1, stage: 1, performance: 2 }, alreadyUndone: false, written: true });
    expect(programme(deps)).toEqual(before);
    const undoEntries = entries(deps).filter(([, entry]) => entry.via === 'undoChange');
    expect(undoEntries.map(([, entry]) => [entry.kind, entry.action, entry.batchId])).toEqual([
      ['artist', 'deleted', answer.undoBatchId],
      ['stage', 'deleted', answer.undoBatchId],
      ['performance', 'updated', answer.undoBatchId],
      ['performance', 'deleted', answer.undoBatchId],
    ]);
    const undone = entries(deps).filter(([, entry]) => entry.batchId === batchId);
    expect(undone.map(([, entry]) => entry.undone)).toEqual(undone.map(() => ({ at: NOW, actor: { uid: 'pim', email: 'pim@encore.test', name: 'Pim' }, batchId: answer.undoBatchId })));
  });

  it('answers success to a repeated call and writes nothing', async () => {
    const deps = festivalDeps();
    const batchId = await importBatch(deps);
    const first = await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId });
    const store = new Map(deps.docs.store);
    const again = await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId });
    expect(again).toEqual({ counts: first.counts, alreadyUndone: true, undoBatchId: first.undoBatchId, written: false });
    // The double counts a read-only transaction as a commit too: the store itself is what must not change.
    expect(deps.docs.store).toEqual(store);
  });

  it('a dry run answers what would change back and writes nothing', async () => {
    const deps = festivalDeps();
    const batchId = await importBatch(deps);
    const store = new Map(deps.docs.store);
    expect(await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId, dryRun: true })).toEqual({
      counts: { artist: 1, stage: 1, performance: 2 },
      alreadyUndone: false,
      undoBatchId: null,
      written: false,
    });
    expect(deps.docs.store).toEqual(store);
  });

  it('refuses while a newer change touched one of the documents, naming who, when and which, and changes nothing', async () => {
    const deps = festivalDeps();
    const batchId = await importBatch(deps);
    const moved = deps.docs.data(firestorePaths.performance(FESTIVAL_ID, 'nina-main'))!;
    const later = { ...moved, status: 'cancelled' };
    deps.docs.seed(firestorePaths.performance(FESTIVAL_ID, 'nina-main'), later);
    await recordConsoleWrite(
      deps,
      { id: 'ev-9', time: '2026-08-14T20:05:00.000Z', authType: 'app_user', authId: 'boss' },
      { festivalId: FESTIVAL_ID, kind: 'performance', document: 'performances/nina-main', before: moved, after: later },
    );
    const store = new Map(deps.docs.store);
    expect(await refusal(handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId }))).toMatchObject({
      code: 'failed-precondition',
      reason: 'undo-changed-since',
      blocking: { document: 'performances/nina-main', entryId: 'console-ev-9', kind: 'performance', label: 'Nina', by: 'Bea Boss', at: '2026-08-14T20:05:00.000Z' },
    });
    expect(deps.docs.store).toEqual(store);
  });

  it('refuses a change the history does not show (one of the app’s own writes), saying so', async () => {
    const deps = festivalDeps();
    const batchId = await importBatch(deps);
    deps.docs.seed(firestorePaths.artist(FESTIVAL_ID, 'the-newcomers'), { name: 'The Newcomers', bio: 'From the pipeline', genres: [] });
    const refused = await refusal(handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId }));
    expect(refused).toMatchObject({ reason: 'undo-changed-since', blocking: { document: 'artists/the-newcomers', entryId: null, by: null } });
    expect(refused.message).toContain('not in the history');
  });

  it('undoes one console edit, and the undo itself can be undone', async () => {
    const deps = festivalDeps();
    const before = deps.docs.data(firestorePaths.stage(FESTIVAL_ID, 'main'))!;
    const after = { ...before, name: 'Big Top' };
    deps.docs.seed(firestorePaths.stage(FESTIVAL_ID, 'main'), after);
    await recordConsoleWrite(deps, { id: 'ev-1', time: '2026-08-14T19:58:00.000Z', authType: 'app_user', authId: 'pim' }, { festivalId: FESTIVAL_ID, kind: 'stage', document: 'stages/main', before, after });
    const undo = await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, entryId: 'console-ev-1' });
    expect(undo).toMatchObject({ counts: { stage: 1 }, written: true });
    expect(deps.docs.data(firestorePaths.stage(FESTIVAL_ID, 'main'))).toEqual(before);
    await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId: undo.undoBatchId! });
    expect(deps.docs.data(firestorePaths.stage(FESTIVAL_ID, 'main'))).toEqual(after);
  });

  it('refuses what is not undone here: one entry of an import, a delay, an incomplete entry, team changes; unknown ids are not found', async () => {
    const deps = festivalDeps();
    const batchId = await importBatch(deps);
    expect(await refusal(handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, entryId: `${batchId}-0` }))).toMatchObject({ reason: 'undo-part-of-batch' });
    const entry = (fields: Record<string, unknown>) => ({
      at: NOW,
      actor: { uid: 'boss', email: null, name: null },
      action: 'updated',
      document: 'stages/main',
      kind: 'stage',
      label: null,
      before: {},
      after: {},
      changed: ['name'],
      detail: 'complete',
      via: 'console',
      ...fields,
    });
    deps.docs.seed(firestorePaths.auditEntry(FESTIVAL_ID, 'console-delay'), entry({ kind: 'delay' }));
    deps.docs.seed(firestorePaths.auditEntry(FESTIVAL_ID, 'console-big'), entry({ detail: 'changed-fields' }));
    deps.docs.seed(firestorePaths.auditEntry(FESTIVAL_ID, 'console-team'), entry({ kind: 'staff', document: 'staff/pim' }));
    const undo = (entryId: string) => refusal(handleUndoChange(deps, boss, { festivalId: FESTIVAL_ID, entryId }));
    expect(await undo('console-delay')).toMatchObject({ code: 'failed-precondition', reason: 'undo-delay' });
    expect((await undo('console-delay')).message).toContain('Undo delay');
    expect(await undo('console-big')).toMatchObject({ code: 'failed-precondition', reason: 'undo-incomplete' });
    expect(await undo('console-team')).toMatchObject({ code: 'failed-precondition', reason: 'undo-not-undoable' });
    expect(await undo('console-none')).toMatchObject({ code: 'not-found', reason: 'undo-unknown' });
  });

  it('needs the kind’s capability: programme staff undo an import, not a festival setting; moderators nothing', async () => {
    const deps = festivalDeps();
    const batchId = await importBatch(deps);
    await expect(handleUndoChange(deps, mod, { festivalId: FESTIVAL_ID, batchId })).rejects.toMatchObject({ code: 'permission-denied' });
    const festival = deps.docs.data(firestorePaths.festival(FESTIVAL_ID))!;
    await recordConsoleWrite(
      deps,
      { id: 'ev-2', time: '2026-08-14T19:58:00.000Z', authType: 'app_user', authId: 'boss' },
      { festivalId: FESTIVAL_ID, kind: 'festival', document: '', before: { ...festival, venue: 'Dock' }, after: festival },
    );
    await expect(handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, entryId: 'console-ev-2' })).rejects.toMatchObject({ code: 'permission-denied' });
    await handleUndoChange(deps, boss, { festivalId: FESTIVAL_ID, entryId: 'console-ev-2' });
    expect(deps.docs.data(firestorePaths.festival(FESTIVAL_ID))).toMatchObject({ venue: 'Dock' });
    await expect(handleUndoChange(deps, undefined, { festivalId: FESTIVAL_ID, batchId })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleUndoChange(deps, boss, { festivalId: FESTIVAL_ID, batchId: 'a/b' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('tells each fan once about a set the undo moves back, however often the undo is called or its event delivered', async () => {
    const deps = festivalDeps();
    const fans = ['fan1', 'fan2'];
    for (const uid of fans) deps.docs.seed(firestorePaths.favorite(uid, 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
    const batchId = await importBatch(deps);
    const path = firestorePaths.performance(FESTIVAL_ID, 'nina-main');
    // The performance trigger, as Firestore runs it: once per write that changed the set (the event id names the write).
    let writes = 0;
    const undoAndTrigger = async () => {
      const before = deps.docs.data(path);
      await handleUndoChange(deps, pim, { festivalId: FESTIVAL_ID, batchId });
      const after = deps.docs.data(path);
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      writes += 1;
      await publishPerformanceChanged(deps, `undo-write-${writes}`, { festivalId: FESTIVAL_ID, performanceId: 'nina-main' }, before, after);
    };
    await undoAndTrigger();
    await undoAndTrigger();
    const changes = deps.publisher.ofType('performance.changed');
    expect(changes.map((event) => [event.data.change, event.data.startsAt])).toEqual([['moved', '2026-08-14T19:00:00.000Z']]);
    // The change and each notice batch delivered twice (at least once, as Pub/Sub does).
    for (const change of [...changes, ...changes]) await handlePerformanceChanged(deps, change as DomainEvent<'performance.changed'>);
    for (const batch of [...deps.publisher.ofType('notice.batch')]) await handleNoticeBatch(deps, batch);
    const notices = [...deps.docs.store.keys()].filter((key) => /^users\/[^/]+\/notices\//.test(key));
    expect(notices.map((key) => key.split('/')[1]).sort()).toEqual(fans);
  });
});
