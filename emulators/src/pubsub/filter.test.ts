import { describe, expect, test } from 'vitest';
import { parseFilter } from './filter.js';

describe('parseFilter', () => {
  const cases: Array<[string, Record<string, string>, boolean]> = [
    ['', {}, true],
    ['attributes:kind', { kind: '' }, true],
    ['attributes:kind', { other: 'x' }, false],
    ['attributes.kind = "photo"', { kind: 'photo' }, true],
    ['attributes.kind = "photo"', { kind: 'video' }, false],
    ['attributes.kind != "photo"', { kind: 'video' }, true],
    ['attributes.kind != "photo"', {}, true],
    ['hasPrefix(attributes.path, "festivals/")', { path: 'festivals/encore' }, true],
    ['hasPrefix(attributes.path, "festivals/")', { path: 'users/1' }, false],
    ['NOT attributes:draft', { draft: 'y' }, false],
    ['-attributes:draft', {}, true],
    ['attributes.a = "1" AND attributes.b = "2"', { a: '1', b: '2' }, true],
    ['attributes.a = "1" AND attributes.b = "2"', { a: '1', b: '3' }, false],
    ['attributes.a = "1" OR attributes.b = "2"', { b: '2' }, true],
    ['(attributes.a = "1" OR attributes.b = "2") AND NOT attributes:c', { a: '1', c: '' }, false],
    ['attributes."dotted.key" = "say \\"hi\\""', { 'dotted.key': 'say "hi"' }, true],
  ];

  test.each(cases)('%s on %j is %s', (source, attributes, expected) => {
    expect(parseFilter(source)(attributes)).toBe(expected);
  });

  test.each([
    'attributes.kind =',
    'attributes.kind = photo',
    'kind = "photo"',
    'attributes:a AND attributes:b OR attributes:c',
    '(attributes:a',
    'attributes:a attributes:b',
    'attributes.a = "unterminated',
    'attributes.a ~ "x"',
    'x'.repeat(300),
  ])('rejects %s with INVALID_ARGUMENT', (source) => {
    expect(() => parseFilter(source)).toThrow(expect.objectContaining({ code: 3 }));
  });
});
