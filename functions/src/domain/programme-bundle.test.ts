import { describe, expect, it } from 'vitest';
import { notModified } from './content-encoding.js';
import { bundleEtag, bundleUrlPath, festivalOfBundlePath, isProgrammeEdit, namedQueryName } from './programme-bundle.js';

describe('programme bundle rules', () => {
  it('a change to the counts functions keep live is not an edit; any staff field is', () => {
    const set = { artistId: 'kae', stageId: 'main', startsAt: new Date('2026-08-14T19:00:00Z'), favoriteCount: 1, photoCount: 0 };
    expect(isProgrammeEdit('performances', set, { ...set, favoriteCount: 2, photoCount: 3 })).toBe(false);
    expect(isProgrammeEdit('performances', set, { ...set, startsAt: new Date('2026-08-14T20:00:00Z') })).toBe(true);
    // A stage delay's batch (issue 36): the printed times and the delay travel in the bundle, so a first offline open strikes the old time too.
    expect(isProgrammeEdit('performances', set, { ...set, scheduled: { startsAt: new Date('2026-08-14T19:00:00Z'), endsAt: new Date('2026-08-14T20:00:00Z') }, delayId: 'd1' })).toBe(true);
    expect(isProgrammeEdit('performances', set, { ...set, status: 'cancelled' })).toBe(true);
    expect(isProgrammeEdit('performances', set, { ...set, startsAt: new Date(set.startsAt) })).toBe(false);
  });

  it('creating or deleting a programme document is an edit; a count field on an artist is not live', () => {
    expect(isProgrammeEdit('stages', undefined, { name: 'Main', order: 0 })).toBe(true);
    expect(isProgrammeEdit('artists', { name: 'Nina' }, undefined)).toBe(true);
    expect(isProgrammeEdit('artists', { name: 'Nina', favoriteCount: 1 }, { name: 'Nina', favoriteCount: 2 })).toBe(true);
    expect(isProgrammeEdit('artists', { name: 'Nina', genres: ['jazz'] }, { name: 'Nina', genres: ['jazz'] })).toBe(false);
  });

  it('the URL path names one festival; anything else is refused', () => {
    expect(festivalOfBundlePath(bundleUrlPath('encore-2026'))).toBe('encore-2026');
    expect(festivalOfBundlePath('/bundles/encore-2026/programme.bundle?v=3')).toBe('encore-2026');
    for (const bad of ['/bundles/../x/programme.bundle', '/bundles/Encore/programme.bundle', '/bundles/a/b/programme.bundle', '/bundles/a/other']) {
      expect(festivalOfBundlePath(bad), bad).toBeNull();
    }
  });

  it('the ETag follows the bytes; If-None-Match matches it, a list of tags, weak tags and *', () => {
    const etag = bundleEtag(Buffer.from('one'));
    expect(bundleEtag(Buffer.from('one'))).toBe(etag);
    expect(bundleEtag(Buffer.from('two'))).not.toBe(etag);
    expect(notModified(etag, etag)).toBe(true);
    expect(notModified(`"old", W/${etag}`, etag)).toBe(true);
    expect(notModified('*', etag)).toBe(true);
    expect(notModified('"old"', etag)).toBe(false);
    expect(notModified(undefined, etag)).toBe(false);
  });

  it('named queries are per festival and collection', () => {
    expect(namedQueryName('encore-2026', 'performances')).toBe('programme/encore-2026/performances');
  });
});
