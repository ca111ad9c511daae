import { describe, expect, it } from 'vitest';
import { firestorePaths, moderationEntrySchema, performanceIdFor, performanceSchema, reporterRecordSchema, type FestivalRole } from '@encore/model';
import { FESTIVAL_ID, NOW, seedFestival, testDeps, testPhoto } from '../testing/deps.js';
import type { MemoryDocs } from '../testing/memory-docs.js';
import { RequestError, SECOND_FACTOR_NEEDED } from './request-error.js';
import { handleImportProgramme, handleModeratePhoto } from './staff.js';

/** What a sign-in with an SMS code adds to the token (the Auth emulator and production alike). */
const smsSignIn = { sign_in_provider: 'password', sign_in_second_factor: 'phone', second_factor_identifier: 'f1' };
/** The festival's admin (`festivals/{f}/staff/boss`, seeded by `staffDeps`), signed in with an SMS code. */
const staff = { uid: 'boss', token: { email: 'boss@encore.test', firebase: smsSignIn } };
/** The same staff member signed in with their password alone. */
const staffWithoutFactor = { uid: 'boss', token: { email: 'boss@encore.test', firebase: { sign_in_provider: 'password' } } };
const visitor = { uid: 'v1', token: {} };
/** A project admin (the `admin` claim): no staff document needed. */
const projectAdmin = { uid: 'ada', token: { role: 'admin', name: 'Ada', firebase: { ...smsSignIn, sign_in_second_factor: 'totp' } } };

/** Gives `uid` a role in a festival, as createFestival and `npm run grant` write it. */
function grant(docs: MemoryDocs, uid: string, role: FestivalRole, festivalId = FESTIVAL_ID): void {
  docs.seed(firestorePaths.festivalStaffMember(festivalId, uid), { role, addedAt: NOW, addedBy: null });
}

/** In-memory deps where `boss` is the festival's admin. */
function staffDeps() {
  const deps = testDeps();
  grant(deps.docs, 'boss', 'admin');
  // The festival the staff work on (moderation refuses an archived one, so it reads it).
  deps.docs.seed(firestorePaths.festival(FESTIVAL_ID), { name: 'Encore', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });
  return deps;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return { code: (error as RequestError).code, message: (error as RequestError).message };
}

describe('staff moderation', () => {
  it('hides and restores a photo and records who decided, keeping the report counts', async () => {
    const deps = staffDeps();
    const photo = firestorePaths.photo(FESTIVAL_ID, 'ph1');
    deps.docs.seed(photo, testPhoto({ status: 'ready', reportCount: 1 }));
    expect(await handleModeratePhoto(deps, staff, { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'hide' })).toEqual({ status: 'hidden' });
    const entry = () => moderationEntrySchema.parse(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1')));
    expect(entry()).toMatchObject({ decision: 'hidden', decidedBy: { uid: 'boss', name: 'boss@encore.test' }, decidedAt: NOW, autoHiddenAt: null });
    expect(await handleModeratePhoto(deps, projectAdmin, { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'restore' })).toEqual({
      status: 'ready',
    });
    expect(deps.docs.data(photo)?.status).toBe('ready');
    expect(entry()).toMatchObject({ decision: 'restored', decidedBy: { uid: 'ada', name: 'Ada' } });
  });

  it('issue 24: a restore refutes the reporters whose reports counted towards hiding, and only them', async () => {
    const deps = staffDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'hidden', reportCount: 3 }));
    const report = (uid: string, trustedReporter: boolean) =>
      deps.docs.seed(firestorePaths.report(FESTIVAL_ID, `ph1~${uid}`), { photoId: 'ph1', reporterUid: uid, reason: 'spam', createdAt: NOW, countedAt: NOW, trustedReporter });
    report('ann', true);
    report('bob', true);
    report('sock', false);
    deps.docs.seed(firestorePaths.report(FESTIVAL_ID, 'ph2~cas'), { photoId: 'ph2', reporterUid: 'cas', reason: 'spam', createdAt: NOW, countedAt: NOW, trustedReporter: true });
    await handleModeratePhoto(deps, staff, { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'restore' });
    for (const uid of ['ann', 'bob']) {
      expect(reporterRecordSchema.parse(deps.docs.data(firestorePaths.reporterRecord(uid)))).toEqual({ refutedAt: NOW, refutedOn: `${FESTIVAL_ID}/ph1`, refutedBy: 'boss' });
    }
    expect(deps.docs.data(firestorePaths.reporterRecord('sock'))).toBeUndefined();
    expect(deps.docs.data(firestorePaths.reporterRecord('cas'))).toBeUndefined();
  });

  it('refuses visitors, bad requests, missing photos and impossible moves with the callable error codes', async () => {
    const deps = staffDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'rejected', rejectReason: 'Not a photo.' }));
    const input = { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'restore' };
    expect(await refusal(handleModeratePhoto(deps, undefined, input))).toMatchObject({ code: 'unauthenticated' });
    expect(await refusal(handleModeratePhoto(deps, visitor, input))).toEqual({ code: 'permission-denied', message: 'Only this festival’s moderator staff and admins can do this.' });
    expect(await refusal(handleModeratePhoto(deps, staff, { ...input, action: 'delete' }))).toMatchObject({ code: 'invalid-argument' });
    expect(await refusal(handleModeratePhoto(deps, staff, { ...input, photoId: 'nope' }))).toMatchObject({ code: 'not-found' });
    expect(await refusal(handleModeratePhoto(deps, staff, input))).toEqual({ code: 'failed-precondition', message: 'A rejected photo cannot be restored.' });
  });
});

