import { describe, expect, it } from 'vitest';
import { FESTIVAL_ID, testDeps } from '../testing/deps.js';
import { publishFavoriteChanged, publishReactionChanged, publishReportFiled } from './publish-changes.js';

describe('visitor-write triggers', () => {
  it('turn favourite creations and deletions into favorite.changed, and ignore updates', async () => {
    const deps = testDeps();
    const fav = { festivalId: FESTIVAL_ID, performanceId: 'p1', createdAt: new Date() };
    const ids = { uid: 'u1', performanceId: 'p1' };
    await publishFavoriteChanged(deps, 'c', ids, undefined, fav);
    await publishFavoriteChanged(deps, 'u', ids, fav, { ...fav, createdAt: new Date(0) });
    await publishFavoriteChanged(deps, 'd', ids, fav, undefined);
    await publishFavoriteChanged(deps, 'bad', ids, undefined, { festivalId: 'Not A Slug' });
    expect(deps.publisher.ofType('favorite.changed').map((e) => [e.id, e.data.change, e.data.festivalId])).toEqual([
      ['c', 'added', FESTIVAL_ID],
      ['d', 'removed', FESTIVAL_ID],
    ]);
  });

  it('turn reactions and reports into their events, dropping malformed reports', async () => {
    const deps = testDeps();
    await publishReactionChanged(deps, 'r', { festivalId: FESTIVAL_ID, photoId: 'ph', uid: 'u1' }, undefined, { kind: 'love' });
    await publishReportFiled(deps, 'ok', { festivalId: FESTIVAL_ID, reportId: 'r1' }, { photoId: 'ph', reporterUid: 'u2', reason: 'spam' });
    await publishReportFiled(deps, 'bad', { festivalId: FESTIVAL_ID, reportId: 'r2' }, { photoId: 'ph', reporterUid: 'u2', reason: 'boring' });
    expect(deps.publisher.published.map((e) => [e.type, e.id])).toEqual([
      ['reaction.changed', 'r'],
      ['report.filed', 'ok'],
    ]);
  });
});
