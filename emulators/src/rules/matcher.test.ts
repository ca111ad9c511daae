import { describe, expect, it } from 'vitest';
import { findMatches, UNKNOWN_ID, UNKNOWN_PREFIX } from './matcher.js';
import { parseRules } from './parser.js';
import { RulesPath, Unknown } from './values.js';

const rules = parseRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    match /users/{uid} {
      match /posts/{post} {}
    }
    match /{rest=**}/posts/{post} {}
  }
}`);

const describeMatches = (path: Parameters<typeof findMatches>[1]) =>
  findMatches(rules.matches, path, '2').map((chain) => ({
    path: chain.map((level) => level.block.pathText).join(''),
    bindings: Object.fromEntries(chain.flatMap((level) => [...level.bindings])),
  }));

describe('findMatches', () => {
  it('returns every chain that consumes the whole path, with its bindings', () => {
    expect(describeMatches(['databases', '(default)', 'documents', 'users', 'u1', 'posts', 'p1'])).toEqual([
      { path: '/databases/{db}/documents/users/{uid}/posts/{post}', bindings: { db: '(default)', uid: 'u1', post: 'p1' } },
      { path: '/databases/{db}/documents/{rest=**}/posts/{post}', bindings: { db: '(default)', rest: new RulesPath(['users', 'u1']), post: 'p1' } },
    ]);
  });

  it('binds unknown ids and prefixes of list and collection-group requests to Unknown', () => {
    const matches = describeMatches(['databases', '(default)', 'documents', UNKNOWN_PREFIX, 'posts', UNKNOWN_ID]);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.path).toBe('/databases/{db}/documents/{rest=**}/posts/{post}');
    expect(matches[0]!.bindings.rest).toBeInstanceOf(Unknown);
    expect(matches[0]!.bindings.post).toBeInstanceOf(Unknown);
  });

  it('matches nothing for collection paths or unknown segments under literals', () => {
    expect(describeMatches(['databases', '(default)', 'documents', 'users'])).toEqual([]);
    expect(describeMatches(['databases', '(default)', 'documents', UNKNOWN_PREFIX, 'users', UNKNOWN_ID])).toEqual([]);
  });
});