describe('staff without a second factor', () => {
  it('are refused moderation and import, saying a second factor is needed, and nothing is written', async () => {
    const deps = staffDeps();
    seedFestival(deps.docs);
    const photo = firestorePaths.photo(FESTIVAL_ID, 'ph1');
    deps.docs.seed(photo, testPhoto({ status: 'ready' }));
    const before = deps.docs.store.size;
    const moderated = await handleModeratePhoto(deps, staffWithoutFactor, { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'hide' }).catch((error: unknown) => error);
    expect(moderated).toBeInstanceOf(RequestError);
    expect(moderated).toMatchObject({ code: 'permission-denied', reason: 'second-factor-needed', message: expect.stringContaining('second factor') as unknown });
    const imported = await refusal(handleImportProgramme(deps, { uid: 'ada', token: { role: 'admin', firebase: { sign_in_provider: 'password' } } }, { festivalId: FESTIVAL_ID, format: 'csv', content: 'x' }));
    expect(imported).toEqual({ code: 'permission-denied', message: SECOND_FACTOR_NEEDED });
    expect(deps.docs.data(photo)?.status).toBe('ready');
    expect(deps.docs.store.size).toBe(before);
  });

  it('a second factor without the role is no staff', async () => {
    const deps = staffDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'ready' }));
    const visitorWithFactor = { uid: 'v2', token: { firebase: smsSignIn } };
    expect(await refusal(handleModeratePhoto(deps, visitorWithFactor, { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'hide' }))).toEqual({
      code: 'permission-denied',
      message: 'Only this festival’s moderator staff and admins can do this.',
    });
  });
});

