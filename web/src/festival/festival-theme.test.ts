import { afterEach, describe, expect, it } from 'vitest';
import { festivalThemeProperties } from '@encore/model';
import { applyFestivalTheme, FESTIVAL_THEME_PROPERTIES, festivalThemeColor } from './festival-theme';

const colours = { primary: '#1A5FB4', secondary: '#102030' };

describe('the theme properties', () => {
  it("are the model's, the ones the first page writes, every listed one and only those", () => {
    expect(Object.keys(festivalThemeProperties(colours)).sort()).toEqual([...FESTIVAL_THEME_PROPERTIES].sort());
  });

  it('give the browser the night band as its theme colour', () => {
    expect(festivalThemeColor(colours)).toBe('#102030');
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
