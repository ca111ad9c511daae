import { describe, expect, it } from 'vitest';
import { firestorePaths, noticeSchema } from '@encore/model';
import { noticeId } from '../domain/programme-changes.js';
import { FESTIVAL_ID, NOW, event, seedFestival, testDeps } from '../testing/deps.js';
import { clashStatePath, handleNoticeBatch, handlePerformanceChanged, publishPerformanceChanged } from './programme-changed.js';

const perfPath = (id: string) => firestorePaths.performance(FESTIVAL_ID, id);

describe('programme changes', () => {
  it('publish a change only when a set moves or is cancelled', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const before = deps.docs.data(perfPath('kae-main'))!;
    const ids = { festivalId: FESTIVAL_ID, performanceId: 'kae-main' };
    await publishPerformanceChanged(deps, 'e1', ids, before, { ...before, favoriteCount: 9 });
    await publishPerformanceChanged(deps, 'e2', ids, before, { ...before, startsAt: new Date('2026-08-14T21:30:00Z'), endsAt: new Date('2026-08-14T22:30:00Z') });
    await publishPerformanceChanged(deps, 'e3', ids, before, { ...before, status: 'cancelled' });
    expect(deps.publisher.ofType('performance.changed').map((e) => [e.id, e.data.change, e.data.startsAt])).toEqual([
      ['e2', 'moved', '2026-08-14T21:30:00.000Z'],
      ['e3', 'cancelled', '2026-08-14T21:00:00.000Z'],
    ]);
  });

  it('fan out to every fan in batches, then notify each and recompute their clashes, once', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const fans = Array.from({ length: 250 }, (_, i) => `fan${String(i).padStart(3, '0')}`);
    for (const uid of fans) deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    deps.docs.seed(firestorePaths.favorite('fan000', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
    deps.docs.seed(firestorePaths.favorite('someone-else', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
    // Staff move kae-main onto nina-main's slot: fan000 now has a clash.
    deps.docs.seed(perfPath('kae-main'), { ...deps.docs.data(perfPath('kae-main')), startsAt: new Date('2026-08-14T19:15:00Z'), endsAt: new Date('2026-08-14T20:15:00Z') });
    const change = event('performance.changed', { festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'moved', startsAt: '2026-08-14T19:15:00.000Z', endsAt: '2026-08-14T20:15:00.000Z' }, 'move-1');

    expect(await handlePerformanceChanged(deps, change)).toBe(3);
    const batches = deps.publisher.ofType('notice.batch');
    expect(batches.map((b) => [b.id, b.data.uids.length])).toEqual([
      ['move-1#0', 100],
      ['move-1#1', 100],
      ['move-1#2', 50],
    ]);
    expect(new Set(batches.flatMap((b) => b.data.uids))).toEqual(new Set(fans));
    expect(batches[0]!.data.text).toBe('Kae moved: now Fri 14 Aug, 21:15 on Main Stage.');
    expect(batches[0]!.data.params).toEqual({ artist: 'Kae', stage: 'Main Stage', startsAt: '2026-08-14T19:15:00.000Z', timeZone: 'Europe/Amsterdam' });

    for (const batch of [...batches, batches[0]!]) await handleNoticeBatch(deps, batch);
    const notices = [...deps.docs.store.keys()].filter((path) => /^users\/[^/]+\/notices\//.test(path));
    expect(notices).toHaveLength(250);
    expect(noticeSchema.parse(deps.docs.data(notices[0]!))).toMatchObject({ kind: 'moved', performanceId: 'kae-main', readAt: null });
    expect(deps.docs.data(clashStatePath('fan000', FESTIVAL_ID))).toMatchObject({ clashingPerformanceIds: ['kae-main', 'nina-main'] });
    expect(deps.docs.data(clashStatePath('fan001', FESTIVAL_ID))).toMatchObject({ clashingPerformanceIds: [] });
    expect(deps.docs.data(clashStatePath('someone-else', FESTIVAL_ID))).toBeUndefined();
  });

  it('read a large set’s fans a page of ten batches at a time, and publish the same batches again on a retry', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const fans = Array.from({ length: 2150 }, (_, i) => `fan${String(i).padStart(4, '0')}`);
    for (const uid of fans) deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    let queries = 0;
    const counting = { ...deps, docs: deps.docs.asAnotherInstance({ query: (query, schema) => (queries++, deps.docs.query(query, schema)) }) };
    const change = event('performance.changed', { festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'cancelled', startsAt: '2026-08-14T19:00:00.000Z', endsAt: '2026-08-14T20:00:00.000Z' }, 'big-1');

    expect(await handlePerformanceChanged(counting, change)).toBe(22);
    expect(queries).toBe(3);
    const first = deps.publisher.ofType('notice.batch');
    expect(first.map((b) => b.id)).toEqual(Array.from({ length: 22 }, (_, i) => `big-1#${i}`));
    expect(first.flatMap((b) => b.data.uids)).toEqual(fans);
    await handlePerformanceChanged(deps, change);
    const again = deps.publisher.ofType('notice.batch').slice(22);
    expect(again.map((b) => [b.id, b.data.uids])).toEqual(first.map((b) => [b.id, b.data.uids]));
  });

  it('write each fan’s notice in their language, with its parameters, and push it beside the notice to each of their devices, once', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const fan = (uid: string, locale: 'en' | 'nl' | null, tokens: string[]) => {
      deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: NOW });
      if (locale) deps.docs.seed(firestorePaths.userPreferences(uid), { locale, updatedAt: NOW });
      tokens.forEach((token, index) =>
        deps.docs.seed(firestorePaths.device(uid, `${uid}-device-${index}`), { token, festivalId: FESTIVAL_ID, locale: 'en', userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW }),
      );
    };
    fan('anouk', 'nl', ['tok-anouk']);
    fan('ben', 'en', ['tok-ben-phone', 'tok-ben-laptop']);
    fan('cas', null, []);
    deps.docs.seed(perfPath('kae-main'), { ...deps.docs.data(perfPath('kae-main')), status: 'cancelled' });
    await handlePerformanceChanged(deps, event('performance.changed', { festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'cancelled', startsAt: '2026-08-14T21:00:00.000Z', endsAt: '2026-08-14T22:00:00.000Z' }, 'cancel-1'));
    const [batch] = deps.publisher.ofType('notice.batch');

    await handleNoticeBatch(deps, batch!);
    await handleNoticeBatch(deps, batch!);
    const noticeOf = (uid: string) => noticeSchema.parse(deps.docs.data(firestorePaths.notice(uid, noticeId('cancel-1#0', 'kae-main'))));
    expect(noticeOf('anouk')).toMatchObject({ kind: 'cancelled', text: 'Kae is afgelast.', params: { artist: 'Kae', stage: 'Main Stage', timeZone: 'Europe/Amsterdam' } });
    expect(noticeOf('ben').text).toBe('Kae is cancelled.');
    expect(noticeOf('cas').text).toBe('Kae is cancelled.');
    expect(deps.push.sent.map((message) => [message.token, message.payload.title, message.payload.body])).toEqual([
      ['tok-anouk', 'Afgelast: Kae', 'Kae is afgelast.'],
      ['tok-ben-phone', 'Cancelled: Kae', 'Kae is cancelled.'],
      ['tok-ben-laptop', 'Cancelled: Kae', 'Kae is cancelled.'],
    ]);
    expect(deps.push.sent[0]).toMatchObject({ urgent: true, payload: { kind: 'cancelled', link: '/performances/kae-main', tag: 'set-kae-main' } });
  });

  it('send the pushes a failed delivery left over when the batch is retried, without rewriting the notices', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const uid of ['ann', 'bo']) {
      deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: NOW });
      deps.docs.seed(firestorePaths.device(uid, `${uid}-phone-1`), { token: `tok-${uid}`, festivalId: FESTIVAL_ID, locale: 'en', userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW });
    }
    const batch = event('notice.batch', { festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'moved', text: 'Kae moved.', uids: ['ann', 'bo'] }, 'move-2#0');
    deps.push.answer('tok-bo', 'messaging/server-unavailable');
    await expect(handleNoticeBatch(deps, batch)).rejects.toThrow(/refused for now/);
    const commits = deps.docs.commits;
    deps.push.heal('tok-bo');
    await handleNoticeBatch(deps, batch);
    expect(deps.push.sent.map((message) => message.token)).toEqual(['tok-ann', 'tok-bo']);
    // A batch from before notices carried parameters keeps its English text, and a generic title.
    expect(deps.push.sent[1]!.payload).toMatchObject({ title: 'A change to your schedule', body: 'Kae moved.' });
    expect(noticeSchema.parse(deps.docs.data(firestorePaths.notice('bo', noticeId('move-2#0', 'kae-main')))).params).toBeUndefined();
    // The retry claimed one receipt and wrote no notices (the ledger had them).
    expect(deps.docs.commits - commits).toBe(1);
  });
});
