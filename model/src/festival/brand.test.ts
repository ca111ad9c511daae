import { describe, expect, it } from 'vitest';
import { contrastProblems } from './brand.js';

describe('contrastProblems', () => {
  it("passes the app's own colours", () => {
    expect(contrastProblems({ primary: '#c8185b', secondary: '#24102f' })).toEqual([]);
  });

  it('refuses a pale accent under white text and on the light theme, with the ratios', () => {
    const problems = contrastProblems({ primary: '#ffd400', secondary: '#24102f' });
    expect(problems.map((p) => [p.field, p.against])).toEqual([
      ['primary', 'text-on-it'],
      ['primary', 'light-theme'],
    ]);
    expect(problems[0]!.ratio).toBeLessThan(1.5);
    expect(problems[0]!.needed).toBe(4.5);
  });

  it('refuses an accent lost on the dark theme and a night band too light for its text', () => {
    expect(contrastProblems({ primary: '#1a1a40', secondary: '#f0e0a0' }).map((p) => [p.field, p.against])).toEqual([
      ['primary', 'dark-theme'],
      ['secondary', 'text-on-it'],
    ]);
  });
});
