import { describe, expect, it } from 'vitest';
import { StorageError } from './errors.js';
import { globToRegExp } from './match-glob.js';

const matches = (glob: string, name: string) => globToRegExp(glob).test(name);

describe('globToRegExp (GCS matchGlob)', () => {
  it('* stays within a folder, ** crosses folders, ? is one character but /', () => {
    expect(matches('a/*.txt', 'a/b.txt')).toBe(true);
    expect(matches('a/*.txt', 'a/b/c.txt')).toBe(false);
    expect(matches('a/**.txt', 'a/b/c.txt')).toBe(true);
    expect(matches('**/c.txt', 'a/b/c.txt')).toBe(true);
    expect(matches('a/?.txt', 'a/b.txt')).toBe(true);
    expect(matches('a?b', 'a/b')).toBe(false);
  });

  it('classes, negated classes, alternatives and escapes; everything else is literal', () => {
    expect(matches('f[0-9].png', 'f7.png')).toBe(true);
    expect(matches('f[!0-9].png', 'f7.png')).toBe(false);
    expect(matches('f[^0-9].png', 'fx.png')).toBe(true);
    expect(matches('*.{jpg,png}', 'x.png')).toBe(true);
    expect(matches('*.{jpg,png}', 'x.gif')).toBe(false);
    expect(matches('a\\*b', 'a*b')).toBe(true);
    expect(matches('a\\*b', 'axb')).toBe(false);
    expect(matches('a.(b)+', 'a.(b)+')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
  });

  it('a malformed glob is a 400', () => {
    for (const glob of ['a[bc', '{a,b', 'x\\', '{a,{b}}']) {
      expect(() => globToRegExp(glob)).toThrow(StorageError);
    }
  });
});
