import type { Thumbnail } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config/read-config';
import { fallbackThumbnail, photoSrcSets, publicFileUrl, renditionUrl, srcSets } from './photo-urls';

const local = readConfig({});
const thumbnails: Thumbnail[] = [800, 320].flatMap((width) =>
  (['avif', 'webp', 'jpeg'] as const).map((format) => ({
    width,
    height: (width * 3) / 4,
    format,
    path: `photos/encore-2026/p1/${width}.${format === 'jpeg' ? 'jpg' : format}`,
    bytes: 1000,
  })),
);

describe('photo URLs', () => {
  it('points at the Storage emulator locally and at Firebase Storage in production', () => {
    expect(publicFileUrl('photos/encore-2026/p1/320.webp', local)).toBe(
      'http://127.0.0.1:9199/v0/b/demo-encore.appspot.com/o/photos%2Fencore-2026%2Fp1%2F320.webp?alt=media',
    );
    expect(publicFileUrl('a/b.jpg', readConfig({ VITE_FIREBASE_PROJECT_ID: 'prod' }))).toBe(
      'https://firebasestorage.googleapis.com/v0/b/prod.appspot.com/o/a%2Fb.jpg?alt=media',
    );
  });

  it('goes through the files CDN when the deployment names one, with the same path, and refuses anything but an https origin', () => {
    const withCdn = readConfig({ VITE_FIREBASE_PROJECT_ID: 'prod', VITE_FILES_CDN_ORIGIN: 'https://files.example.org' });
    expect(publicFileUrl('photos/encore-2026/p1/k3x9q2a-640.avif', withCdn)).toBe('https://files.example.org/v0/b/prod.appspot.com/o/photos%2Fencore-2026%2Fp1%2Fk3x9q2a-640.avif?alt=media');
    for (const bad of ['http://files.example.org', 'https://files.example.org/photos', 'files.example.org']) {
      expect(() => readConfig({ VITE_FIREBASE_PROJECT_ID: 'prod', VITE_FILES_CDN_ORIGIN: bad }), bad).toThrow(/VITE_FILES_CDN_ORIGIN must be an https origin/);
    }
  });

  it('never puts a download token in a URL, so every read goes through the rules', () => {
    for (const set of Object.values(srcSets(thumbnails, local))) expect(set).not.toMatch(/token=/);
    expect(publicFileUrl('photos/encore-2026/p1/320.webp', local)).not.toMatch(/token=/);
  });

  it('builds one srcset per format, smallest first', () => {
    const sets = srcSets(thumbnails, local);
    expect(Object.keys(sets).sort()).toEqual(['avif', 'jpeg', 'webp']);
    expect(sets.avif).toMatch(/320\.avif\?alt=media 320w, .*800\.avif\?alt=media 800w$/);
  });

  it("finds a wall tile's renditions, which come without their paths, where the photo's own paths are (a photo from before versions)", () => {
    const tile = thumbnails.map(({ width, height, format }) => ({ width, height, format }));
    expect(photoSrcSets({ id: 'p1', thumbnails: tile }, local)).toEqual(srcSets(thumbnails, local));
  });

  it("finds a versioned photo's renditions under their versioned names, so the URL changes with the recipe", () => {
    const versioned = thumbnails.map((thumbnail) => ({ ...thumbnail, path: thumbnail.path.replace('/p1/', '/p1/k3x9q2a-') }));
    const tile = versioned.map(({ width, height, format }) => ({ width, height, format }));
    const sets = photoSrcSets({ id: 'p1', renditionVersion: 'k3x9q2a', thumbnails: tile }, local);
    expect(sets).toEqual(srcSets(versioned, local));
    expect(sets.avif).toContain('photos%2Fencore-2026%2Fp1%2Fk3x9q2a-320.avif?alt=media 320w');
    expect(renditionUrl({ id: 'p1', renditionVersion: 'k3x9q2a' }, { width: 640, height: 480, format: 'webp' }, local)).toBe(
      'http://127.0.0.1:9199/v0/b/demo-encore.appspot.com/o/photos%2Fencore-2026%2Fp1%2Fk3x9q2a-640.webp?alt=media',
    );
  });

  it('falls back to the JPEG closest in width', () => {
    expect(fallbackThumbnail(thumbnails, 700)).toMatchObject({ width: 800, format: 'jpeg' });
    expect(fallbackThumbnail([], 700)).toBeUndefined();
  });
});
