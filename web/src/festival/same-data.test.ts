import { describe, expect, it } from 'vitest';
import { sameData } from './same-data';

describe('sameData', () => {
  it('compares plain data deeply: objects, arrays, Dates, Maps', () => {
    const programme = () => ({ festival: { name: 'Encore', startsOn: '2026-08-14' }, sets: [{ id: 'a', startsAt: new Date(1000), genres: ['house'] }], artists: new Map([['x', { name: 'X' }]]) });
    expect(sameData(programme(), programme())).toBe(true);
    expect(sameData(programme(), { ...programme(), sets: [{ id: "a", startsAt: new Date(1001), genres: ["house"] }] })).toBe(false);
    expect(sameData(programme(), { ...programme(), artists: new Map([['x', { name: 'Y' }]]) })).toBe(false);
    expect(sameData(programme(), { ...programme(), sets: [] })).toBe(false);
    expect(sameData({ count: 1 }, { count: 2 })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(true);
    expect(sameData(new Set(['a']), new Set(['b']))).toBe(false);
  });

  it('treats a missing field and one set to undefined alike, as the views do', () => {
    expect(sameData({ title: undefined, name: 'A' }, { name: 'A' })).toBe(true);
    expect(sameData({ title: 'DJ set', name: 'A' }, { name: 'A' })).toBe(false);
  });
});
