import { describe, expect, it } from 'vitest';
import { parseRange, pathSegments } from './http.js';

describe('parseRange', () => {
  it('parses closed, open-ended and suffix ranges, clamping the end', () => {
    expect(parseRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('bytes=7-', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=0-100', 10)).toEqual({ start: 0, end: 9 });
  });

  it('serves the whole object for no or unsupported ranges, and rejects unsatisfiable ones with 416', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(() => parseRange('bytes=10-12', 10)).toThrow(expect.objectContaining({ status: 416 }));
    expect(() => parseRange('bytes=5-2', 10)).toThrow(expect.objectContaining({ status: 416 }));
  });
});

describe('pathSegments', () => {
  it('decodes each segment, so %2F stays inside an object name', () => {
    expect(pathSegments('/v0/b/bucket/o/dir%2Fa%20b.txt')).toEqual(['v0', 'b', 'bucket', 'o', 'dir/a b.txt']);
    expect(() => pathSegments('/v0/b/x/o/%E0%A4%A')).toThrow(expect.objectContaining({ status: 400 }));
  });
});
