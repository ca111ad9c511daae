import { describe, expect, it } from 'vitest';
import { formatFieldPath, parseFieldPath } from './field-path.js';

describe('field paths', () => {
  it('parses dotted paths and backtick-quoted segments with escapes', () => {
    expect(parseFieldPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(parseFieldPath('`a.b`.c')).toEqual(['a.b', 'c']);
    expect(parseFieldPath('`with \\` tick`.`back\\\\slash`')).toEqual(['with ` tick', 'back\\slash']);
  });

  it('formats segments that are not plain identifiers with backticks', () => {
    expect(formatFieldPath(['a', 'b.c', '1x', 'tick`'])).toBe('a.`b.c`.`1x`.`tick\\``');
    for (const path of [['a', 'b.c'], ['é'], ['`'], ['__name__']]) expect(parseFieldPath(formatFieldPath(path))).toEqual(path);
  });

  it('rejects empty segments and unterminated quotes', () => {
    for (const bad of ['', 'a..b', '.a', 'a.', '`open', 'a`b`']) expect(() => parseFieldPath(bad), bad).toThrow();
  });
});