describe('festival roles (issue 35)', () => {
  const hide = { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'hide' };
  const importCsv = { festivalId: FESTIVAL_ID, format: 'csv', content: 'artist,stage,day,start,end\nNina,The Tent,Saturday,20:00,21:00\n' };
  const person = (uid: string, token: Record<string, unknown> = {}) => ({ uid, token: { ...token, firebase: smsSignIn } });

  function festivalDeps() {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'ready' }));
    return deps;
  }

  it('a moderator hides photos but is refused the programme import, which writes nothing', async () => {
    const deps = festivalDeps();
    grant(deps.docs, 'mo', 'moderator');
    const before = structuredClone(deps.docs.store);
    expect(await refusal(handleImportProgramme(deps, person('mo'), importCsv))).toEqual({ code: 'permission-denied', message: 'Only this festival’s programme staff and admins can do this.' });
    expect(deps.docs.store).toEqual(before);
    expect(await handleModeratePhoto(deps, person('mo'), hide)).toEqual({ status: 'hidden' });
  });

  it('programme staff import but are refused moderation, and the photo stays as it was', async () => {
    const deps = festivalDeps();
    grant(deps.docs, 'pia', 'programme');
    expect(await refusal(handleModeratePhoto(deps, person('pia'), hide))).toEqual({ code: 'permission-denied', message: 'Only this festival’s moderator staff and admins can do this.' });
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))?.status).toBe('ready');
    expect(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'ph1'))).toBeUndefined();
    expect(await handleImportProgramme(deps, person('pia'), importCsv)).toMatchObject({ written: true, imported: 1 });
  });

  it('an admin of another festival is refused here; a project admin is granted with no staff document', async () => {
    const deps = festivalDeps();
    deps.docs.seed(firestorePaths.festival('other-2027'), { name: 'Other', timeZone: 'Europe/Amsterdam', startsOn: '2027-06-01', endsOn: '2027-06-02', venue: 'Park' });
    grant(deps.docs, 'olaf', 'admin', 'other-2027');
    expect(await refusal(handleModeratePhoto(deps, person('olaf'), hide))).toMatchObject({ code: 'permission-denied' });
    expect(await refusal(handleImportProgramme(deps, person('olaf'), importCsv))).toMatchObject({ code: 'permission-denied' });
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))?.status).toBe('ready');
    expect(await handleModeratePhoto(deps, projectAdmin, hide)).toEqual({ status: 'hidden' });
    expect(await handleImportProgramme(deps, projectAdmin, importCsv)).toMatchObject({ written: true });
  });

  it('the retired staff claim grants nothing', async () => {
    const deps = festivalDeps();
    expect(await refusal(handleModeratePhoto(deps, person('old', { role: 'staff' }), hide))).toMatchObject({ code: 'permission-denied' });
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))?.status).toBe('ready');
  });
});

