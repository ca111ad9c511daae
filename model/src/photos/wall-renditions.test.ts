import { describe, expect, it } from 'vitest';
import { wallRenditionsListed, wallRenditionsShown } from './wall-renditions.js';
import type { WallRendition } from '../schemas/photos.js';

const every = (widths: number[]): WallRendition[] =>
  widths.flatMap((width) => (['avif', 'webp', 'jpeg'] as const).map((format) => ({ width, height: width / 2, format })));

describe('a wall tile’s renditions', () => {
  it('lists the AVIF ones only when every width was made in every format, and shows them all again', () => {
    const made = every([320, 480, 800, 1200, 1600]);
    const listed = wallRenditionsListed(made);
    expect(listed.map(({ width, format }) => `${width}.${format}`)).toEqual(['320.avif', '480.avif', '800.avif', '1200.avif', '1600.avif']);
    expect(JSON.stringify(listed).length).toBeLessThan(JSON.stringify(made).length / 2.5);
    expect(new Set(wallRenditionsShown(listed).map((r) => JSON.stringify(r)))).toEqual(new Set(made.map((r) => JSON.stringify(r))));
  });

  it('keeps a list that is not every format at every width as it is, both ways', () => {
    const oldJpeg: WallRendition[] = [{ width: 320, height: 240, format: 'jpeg' }];
    const missingOne = every([320, 800]).filter((r) => !(r.width === 800 && r.format === 'jpeg'));
    const avifHeightsDiffer = [...every([320]), { width: 480, height: 1, format: 'avif' as const }];
    for (const renditions of [oldJpeg, missingOne, avifHeightsDiffer]) {
      expect(wallRenditionsListed(renditions)).toEqual(renditions);
      expect(wallRenditionsShown(wallRenditionsListed(renditions))).toEqual(renditions);
    }
    expect(wallRenditionsListed([])).toEqual([]);
    expect(wallRenditionsShown([])).toEqual([]);
  });

  it('drops what a stored rendition carries beyond the tile’s fields (path, bytes)', () => {
    const stored = every([320]).map((r) => ({ ...r, path: `p/${r.width}.${r.format}`, bytes: 9 }));
    expect(wallRenditionsListed(stored)).toEqual([{ width: 320, height: 160, format: 'avif' }]);
  });
});
