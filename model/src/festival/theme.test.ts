import Color from 'color';
import { describe, expect, it } from 'vitest';
import { APP_COLOURS, contrastProblems } from './brand.js';
import { THEME_TOKENS, festivalThemeProperties } from './theme.js';

const contrast = (a: string, b: string) => Color(a).contrast(Color(b));

/** What the browser makes of `color-mix(in srgb, #accent N%, var(--token))` in a theme. */
function resolve(value: string, theme: (typeof THEME_TOKENS)['light' | 'dark']): string {
  const [, accent, share, token] = /^color-mix\(in srgb, (#[0-9a-f]{6}) (\d+)%, var\(--color-(text|surface)\)\)$/.exec(value)!;
  return Color(theme[token as 'text' | 'surface']).mix(Color(accent!), Number(share) / 100).hex();
}

/** Pairs the brand check lets through, light and dark accents, pale and deep night bands. */
const ACCEPTED = [
  { primary: '#c8185b', secondary: '#24102f' },
  { primary: '#007a70', secondary: '#70646e' },
  { primary: '#2f6fd6', secondary: '#7a3b2e' },
  { primary: '#767676', secondary: '#717171' },
  { primary: '#b34700', secondary: '#3d0c02' },
];

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
    for (const colours of ACCEPTED) {
      expect([colours, contrastProblems(colours)]).toEqual([colours, []]);
      const text = festivalThemeProperties(colours)['--color-accent-text']!;
      for (const theme of Object.values(THEME_TOKENS)) expect([colours, theme.background, contrast(resolve(text, theme), theme.background) >= 4.5]).toEqual([colours, theme.background, true]);
    }
  });

  it('keeps as much of the accent in its text as reads on both themes (in steps of 5 %)', () => {
    for (const colours of ACCEPTED) {
      const text = festivalThemeProperties(colours)['--color-accent-text']!;
      const share = Number(/ (\d+)%/.exec(text)![1]);
      expect(share).toBeGreaterThan(0);
      const more = text.replace(`${share}%`, `${share + 5}%`);
      const readsWithMore = Object.values(THEME_TOKENS).every((theme) => contrast(resolve(more, theme), theme.background) >= 4.5);
      expect([colours, share, readsWithMore]).toEqual([colours, share, false]);
    }
  });

  it("washes selected chips with the accent over the theme's surface, the theme's text readable on them", () => {
    for (const colours of ACCEPTED) {
      const soft = festivalThemeProperties(colours)['--color-accent-soft']!;
      for (const theme of Object.values(THEME_TOKENS)) expect([colours, theme.text, contrast(resolve(soft, theme), theme.text) >= 4.5]).toEqual([colours, theme.text, true]);
    }
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
