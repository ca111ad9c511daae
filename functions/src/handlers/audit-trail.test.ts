import { describe, expect, it } from 'vitest';
import { auditEntrySchema, firestorePaths, type AuditEntry } from '@encore/model';
import { FESTIVAL_ID, NOW, seedFestival, testDeps, testPhoto, type TestDeps } from '../testing/deps.js';
import { recordConsoleWrite, type WriteEvent } from './audit-trail.js';
import { handleCreateFestival } from './create-festival.js';
import { handleImportProgramme, handleModeratePhoto } from './staff.js';
import { handleRemoveStaffMember, handleSetStaffRole } from './staff-team.js';

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
/** The festival's admin, as a callable sees them. */
const boss = { uid: 'boss', token: { email: 'boss@encore.test', name: 'Bea Boss', firebase: sms } };
const byBoss: WriteEvent = { id: 'ev-1', time: '2026-08-14T19:58:00.000Z', authType: 'app_user', authId: 'boss' };

function festivalDeps(): TestDeps {
  const deps = testDeps();
  seedFestival(deps.docs);
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'boss'), { role: 'admin', email: 'boss@encore.test', name: 'Bea Boss', addedAt: NOW, addedBy: null });
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'pim'), { role: 'programme', email: 'pim@encore.test', addedAt: NOW, addedBy: 'boss' });
  return deps;
}

/** The festival's audit entries, by id. */
function entries(deps: TestDeps, festivalId = FESTIVAL_ID): Array<[string, AuditEntry]> {
  const prefix = `${firestorePaths.auditEntries(festivalId)}/`;
  return [...deps.docs.store.keys()].filter((path) => path.startsWith(prefix)).map((path) => [path.slice(prefix.length), auditEntrySchema.parse(deps.docs.data(path))]);
}

describe('recordConsoleWrite', () => {
  const rename = { festivalId: FESTIVAL_ID, kind: 'stage', document: 'stages/main', before: { name: 'Main Stage', order: 0 }, after: { name: 'Big Top', order: 0 } } as const;

  it('records a staff member’s write with who (from their staff document), when, before and after', async () => {
    const deps = festivalDeps();
    expect(await recordConsoleWrite(deps, byBoss, rename)).toBe(true);
    expect(entries(deps)).toEqual([
      [
        'console-ev-1',
        {
          at: new Date(byBoss.time),
          actor: { uid: 'boss', email: 'boss@encore.test', name: 'Bea Boss' },
          action: 'updated',
          document: 'stages/main',
          kind: 'stage',
          label: 'Big Top',
          before: { name: 'Main Stage', order: 0 },
          after: { name: 'Big Top', order: 0 },
          changed: ['name'],
          detail: 'complete',
          via: 'console',
        },
      ],
    ]);
  });

  it('writes nothing more when the same event is delivered again', async () => {
    const deps = festivalDeps();
    await recordConsoleWrite(deps, byBoss, rename);
    const commits = deps.docs.commits;
    expect(await recordConsoleWrite(deps, byBoss, rename)).toBe(false);
    expect(entries(deps)).toHaveLength(1);
    expect(deps.docs.commits).toBe(commits);
  });

  it('ignores functions’ own writes and writes that changed nothing', async () => {
    const deps = festivalDeps();
    expect(await recordConsoleWrite(deps, { id: 'ev-2', time: byBoss.time, authType: 'service_account' }, rename)).toBe(false);
    expect(await recordConsoleWrite(deps, { ...byBoss, authType: 'unknown' }, rename)).toBe(false);
    expect(await recordConsoleWrite(deps, byBoss, { ...rename, after: rename.before })).toBe(false);
    expect(entries(deps)).toEqual([]);
  });

  it('names a project admin without a staff document by their account, and a set by its artist', async () => {
    const deps = festivalDeps();
    deps.accounts.add('ada', { email: 'ada@encore.test', displayName: 'Ada Lovelace' });
    const deleted = { festivalId: FESTIVAL_ID, kind: 'performance', document: 'performances/kae-main', before: deps.docs.data(`festivals/${FESTIVAL_ID}/performances/kae-main`), after: undefined } as const;
    await recordConsoleWrite(deps, { ...byBoss, authId: 'ada' }, deleted);
    expect(entries(deps)[0]![1]).toMatchObject({ actor: { uid: 'ada', email: 'ada@encore.test', name: 'Ada Lovelace' }, action: 'deleted', label: 'Kae', after: null, changed: ['artistId', 'endsAt', 'stageId', 'startsAt', 'status'] });
  });
});

