import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_DENSITY, capPhotoDensity, parseSizes, slotWidthOf } from './photo-density.js';

const WALL_TILE = '(min-width: 900px) 180px, 50vw';
const LIGHTBOX = 'min(1100px, 100vw)';
/** Device pixels a slot is drawn with: the slot `sizes` gives, times the screen's density. */
const devicePixels = (sizes: string, cssWidth: number, dpr: number) => slotWidthOf(sizes, { cssWidth, dpr }) * dpr;

describe('parseSizes', () => {
  it('splits entries at top-level commas and takes the last token as the length', () => {
    expect(parseSizes('(min-width: 900px) 360px, min(1100px, 100vw)')).toEqual([
      { condition: '(min-width: 900px)', length: '360px' },
      { condition: null, length: 'min(1100px, 100vw)' },
    ]);
  });
});

describe('slotWidthOf', () => {
  it('takes the first entry whose condition holds, as a browser does', () => {
    expect(slotWidthOf(WALL_TILE, { cssWidth: 1280, dpr: 1 })).toBe(180);
    expect(slotWidthOf(WALL_TILE, { cssWidth: 390, dpr: 3 })).toBe(195);
    expect(slotWidthOf(LIGHTBOX, { cssWidth: 1280, dpr: 1 })).toBe(1100);
    expect(slotWidthOf('(min-resolution: 2dppx) calc(100vw * 0.5), 100vw', { cssWidth: 400, dpr: 2 })).toBe(200);
  });

  it('refuses a form it does not read instead of guessing', () => {
    expect(() => slotWidthOf('(max-width: 600px) 100vw, 50vw', { cssWidth: 390, dpr: 1 })).toThrow(/not one slotWidthOf reads/);
    expect(() => slotWidthOf('40em', { cssWidth: 390, dpr: 1 })).toThrow(/not one slotWidthOf reads/);
  });
});

describe('capPhotoDensity', () => {
  it('leaves screens up to 2x drawing the slot as it is', () => {
    for (const sizes of [WALL_TILE, LIGHTBOX, '(min-width: 900px) 360px, 100vw']) {
      for (const [cssWidth, dpr] of [[390, 1], [390, 2], [1280, 1], [1280, 2], [390, 2.4]] as const) {
        expect(devicePixels(capPhotoDensity(sizes), cssWidth, dpr)).toBeCloseTo(devicePixels(sizes, cssWidth, dpr), 6);
      }
    }
  });

  it('draws denser screens at 2x to 2.4x, never below 2x, in the entry they matched before', () => {
    for (const sizes of [WALL_TILE, LIGHTBOX, '(min-width: 900px) 360px, 100vw']) {
      for (const cssWidth of [390, 412, 1280]) {
        for (const dpr of [2.5, 2.625, 2.75, 3, 3.25, 3.5, 4]) {
          const density = devicePixels(capPhotoDensity(sizes), cssWidth, dpr) / slotWidthOf(sizes, { cssWidth, dpr });
          expect(density).toBeGreaterThanOrEqual(PHOTO_MAX_DENSITY - 1e-3);
          expect(density).toBeLessThanOrEqual(2.4 + 1e-3);
        }
      }
    }
    // A 390 px phone at 3x: the 195 px tile is drawn with 390 pixels, not 585.
    expect(devicePixels(capPhotoDensity(WALL_TILE), 390, 3)).toBeCloseTo(390, 0);
  });

  it('keeps an `or` condition whole when it joins it with a density', () => {
    expect(capPhotoDensity('(min-width: 900px) or (orientation: landscape) 50vw, 100vw')).toContain(
      '((min-width: 900px) or (orientation: landscape)) and (min-resolution: 3dppx) calc(50vw * 0.6667)',
    );
  });
});
