import { describe, expect, it } from 'vitest';
import { DocumentSchemaError } from '../platform/docs.js';
import { FESTIVAL_ID, testDeps } from '../testing/deps.js';
import { onlyVerdictChanged, publishFavoriteChanged, publishReactionChanged, publishReportFiled } from './publish-changes.js';

describe('visitor-write triggers', () => {
  it('turn favourite creations and deletions into favorite.changed, and ignore updates (a priority change among them)', async () => {
    const deps = testDeps();
    const fav = { festivalId: FESTIVAL_ID, performanceId: 'p1', createdAt: new Date() };
    const ids = { uid: 'u1', performanceId: 'p1' };
    await publishFavoriteChanged(deps, 'c', ids, undefined, fav);
    await publishFavoriteChanged(deps, 'u', ids, fav, { ...fav, createdAt: new Date(0) });
    // A priority set, changed or removed is the same favourite: counted once, never again.
    await publishFavoriteChanged(deps, 'must', ids, fav, { ...fav, priority: 'must' });
    await publishFavoriteChanged(deps, 'maybe', ids, { ...fav, priority: 'must' }, { ...fav, priority: 'maybe' });
    await publishFavoriteChanged(deps, 'plain', ids, { ...fav, priority: 'maybe' }, fav);
    await publishFavoriteChanged(deps, 'd', ids, fav, undefined);
    expect(deps.publisher.ofType('favorite.changed').map((e) => [e.id, e.data.change, e.data.festivalId])).toEqual([
      ['c', 'added', FESTIVAL_ID],
      ['d', 'removed', FESTIVAL_ID],
    ]);
  });

  it('tell the functions’ own trending verdict on a favourite from its owner’s changes (issue 39)', () => {
    const at = new Date('2026-08-14T20:00:00Z');
    const fav = { festivalId: FESTIVAL_ID, performanceId: 'p1', createdAt: at, established: true };
    expect(onlyVerdictChanged(fav, { ...fav, createdAt: new Date(at), reputable: false })).toBe(true);
    expect(onlyVerdictChanged(fav, { ...fav, reputable: true, priority: 'must' })).toBe(false);
    expect(onlyVerdictChanged({ ...fav, reputable: true }, { ...fav, reputable: true, hiddenFromFriends: true })).toBe(false);
    expect(onlyVerdictChanged(undefined, { ...fav, reputable: true })).toBe(false);
    expect(onlyVerdictChanged(fav, undefined)).toBe(false);
  });

  it('refuse a malformed favourite with an error naming its path and field, publishing nothing', async () => {
    const deps = testDeps();
    const error = await publishFavoriteChanged(deps, 'bad', { uid: 'u1', performanceId: 'p1' }, undefined, { festivalId: 'Not A Slug' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentSchemaError);
    expect((error as Error).message).toMatch(/^Invalid document users\/u1\/favorites\/p1: festivalId: must be 1-80 lowercase .*; performanceId: .*; createdAt: /);
    expect(deps.publisher.published).toEqual([]);
  });

  it('turn reactions and reports into their events, refusing a malformed report by path and field', async () => {
    const deps = testDeps();
    await publishReactionChanged(deps, 'r', { festivalId: FESTIVAL_ID, photoId: 'ph', uid: 'u1' }, undefined, { kind: 'love', createdAt: new Date() });
    await publishReportFiled(deps, 'ok', { festivalId: FESTIVAL_ID, reportId: 'ph~u2' }, { photoId: 'ph', reporterUid: 'u2', reason: 'spam', createdAt: new Date() });
    await expect(
      publishReportFiled(deps, 'bad', { festivalId: FESTIVAL_ID, reportId: 'ph~u3' }, { photoId: 'ph', reporterUid: 'u3', reason: 'boring', createdAt: new Date() }),
    ).rejects.toThrow('Invalid document festivals/encore-2026/reports/ph~u3: reason: ');
    expect(deps.publisher.published.map((e) => [e.type, e.id])).toEqual([
      ['reaction.changed', 'r'],
      ['report.filed', 'ok'],
    ]);
  });
});
