import { describe, expect, it } from 'vitest';
import { festivalHref, festivalRoute, isTopLevelPage } from './festival-route';

describe('festivalRoute', () => {
  it('takes the festival from /f/{id}/ and makes /f/{id} the router base', () => {
    expect(festivalRoute('/f/rock-2027/', 'encore-2026')).toEqual({ festivalId: 'rock-2027', base: '/f/rock-2027' });
    expect(festivalRoute('/f/rock-2027', 'encore-2026')).toEqual({ festivalId: 'rock-2027', base: '/f/rock-2027' });
    expect(festivalRoute('/f/rock-2027/performances/p1', 'encore-2026')).toEqual({ festivalId: 'rock-2027', base: '/f/rock-2027' });
    expect(festivalRoute('/f/2027/staff/programme', 'encore-2026')).toEqual({ festivalId: '2027', base: '/f/2027' });
  });

  it('keeps an address without the prefix on the build default, with no base', () => {
    expect(festivalRoute('/', 'encore-2026')).toEqual({ festivalId: 'encore-2026', base: '' });
    expect(festivalRoute('/performances/p1', 'encore-2026')).toEqual({ festivalId: 'encore-2026', base: '' });
    expect(festivalRoute('/festivals', 'other')).toEqual({ festivalId: 'other', base: '' });
    expect(festivalRoute('/fx/rock/', 'encore-2026')).toEqual({ festivalId: 'encore-2026', base: '' });
    expect(festivalRoute('/f/', 'encore-2026')).toEqual({ festivalId: 'encore-2026', base: '' });
  });

  it('takes no festival from a prefix whose id is not a festival id', () => {
    for (const path of ['/f/Rock/', '/f/-rock/', '/f/rock_2027/', `/f/${'a'.repeat(81)}/`, '/f/rock%20x/', '/f/../x'])
      expect(festivalRoute(path, 'encore-2026'), path).toEqual({ festivalId: 'encore-2026', base: '' });
    expect(festivalRoute(`/f/${'a'.repeat(80)}/`, 'encore-2026').festivalId).toBe('a'.repeat(80));
  });
});

describe('the festival addresses', () => {
  it('links a festival by its programme under its prefix', () => {
    expect(festivalHref('rock-2027')).toBe('/f/rock-2027/');
    expect(festivalRoute(festivalHref('rock-2027'), 'x').festivalId).toBe('rock-2027');
  });

  it('knows the pages outside any festival, and only those', () => {
    expect(['/festivals', '/festivals/', '/organiser', '/organiser/new'].map(isTopLevelPage)).toEqual([true, true, true, true]);
    expect(['/', '/festivalsx', '/f/a/festivals', '/organisers', '/staff'].map(isTopLevelPage)).toEqual([false, false, false, false, false]);
  });
});
