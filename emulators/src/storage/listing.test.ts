import { describe, expect, it } from 'vitest';
import { listNames, parseMaxResults } from './listing.js';

const NAMES = ['a/1', 'a/2', 'a/b/3', 'a/b/4', 'a/c/5', 'a/d', 'b/1'].sort();

function allPages(maxResults: number, prefix: string, delimiter: string): string[][] {
  const pages: string[][] = [];
  let pageToken: string | undefined;
  do {
    const page = listNames(NAMES, { prefix, delimiter, maxResults, ...(pageToken === undefined ? {} : { pageToken }) });
    pages.push([...page.prefixes, ...page.items]);
    pageToken = page.nextPageToken;
  } while (pageToken !== undefined);
  return pages;
}

describe('listNames', () => {
  it('folds names at the first delimiter after the prefix', () => {
    expect(listNames(NAMES, { prefix: 'a/', delimiter: '/', maxResults: 1000 })).toEqual({ items: ['a/1', 'a/2', 'a/d'], prefixes: ['a/b/', 'a/c/'] });
  });

  it('lists flat without a delimiter', () => {
    expect(listNames(NAMES, { prefix: 'a/b', delimiter: '', maxResults: 1000 }).items).toEqual(['a/b/3', 'a/b/4']);
  });

  it('counts items and prefixes together and resumes after the last entry, never repeating a folded prefix', () => {
    expect(allPages(2, 'a/', '/')).toEqual([['a/1', 'a/2'], ['a/b/', 'a/c/'], ['a/d']]);
  });

  it('gives no token when the page ends exactly at the last entry', () => {
    expect(listNames(NAMES, { prefix: 'b/', delimiter: '/', maxResults: 1 })).toEqual({ items: ['b/1'], prefixes: [] });
  });

  it('rejects a malformed page token', () => {
    expect(() => listNames(NAMES, { prefix: '', delimiter: '', maxResults: 1, pageToken: 'not a token' })).toThrow(/page token/);
  });
});

describe('parseMaxResults', () => {
  it('defaults to 1000, caps at 1000 up to the uint32 maximum and rejects non-positive, non-integer or out-of-range values', () => {
    expect(parseMaxResults(null)).toBe(1000);
    expect(parseMaxResults('5000')).toBe(1000);
    expect(parseMaxResults('4294967295')).toBe(1000);
    expect(parseMaxResults('7')).toBe(7);
    for (const bad of ['0', '-1', '1.5', 'x', '1e30', '1e3', '4294967296', '99999999999999999999']) expect(() => parseMaxResults(bad), bad).toThrow(/maxResults/);
  });
});
