import { describe, expect, it } from 'vitest';
import { imagesToKeep, isKeptImage, KEEP_SHOWN_IMAGES } from './kept-images';

const photo = 'https://firebasestorage.googleapis.com/v0/b/encore.appspot.com/o/photos%2Fencore-2026%2Fabc%2F800.avif?alt=media';
const plan = 'http://127.0.0.1:9199/v0/b/demo-encore.appspot.com/o/media%2Fencore-2026%2Fvenue%2Fmap%2Fx%2F1200.webp?alt=media';
const upload = 'https://firebasestorage.googleapis.com/v0/b/encore.appspot.com/o/uploads%2Fuid%2Fencore-2026%2Fabc?alt=media';

describe('the images the service worker keeps', () => {
  it('are photo renditions and staff media, by their public Storage URL, and nothing else', () => {
    expect(isKeptImage(photo)).toBe(true);
    expect(isKeptImage(plan)).toBe(true);
    expect(isKeptImage(upload)).toBe(false);
    expect(isKeptImage(`${photo}&token=secret`)).toBe(false);
    expect(isKeptImage('https://example.com/app.js')).toBe(false);
  });

  it('are taken from a page’s message only when it is the right kind, each once, and only those URLs', () => {
    expect(imagesToKeep({ type: KEEP_SHOWN_IMAGES, urls: [photo, plan, photo, upload, 42, null] })).toEqual([photo, plan]);
    expect(imagesToKeep({ type: 'SKIP_WAITING' })).toEqual([]);
    expect(imagesToKeep({ type: KEEP_SHOWN_IMAGES, urls: photo })).toEqual([]);
    expect(imagesToKeep(null)).toEqual([]);
    expect(imagesToKeep('KEEP_SHOWN_IMAGES')).toEqual([]);
  });
});
