import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * The README's gallery (made by `npm run screenshots`, emulators/src/cli/screenshots.ts):
 * every main page on a phone and a laptop, in both themes and both languages, each picture
 * there and of its device's size, so a page added to the tool or a picture lost shows here.
 */
const ROOT = join(import.meta.dirname, '../../..');
const PAGES = ['programme', 'schedule', 'photos', 'news', 'account', 'artist', 'map', 'search', 'lineup', 'info', 'staff'];
const WIDTHS = { phone: 390, laptop: 1280 } as const;

describe('the README screenshot gallery', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('shows every page on both devices, in both themes and both languages', () => {
    const shown = new Set([...readme.matchAll(/<img src="docs\/screenshots\/gallery\/([^"]+)\.png"/g)].map((match) => match[1]));
    const expected = PAGES.flatMap((page) => Object.keys(WIDTHS).flatMap((device) => ['light', 'dark'].flatMap((theme) => ['en', 'nl'].map((language) => `${page}-${device}-${theme}-${language}`))));
    expect([...shown].sort()).toEqual(expected.sort());
  });

  it('has each picture in the repository at its device’s width', async () => {
    for (const [, name] of readme.matchAll(/<img src="docs\/screenshots\/gallery\/([^"]+)\.png"/g)) {
      const { width, format } = await sharp(join(ROOT, 'docs/screenshots/gallery', `${name}.png`)).metadata();
      expect(format, name).toBe('png');
      expect(width, name).toBe(name!.includes('-phone-') ? WIDTHS.phone : WIDTHS.laptop);
    }
  });
});
