import { describe, expect, it } from 'vitest';
import { DocumentPattern } from './path-pattern.js';

describe('DocumentPattern', () => {
  it('captures single-segment wildcards', () => {
    expect(new DocumentPattern('festivals/{festivalId}/photos/{photoId}').match('festivals/encore-2026/photos/p1')).toEqual({
      festivalId: 'encore-2026',
      photoId: 'p1',
    });
  });

  it('matches exact paths without params', () => {
    expect(new DocumentPattern('config/app').match('config/app')).toEqual({});
    expect(new DocumentPattern('config/app').match('config/other')).toBeNull();
  });

  it('rejects paths of another length or collection', () => {
    const pattern = new DocumentPattern('users/{uid}');
    expect(pattern.match('users/u1/posts/p1')).toBeNull();
    expect(pattern.match('admins/u1')).toBeNull();
    expect(pattern.match('users')).toBeNull();
  });

  it('lets {x=**} capture one or more segments', () => {
    const pattern = new DocumentPattern('logs/{rest=**}');
    expect(pattern.match('logs/a/b/c')).toEqual({ rest: 'a/b/c' });
    expect(pattern.match('logs/a')).toEqual({ rest: 'a' });
    expect(pattern.match('logs')).toBeNull();
  });

  it('matches segments after a multi-segment capture', () => {
    expect(new DocumentPattern('{path=**}/photos/{id}').match('festivals/f/photos/p')).toEqual({ path: 'festivals/f', id: 'p' });
  });
});
