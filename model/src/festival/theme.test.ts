import Color from 'color';
import { describe, expect, it } from 'vitest';
import { APP_COLOURS, contrastProblems } from './brand.js';
import { festivalThemeProperties } from './theme.js';

const contrast = (a: string, b: string) => Color(a).contrast(Color(b));
/** The two values of a `light-dark(light, dark)`. */
const lightDark = (value: string) => /^light-dark\((#[0-9a-f]{6}), (#[0-9a-f]{6})\)$/.exec(value)!.slice(1) as [string, string];

describe('festivalThemeProperties', () => {
  it("maps the accent and the night band onto the app's tokens, lower-cased, with white text on the accent", () => {
    const properties = festivalThemeProperties({ primary: '#1A6B3C', secondary: '#0B2545' });
    expect(properties).toMatchObject({ '--color-accent': '#1a6b3c', '--color-on-accent': '#ffffff', '--color-night': '#0b2545' });
    expect(Object.keys(properties).sort()).toEqual(['--color-accent', '--color-accent-hover', '--color-accent-soft', '--color-accent-text', '--color-night', '--color-night-2', '--color-on-accent']);
  });

  it('gives the accent a darker hover that keeps white text readable', () => {
    const { '--color-accent-hover': hover } = festivalThemeProperties({ primary: '#c8185b', secondary: '#24102f' });
    expect(contrast(hover!, '#ffffff')).toBeGreaterThan(contrast('#c8185b', '#ffffff'));
  });

  it('makes the accent readable as text (4.5:1) on each theme, for every pair of colours the brand check lets through', () => {
    const pairs = [
      { primary: '#c8185b', secondary: '#24102f' },
      { primary: '#007a70', secondary: '#70646e' },
      { primary: '#2f6fd6', secondary: '#7a3b2e' },
      { primary: '#767676', secondary: '#717171' },
      { primary: '#b34700', secondary: '#3d0c02' },
    ];
    for (const colours of pairs) {
      expect([colours, contrastProblems(colours)]).toEqual([colours, []]);
      const [light, dark] = lightDark(festivalThemeProperties(colours)['--color-accent-text']!);
      expect(contrast(light, APP_COLOURS.lightBackground)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark, APP_COLOURS.darkBackground)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('tints selected chips pale on the light theme and deep on the dark one', () => {
    const [light, dark] = lightDark(festivalThemeProperties({ primary: '#c8185b', secondary: '#24102f' })['--color-accent-soft']!);
    expect(contrast(light, '#1e1326')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark, '#f8eefb')).toBeGreaterThanOrEqual(4.5);
  });

  it("leans the night band's far end towards the accent only while the band's text stays readable on it", () => {
    const leaning = festivalThemeProperties({ primary: '#c8185b', secondary: '#24102f' });
    expect(leaning['--color-night-2']).not.toBe('#24102f');
    expect(contrast(leaning['--color-night-2']!, APP_COLOURS.onNight)).toBeGreaterThanOrEqual(4.5);
    // A night band just dark enough, with a lighter accent: the far end stays the band's colour.
    const edge = { primary: '#767676', secondary: '#717171' };
    expect(contrastProblems(edge)).toEqual([]);
    expect(festivalThemeProperties(edge)['--color-night-2']).toBe('#717171');
  });
});