describe('programme import', () => {
  const csv = 'artistId,stageId,startsAt,endsAt\nnina,tent,2026-08-15 20:00,2026-08-15 21:00\nkae,tent,2026-08-15 21:30,2026-08-15 22:30\n';
  /** The small festival with its artists and stages but none of its sets yet. */
  const festivalWithoutSets = (deps: ReturnType<typeof testDeps>) => {
    seedFestival(deps.docs);
    for (const path of [...deps.docs.store.keys()]) if (path.includes('/performances/')) deps.docs.store.delete(path);
  };
  const byNames = 'Artist,Stage,Day,Start,End\nNina,The Tent,Saturday,20:00,21:00\nThe Newcomers,Main Stage,Saturday,00:30,01:30\nKae,Forest,Saturday,23:00,24:00\n';

  it('writes every row when all are good, with no counts on the sets; the same file again writes nothing', async () => {
    const deps = staffDeps();
    festivalWithoutSets(deps);
    expect(await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: csv })).toMatchObject({ imported: 2, errors: [], written: true, preview: [], created: 2, updated: 0, unchanged: 0 });
    const id = performanceIdFor({ artistId: 'nina', stageId: 'tent', startsAt: new Date('2026-08-15T18:00:00Z') });
    const path = firestorePaths.performance(FESTIVAL_ID, id);
    expect(performanceSchema.parse(deps.docs.data(path))).toMatchObject({ status: 'scheduled' });
    expect(deps.docs.data(path)).not.toHaveProperty('favoriteCount');
    expect(deps.docs.data(path)).not.toHaveProperty('photoCount');
    const before = new Map(deps.docs.store);
    expect(await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: csv })).toMatchObject({ created: 0, updated: 0, unchanged: 2, written: true });
    expect(deps.docs.store).toEqual(before);
  });

  it('by names: creates the new artist and stage the check listed, places 00:30 on the night, and moves a set on an updated file', async () => {
    const deps = staffDeps();
    festivalWithoutSets(deps);
    const check = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: byNames, dryRun: true });
    expect(check).toMatchObject({ errors: [], written: false, created: 3, newArtists: [{ id: 'the-newcomers', name: 'The Newcomers' }], newStages: [{ id: 'forest', name: 'Forest' }] });
    expect(check.preview[1]).toMatchObject({ artistName: 'The Newcomers', stageName: 'Main Stage', startsAt: '2026-08-15T22:30:00.000Z', change: 'new' });
    await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: byNames, createStages: ['forest'] });
    expect(deps.docs.data(firestorePaths.artist(FESTIVAL_ID, 'the-newcomers'))).toEqual({ name: 'The Newcomers', bio: '', genres: [] });
    expect(deps.docs.data(firestorePaths.stage(FESTIVAL_ID, 'forest'))).toEqual({ name: 'Forest', order: 2 });
    const sets = () => [...deps.docs.store.keys()].filter((path) => path.startsWith(`festivals/${FESTIVAL_ID}/performances/`));
    const count = sets().length;
    expect(await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: byNames, dryRun: true })).toMatchObject({ created: 0, updated: 0, unchanged: 3, newArtists: [], newStages: [] });
    const moved = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: byNames.replace('Nina,The Tent,Saturday,20:00,21:00', 'Nina,Main Stage,Saturday,19:00,20:00') });
    expect(moved).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    expect(sets()).toHaveLength(count);
  });

  it('issue 36: a file without title or status columns keeps every set\u2019s title and status', async () => {
    const deps = staffDeps();
    seedFestival(deps.docs);
    const path = firestorePaths.performance(FESTIVAL_ID, 'nina-main');
    deps.docs.seed(path, { ...deps.docs.data(path), title: 'DJ set', status: 'cancelled' });
    const before = new Map(deps.docs.store);
    const sameTimes = 'Artist,Stage,Day,Start,End\nNina,Main Stage,Friday,21:00,22:00\n';
    const check = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: sameTimes, dryRun: true });
    expect(check.preview[0]).toMatchObject({ performanceId: 'nina-main', change: 'unchanged', title: 'DJ set', status: 'cancelled' });
    await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: sameTimes });
    expect(deps.docs.store).toEqual(before);
    // Moved by a file without a title column: the title stays with the set.
    await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: sameTimes.replace('21:00,22:00', '21:30,22:30') });
    expect(deps.docs.data(path)).toMatchObject({ title: 'DJ set', status: 'cancelled', startsAt: new Date('2026-08-14T19:30:00Z') });
    // A title column with an empty cell does clear it, and the check said so beforehand.
    const cleared = 'Artist,Stage,Day,Start,End,Title\nNina,Main Stage,Friday,21:30,22:30,\n';
    const clearing = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: cleared, dryRun: true });
    expect(clearing.preview[0]).toMatchObject({ change: 'changed', title: null, before: { title: 'DJ set', stageName: 'Main Stage', startsAt: '2026-08-14T19:30:00.000Z' } });
  });

  it('issue 36: "Main Stgae" is listed with Main Stage as what it may mean, is never created unconfirmed, and, taken as Main Stage, moves nothing', async () => {
    const deps = staffDeps();
    seedFestival(deps.docs);
    const typo = 'Artist,Stage,Day,Start,End\nNina,Main Stgae,Friday,21:00,22:00\n';
    const check = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: typo, dryRun: true });
    expect(check.newStages).toEqual([{ id: 'main-stgae', name: 'Main Stgae', similar: [{ id: 'main', name: 'Main Stage' }] }]);
    expect(check.preview[0]).toMatchObject({ change: 'moved', before: { stageName: 'Main Stage' } });
    const before = new Map(deps.docs.store);
    expect(await refusal(handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: typo }))).toMatchObject({
      code: 'failed-precondition',
      message: 'Confirm the new stages first: Main Stgae.',
    });
    expect(deps.docs.store).toEqual(before);
    const chosen = { festivalId: FESTIVAL_ID, format: 'csv', content: typo, use: { stages: { 'main-stgae': 'main' } } } as const;
    expect(await handleImportProgramme(deps, staff, { ...chosen, dryRun: true })).toMatchObject({ newStages: [], unchanged: 1, updated: 0 });
    expect(await handleImportProgramme(deps, staff, chosen)).toMatchObject({ written: true, unchanged: 1 });
    expect(deps.docs.store).toEqual(before);
  });

  it('issue 36: an end before its start says both times, not that the set is too long', async () => {
    const deps = staffDeps();
    seedFestival(deps.docs);
    const result = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: 'Artist,Stage,Day,Start,End\nNina,Main Stage,Saturday,16:15,15:15\n', dryRun: true });
    expect(result.errors).toEqual([
      expect.objectContaining({ cell: 'E2', problem: { code: 'end-before-start', start: '16:15', end: '15:15' }, message: 'Cell E2 (end): The set ends (15:15) before it starts (16:15): check both times. (An end after midnight, such as 00:30, is read as the next morning.)' }),
    ]);
  });

  it('issue 36: a set placed on top of others on its stage is flagged with each one it overlaps', async () => {
    const deps = staffDeps();
    seedFestival(deps.docs);
    // 21:30-23:30 Amsterdam on Friday covers nina-main (21:00-22:00) and kae-main (23:00-24:00) on Main Stage.
    const result = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: 'Artist,Stage,Day,Start,End\nThe Newcomers,Main Stage,Friday,21:30,23:30\n', dryRun: true });
    expect(result.errors).toEqual([]);
    expect(result.preview[0]!.overlaps).toEqual([
      { line: null, artistName: 'Nina', startsAt: '2026-08-14T19:00:00.000Z', endsAt: '2026-08-14T20:00:00.000Z' },
      { line: null, artistName: 'Kae', startsAt: '2026-08-14T21:00:00.000Z', endsAt: '2026-08-14T22:00:00.000Z' },
    ]);
  });

  it('an archived festival takes no import: refused as archived, nothing written', async () => {
    const deps = staffDeps();
    seedFestival(deps.docs);
    const festivalPath = firestorePaths.festival(FESTIVAL_ID);
    deps.docs.seed(festivalPath, { ...deps.docs.data(festivalPath), archivedAt: new Date('2026-09-01T00:00:00Z') });
    const before = new Map(deps.docs.store);
    expect(await refusal(handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: 'Artist,Stage,Day,Start,End\nNina,Main Stage,Friday,21:30,22:30\n' }))).toEqual({
      code: 'failed-precondition',
      message: 'This festival is archived: it can be looked at, not changed.',
    });
    expect(deps.docs.store).toEqual(before);
  });

  it('writes nothing and reports every bad row with its cell', async () => {
    const deps = staffDeps();
    festivalWithoutSets(deps);
    const before = deps.docs.store.size;
    const result = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: `${csv}nina,tent,tonight,2026-08-15 23:30\n,moon,2026-08-15 23:00,2026-08-15 23:30\n` });
    expect(result).toMatchObject({
      imported: 2,
      written: false,
      errors: [
        { line: 4, cell: 'C4', problem: { code: 'bad-time', field: 'start', value: 'tonight' } },
        { line: 5, cell: 'A5', problem: { code: 'empty', field: 'artist' } },
      ],
    });
    expect(result.errors[1]!.message).toBe('Cell A5 (artist): The artist is missing.');
    expect(result.preview.map((row) => row.line)).toEqual([2, 3]);
    expect(deps.docs.store.size).toBe(before);
  });

  it('a dry run previews every good row as read (new or an update) and writes nothing', async () => {
    const deps = staffDeps();
    festivalWithoutSets(deps);
    await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: csv.split('\n').slice(0, 2).join('\n') });
    const before = new Map(deps.docs.store);
    const result = await handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'csv', content: csv, dryRun: true });
    expect(result).toMatchObject({ imported: 2, errors: [], written: false, created: 1, updated: 0, unchanged: 1 });
    expect(result.preview).toEqual([
      expect.objectContaining({ line: 2, artistId: 'nina', stageId: 'tent', startsAt: '2026-08-15T18:00:00.000Z', endsAt: '2026-08-15T19:00:00.000Z', status: 'scheduled', title: null, exists: true, change: 'unchanged' }),
      expect.objectContaining({ line: 3, artistId: 'kae', exists: false, change: 'new' }),
    ]);
    expect(deps.docs.store).toEqual(before);
  });

  it('is for staff only, and for festivals that exist (a project admin is told one does not)', async () => {
    const deps = staffDeps();
    festivalWithoutSets(deps);
    expect(await refusal(handleImportProgramme(deps, visitor, { festivalId: FESTIVAL_ID, format: 'csv', content: csv }))).toMatchObject({ code: 'permission-denied' });
    expect(await refusal(handleImportProgramme(deps, projectAdmin, { festivalId: 'nope', format: 'csv', content: csv }))).toMatchObject({ code: 'not-found' });
    expect(await refusal(handleImportProgramme(deps, staff, { festivalId: FESTIVAL_ID, format: 'xml', content: csv }))).toMatchObject({ code: 'invalid-argument' });
  });
});