describe('callables record their own writes', () => {
  it('importProgramme: one entry per artist, stage and set it wrote, sharing one batch id; the same file again adds none', async () => {
    const deps = festivalDeps();
    const csv = 'Artist,Stage,Day,Start,End\nNina,Main Stage,Friday,21:30,22:30\nThe Newcomers,Forest,Saturday,20:00,21:00\n';
    await handleImportProgramme(deps, boss, { festivalId: FESTIVAL_ID, format: 'csv', content: csv, createStages: ['forest'] });
    const written = entries(deps).map(([, entry]) => entry);
    expect(written.map((entry) => [entry.kind, entry.action, entry.label, entry.via])).toEqual([
      ['artist', 'created', 'The Newcomers', 'importProgramme'],
      ['stage', 'created', 'Forest', 'importProgramme'],
      ['performance', 'updated', 'Nina', 'importProgramme'],
      ['performance', 'created', 'The Newcomers', 'importProgramme'],
    ]);
    expect(new Set(written.map((entry) => entry.batchId)).size).toBe(1);
    expect(written[0]!.actor).toEqual({ uid: 'boss', email: 'boss@encore.test', name: 'Bea Boss' });
    await handleImportProgramme(deps, boss, { festivalId: FESTIVAL_ID, format: 'csv', content: csv });
    expect(entries(deps)).toHaveLength(4);
  });

  it('importProgramme: a moved set keeps its before and after', async () => {
    const deps = festivalDeps();
    await handleImportProgramme(deps, boss, { festivalId: FESTIVAL_ID, format: 'csv', content: 'artistId,stageId,startsAt,endsAt\nnina,tent,2026-08-15 20:00,2026-08-15 21:00\n' });
    const [[, moved]] = entries(deps) as [[string, AuditEntry]];
    expect(moved).toMatchObject({ action: 'updated', document: 'performances/nina-main', changed: ['endsAt', 'stageId', 'startsAt'] });
    expect(moved.before).toEqual({ artistId: 'nina', stageId: 'main', startsAt: new Date('2026-08-14T19:00:00Z'), endsAt: new Date('2026-08-14T20:00:00Z'), status: 'scheduled' });
    expect(moved.after).toEqual({ artistId: 'nina', stageId: 'tent', startsAt: new Date('2026-08-15T18:00:00Z'), endsAt: new Date('2026-08-15T19:00:00Z'), status: 'scheduled' });
  });

  it('setStaffRole and removeStaffMember: the staff document before and after; a retry that changes nothing records nothing', async () => {
    const deps = festivalDeps();
    await handleSetStaffRole(deps, boss, { festivalId: FESTIVAL_ID, uid: 'pim', role: 'moderator' });
    await handleSetStaffRole(deps, boss, { festivalId: FESTIVAL_ID, uid: 'pim', role: 'moderator' });
    await handleRemoveStaffMember(deps, boss, { festivalId: FESTIVAL_ID, uid: 'pim' });
    const written = entries(deps).map(([, entry]) => entry);
    expect(written.map((entry) => [entry.via, entry.action, entry.before?.role, entry.after?.role ?? null, entry.label])).toEqual([
      ['setStaffRole', 'updated', 'programme', 'moderator', 'pim@encore.test'],
      ['removeStaffMember', 'deleted', 'moderator', null, 'pim@encore.test'],
    ]);
  });

  it('moderatePhoto: the photo’s status before and after, as kind moderation', async () => {
    const deps = festivalDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'ready' }));
    await handleModeratePhoto(deps, boss, { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'hide' });
    expect(entries(deps).map(([, entry]) => entry)).toMatchObject([{ kind: 'moderation', document: 'photos/ph1', before: { status: 'ready' }, after: { status: 'hidden' }, via: 'moderatePhoto' }]);
  });

  it('createFestival: the festival and its first admin, in the new festival’s trail; a retried call adds none', async () => {
    const deps = testDeps();
    const ada = { uid: 'ada', token: { role: 'admin', email: 'ada@encore.test', firebase: sms } };
    const input = { festivalId: 'zomer-2027', festival: { name: 'Zomer', timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park' } };
    await handleCreateFestival(deps, ada, input);
    await handleCreateFestival(deps, ada, input);
    expect(entries(deps, 'zomer-2027').map(([, entry]) => [entry.kind, entry.action, entry.document, entry.label])).toEqual([
      ['festival', 'created', '', 'Zomer'],
      ['staff', 'created', 'staff/ada', 'ada@encore.test'],
    ]);
  });
});
