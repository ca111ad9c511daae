import { describe, expect, it } from 'vitest';
import { firestorePaths, noticeSchema } from '@encore/model';
import { delayNoticeId } from '../domain/stage-delay.js';
import { FESTIVAL_ID, NOW, event, seedFestival, testDeps } from '../testing/deps.js';
import { clashStatePath, publishPerformanceChanged } from './programme-changed.js';
import { handleDelayChanged, publishDelayChanged } from './stage-delay.js';

const perfPath = (id: string) => firestorePaths.performance(FESTIVAL_ID, id);
const delayPath = firestorePaths.delay(FESTIVAL_ID, 'd1');
const at = (iso: string) => new Date(iso);
const minutes = (n: number) => n * 60_000;

type Deps = ReturnType<typeof testDeps>;

/** Main Stage 20 minutes late from nina-main on (nina-main 21:00 -> 21:20 and kae-main 23:00 -> 23:20, Amsterdam time), as the console's batch leaves it. */
function delayMainStage(deps: Deps) {
  for (const id of ['nina-main', 'kae-main']) {
    const set = deps.docs.data(perfPath(id))!;
    deps.docs.seed(perfPath(id), {
      ...set,
      startsAt: new Date((set.startsAt as Date).getTime() + minutes(20)),
      endsAt: new Date((set.endsAt as Date).getTime() + minutes(20)),
      scheduled: { startsAt: set.startsAt, endsAt: set.endsAt },
      delayId: 'd1',
    });
  }
  deps.docs.seed(delayPath, { stageId: 'main', day: '2026-08-14', minutes: 20, performanceIds: ['nina-main', 'kae-main'], createdAt: NOW, createdBy: 'pia', status: 'active' });
}

/** The undo's batch: the sets back to their printed times, the delay undone. */
function undoDelay(deps: Deps) {
  for (const id of ['nina-main', 'kae-main']) {
    const { scheduled, delayId: _delayId, ...set } = deps.docs.data(perfPath(id))! as Record<string, unknown> & { scheduled: { startsAt: Date; endsAt: Date } };
    deps.docs.seed(perfPath(id), { ...set, startsAt: scheduled.startsAt, endsAt: scheduled.endsAt });
  }
  deps.docs.seed(delayPath, { ...deps.docs.data(delayPath), status: 'undone', undoneAt: NOW, undoneBy: 'pia' });
}

function fan(deps: Deps, uid: string, sets: string[], locale: 'en' | 'nl' | null, tokens: string[] = []) {
  for (const id of sets) deps.docs.seed(firestorePaths.favorite(uid, id), { festivalId: FESTIVAL_ID, performanceId: id, createdAt: NOW });
  if (locale) deps.docs.seed(firestorePaths.userPreferences(uid), { locale, updatedAt: NOW });
  tokens.forEach((token, index) =>
    deps.docs.seed(firestorePaths.device(uid, `${uid}-device-${index}`), { token, festivalId: FESTIVAL_ID, locale: 'en', userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW }),
  );
}

const noticesOf = (deps: Deps, uid: string) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`users/${uid}/notices/`));

