import { describe, expect, it } from 'vitest';
import { Scanner } from './lexer.js';

function tokens(source: string): string[] {
  const scanner = new Scanner(source);
  const out: string[] = [];
  for (let token = scanner.next(); token.kind !== 'eof'; token = scanner.next()) out.push(`${token.kind}:${token.text}`);
  return out;
}

describe('Scanner', () => {
  it('prefers two-character operators and skips both comment styles', () => {
    expect(tokens('a<=b // c\n&& /* d */ !e != f')).toEqual([
      'identifier:a', 'punct:<=', 'identifier:b', 'punct:&&', 'punct:!', 'identifier:e', 'punct:!=', 'identifier:f',
    ]);
  });

  it('tells ints from floats and keeps exponents', () => {
    const scanner = new Scanner('12 1.5 3e2 7.');
    expect([scanner.next(), scanner.next(), scanner.next(), scanner.next()].map((t) => [t.kind, t.value])).toEqual([
      ['int', 12n], ['float', 1.5], ['float', 300], ['int', 7n],
    ]);
  });

  it('decodes string, raw string and bytes literals', () => {
    const scanner = new Scanner(`'a\\'b' r'a\\'b' b'\\xff\\u00e9'`);
    expect(scanner.next().value).toBe("a'b");
    // A raw string ends at the first matching quote: r'a\' then b'...
    expect(scanner.next().value).toBe('a\\');
  });

  it('encodes bytes escapes as raw bytes and characters as UTF-8', () => {
    const token = new Scanner(`b'\\xffé'`).next();
    expect(token.kind).toBe('bytes');
    expect([...(token.value as Uint8Array)]).toEqual([0xff, 0xc3, 0xa9]);
  });

  it('maps offsets to 1-based lines and columns', () => {
    const scanner = new Scanner('ab\ncd\n\nef');
    expect([0, 3, 4, 7, 8].map((offset) => scanner.positionAt(offset))).toEqual([
      { line: 1, column: 1 }, { line: 2, column: 1 }, { line: 2, column: 2 }, { line: 4, column: 1 }, { line: 4, column: 2 },
    ]);
  });
});
