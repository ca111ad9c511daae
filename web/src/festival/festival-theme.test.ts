import { afterEach, describe, expect, it } from 'vitest';
import { applyFestivalTheme, FESTIVAL_THEME_PROPERTIES, festivalThemeColor, festivalThemeProperties, mixHex } from './festival-theme';

const colours = { primary: '#1A5FB4', secondary: '#102030' };

describe('festivalThemeProperties', () => {
  it('gives every listed property, and only those', () => {
    expect(Object.keys(festivalThemeProperties(colours)).sort()).toEqual([...FESTIVAL_THEME_PROPERTIES].sort());
  });

  it('makes the primary the accent with white text and the secondary the night band', () => {
    const properties = festivalThemeProperties(colours);
    expect(properties['--color-accent']).toBe('#1a5fb4');
    expect(properties['--color-on-accent']).toBe('#ffffff');
    expect(properties['--color-night']).toBe('#102030');
    expect(festivalThemeColor(colours)).toBe('#102030');
  });

  it('derives a darker hover, a night gradient towards the accent, and theme-following soft and text variants', () => {
    const properties = festivalThemeProperties(colours);
    // 18 % towards black: 0x1a*0.82 = 21.3 → 15, 0x5f*0.82 = 77.9 → 4e, 0xb4*0.82 = 147.6 → 94.
    expect(properties['--color-accent-hover']).toBe('#154e94');
    // 30 % of the way from the secondary to the primary.
    expect(properties['--color-night-2']).toBe(mixHex('#102030', '#1a5fb4', 0.3));
    expect(properties['--color-night-2']).toBe('#133358');
    expect(properties['--color-accent-soft']).toBe('color-mix(in srgb, #1a5fb4 16%, var(--color-surface))');
    expect(properties['--color-accent-text']).toBe('color-mix(in srgb, #1a5fb4 65%, var(--color-text))');
  });
});

describe('mixHex', () => {
  it('mixes by share and keeps the ends', () => {
    expect(mixHex('#000000', '#ffffff', 0)).toBe('#000000');
    expect(mixHex('#000000', '#ffffff', 1)).toBe('#ffffff');
    expect(mixHex('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(() => mixHex('red', '#ffffff', 0.5)).toThrow();
  });
});

describe('applyFestivalTheme', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.head.innerHTML = '';
  });

  it('sets the properties on the root and the theme colour, and puts both back when undone', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#24102f">';
    const undo = applyFestivalTheme(colours);
    expect(document.documentElement.style.getPropertyValue('--color-accent')).toBe('#1a5fb4');
    expect(document.documentElement.style.getPropertyValue('--color-night')).toBe('#102030');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#102030');
    undo();
    for (const name of FESTIVAL_THEME_PROPERTIES) expect(document.documentElement.style.getPropertyValue(name)).toBe('');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#24102f');
  });
});