describe('a stage running late', () => {
  it('publishes one event when a delay is created and one when it is undone; its sets publish no move of their own', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const before = deps.docs.data(perfPath('nina-main'))!;
    delayMainStage(deps);
    const ids = { festivalId: FESTIVAL_ID, delayId: 'd1' };
    const active = deps.docs.data(delayPath)!;
    await publishDelayChanged(deps, 'c1', ids, undefined, active);
    await publishDelayChanged(deps, 'c2', ids, active, { ...active, status: 'undone', undoneAt: NOW, undoneBy: 'pia' });
    await publishDelayChanged(deps, 'c3', ids, { ...active, status: 'undone', undoneAt: NOW, undoneBy: 'pia' }, { ...active, status: 'undone', undoneAt: NOW, undoneBy: 'pia' });
    expect(deps.publisher.ofType('delay.changed').map((e) => [e.id, e.data.change])).toEqual([['c1', 'delayed'], ['c2', 'delay-undone']]);

    await publishPerformanceChanged(deps, 'm1', { festivalId: FESTIVAL_ID, performanceId: 'nina-main' }, before, deps.docs.data(perfPath('nina-main')));
    expect(deps.publisher.ofType('performance.changed')).toEqual([]);
  });

  it('tells each fan once, in their language, naming their first set it moved with its new and old start, and pushes once per device, under redelivery', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'anouk', ['nina-main', 'kae-main'], 'nl', ['tok-anouk']);
    fan(deps, 'ben', ['kae-main', 'kae-tent'], 'en', ['tok-ben-phone', 'tok-ben-laptop']);
    fan(deps, 'cas', ['kae-tent'], 'en', ['tok-cas']);
    delayMainStage(deps);
    const delayed = event('delay.changed', { festivalId: FESTIVAL_ID, delayId: 'd1', change: 'delayed' }, 'delay-1');

    expect(await handleDelayChanged(deps, delayed)).toBe(2);
    const commits = deps.docs.commits;
    expect(await handleDelayChanged(deps, delayed)).toBe(2);

    const notice = (uid: string) => noticeSchema.parse(deps.docs.data(firestorePaths.notice(uid, delayNoticeId('d1', 'delayed'))));
    expect(noticesOf(deps, 'anouk')).toHaveLength(1);
    expect(noticesOf(deps, 'ben')).toHaveLength(1);
    expect(noticesOf(deps, 'cas')).toHaveLength(0);
    expect(notice('anouk')).toMatchObject({ kind: 'delayed', performanceId: 'nina-main', delayId: 'd1', text: 'Main Stage loopt 20 min uit: Nina nu om 21:20 (was 21:00).', readAt: null });
    expect(notice('anouk').params).toEqual({ stage: 'Main Stage', minutes: 20, artist: 'Nina', startsAt: at('2026-08-14T19:20:00Z'), previousStartsAt: at('2026-08-14T19:00:00Z'), timeZone: 'Europe/Amsterdam' });
    expect(notice('ben').text).toBe('Main Stage runs 20 min late: Kae now 23:20 (was 23:00).');
    // Ben's sets after the delay: kae-tent 19:30-20:30 and kae-main 21:20-22:20 UTC, no clash.
    expect(deps.docs.data(clashStatePath('ben', FESTIVAL_ID))).toMatchObject({ clashingPerformanceIds: [] });
    expect(deps.push.sent.map((message) => [message.token, message.payload.title, message.payload.tag, message.payload.link])).toEqual([
      ['tok-anouk', 'Main Stage loopt 20 min uit', 'delay-d1', '/performances/nina-main'],
      ['tok-ben-phone', 'Main Stage runs 20 min late', 'delay-d1', '/performances/kae-main'],
      ['tok-ben-laptop', 'Main Stage runs 20 min late', 'delay-d1', '/performances/kae-main'],
    ]);
    // The redelivery wrote no notice again: it only looked for receipts to claim (none left).
    expect(deps.docs.commits - commits).toBeLessThanOrEqual(1);
  });

  it('recomputes a fan’s clash state: a delay that pushes a set onto another of their favourites marks both', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'dee', ['nina-main', 'kae-tent'], 'en');
    delayMainStage(deps); // nina-main now 19:20-20:20 UTC, kae-tent 19:30-20:30: they overlap
    await handleDelayChanged(deps, event('delay.changed', { festivalId: FESTIVAL_ID, delayId: 'd1', change: 'delayed' }, 'delay-2'));
    expect(deps.docs.data(clashStatePath('dee', FESTIVAL_ID))).toMatchObject({ clashingPerformanceIds: ['kae-tent', 'nina-main'] });
  });

  it('tells of the undo once more (one more notice, one more push per device), idempotently, and a notice read stays read', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'ben', ['kae-main'], 'en', ['tok-ben']);
    delayMainStage(deps);
    await handleDelayChanged(deps, event('delay.changed', { festivalId: FESTIVAL_ID, delayId: 'd1', change: 'delayed' }, 'delay-3'));
    undoDelay(deps);
    const undone = event('delay.changed', { festivalId: FESTIVAL_ID, delayId: 'd1', change: 'delay-undone' }, 'undo-3');
    await handleDelayChanged(deps, undone);
    const undoNotice = firestorePaths.notice('ben', delayNoticeId('d1', 'delay-undone'));
    deps.docs.seed(undoNotice, { ...deps.docs.data(undoNotice), readAt: NOW });
    await handleDelayChanged(deps, undone);

    expect(noticesOf(deps, 'ben')).toHaveLength(2);
    expect(noticeSchema.parse(deps.docs.data(undoNotice))).toMatchObject({ kind: 'delay-undone', readAt: NOW, text: "Main Stage's 20 min delay is withdrawn: Kae at 23:00 again (not 23:20)." });
    expect(deps.push.sent.map((message) => [message.token, message.payload.title])).toEqual([
      ['tok-ben', 'Main Stage runs 20 min late'],
      ['tok-ben', 'Main Stage is back on its times'],
    ]);
  });

  it('tells nobody of a delay whose sets no longer carry it, or that is gone', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    fan(deps, 'ben', ['kae-main'], 'en', ['tok-ben']);
    deps.docs.seed(delayPath, { stageId: 'main', day: '2026-08-14', minutes: 20, performanceIds: ['kae-main'], createdAt: NOW, createdBy: 'pia', status: 'active' });
    expect(await handleDelayChanged(deps, event('delay.changed', { festivalId: FESTIVAL_ID, delayId: 'd1', change: 'delayed' }, 'delay-4'))).toBe(0);
    expect(await handleDelayChanged(deps, event('delay.changed', { festivalId: FESTIVAL_ID, delayId: 'gone', change: 'delayed' }, 'delay-5'))).toBe(0);
    expect(noticesOf(deps, 'ben')).toEqual([]);
    expect(deps.push.sent).toEqual([]);
  });
});
