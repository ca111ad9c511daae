import { describe, expect, it } from 'vitest';
import { renditionVersionSchema } from '@encore/model';
import { avif, gif, heicHead, jpeg, png, svg, textNamedJpg, tiff, webp } from '../testing/fixtures.js';
import { APP_ICON_MIN_SIDE, MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES, centreSquare, hexColor, maskableInner, screenShape, rejectReasons, scaledHeight, screenDimensions, screenUpload, sniffImageType, thumbnailWidths, uprightSize, renditionWidths, IMAGE_KINDS, MEDIA_CACHE_CONTROL, PHOTO_RENDITION_CACHE_CONTROL, PHOTO_RENDITION_VERSION, RENDITION_ENCODING, THUMBNAIL_CACHE_CONTROL } from './image-policy.js';

describe('sniffImageType', () => {
  it('knows every accepted format from its bytes', async () => {
    expect(sniffImageType(await jpeg(8, 8))).toBe('jpeg');
    expect(sniffImageType(await png(8, 8))).toBe('png');
    expect(sniffImageType(await gif(8, 8))).toBe('gif');
    expect(sniffImageType(await webp(8, 8))).toBe('webp');
    expect(sniffImageType(await avif(8, 8))).toBe('avif');
    expect(sniffImageType(await tiff(8, 8))).toBe('tiff');
  });

  it('names HEIC and SVG, and calls text unknown whatever its name claims', () => {
    expect(sniffImageType(heicHead())).toBe('heic');
    expect(sniffImageType(svg())).toBe('svg');
    expect(sniffImageType(Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>'))).toBe('svg');
    expect(sniffImageType(textNamedJpg())).toBe('unknown');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBe('unknown');
    expect(sniffImageType(new Uint8Array())).toBe('unknown');
  });

  it('tells an AVIF from a HEIC when both share the mif1 brand', async () => {
    const avifBytes = await avif(8, 8);
    expect(sniffImageType(avifBytes)).toBe('avif');
    const heic = Buffer.from(avifBytes);
    heic.write('heic', 8, 'latin1');
    for (let offset = 16; offset < heic.readUInt32BE(0); offset += 4) if (heic.toString('latin1', offset, offset + 4) === 'avif') heic.write('heix', offset, 'latin1');
    expect(sniffImageType(heic)).toBe('heic');
  });
});

describe('screening', () => {
  it('refuses empty, oversized, HEIC, SVG and unknown files with a reason that says why, as a code and its numbers', () => {
    expect(screenUpload(0, 'jpeg')).toEqual({ ok: false, reason: { code: 'empty' } });
    expect(screenUpload(21 * 1024 * 1024, 'jpeg')).toEqual({ ok: false, reason: { code: 'too-large', bytes: 21 * 1024 * 1024, limit: MAX_UPLOAD_BYTES } });
    expect(screenUpload(100, 'heic')).toEqual({ ok: false, reason: { code: 'heic' } });
    expect(screenUpload(100, 'svg')).toEqual({ ok: false, reason: rejectReasons.svg });
    expect(screenUpload(100, 'unknown')).toEqual({ ok: false, reason: rejectReasons.unknown });
    expect(screenUpload(100, 'gif')).toEqual({ ok: true, format: 'gif' });
  });

  it('refuses decompression bombs from their header dimensions', () => {
    expect(screenDimensions(20000, 20000, 5_000_000)).toEqual({ code: 'too-many-pixels', width: 20000, height: 20000, limit: MAX_INPUT_PIXELS });
    expect(screenDimensions(4032, 3024, 3_000_000)).toBeNull();
    // sharp's own default limit is 0x3FFF * 0x3FFF = 268 402 689 pixels.
    expect(MAX_INPUT_PIXELS).toBeLessThan(268_402_689 / 4);
  });

  it('issue 24: refuses a header that claims far more pixels than the file can hold, and takes real photos and small images', () => {
    // The review's bomb: 39 KB of PNG that unpacks to 8000x5000 (exactly the pixel limit).
    expect(screenDimensions(8000, 5000, 39 * 1024)).toEqual({ code: 'implausible-size', width: 8000, height: 5000, bytes: 39 * 1024 });
    expect(screenDimensions(8000, 5000, 8_000_000)).toBeNull(); // a 40 MP camera JPEG
    expect(screenDimensions(4032, 3024, 60_000)).toBeNull(); // 12 MP in 60 KB: a very flat image, still plausible
    expect(screenDimensions(1170, 2532, 4_000)).toBeNull(); // a small image decodes cheaply whatever its size
  });
});

describe('renditions', () => {
  it('never upscale, and give a small image one rendition at its own width', () => {
    expect(thumbnailWidths(4032)).toEqual([320, 480, 800, 1200, 1600]);
    expect(thumbnailWidths(1400)).toEqual([320, 480, 800, 1200]);
    expect(thumbnailWidths(1000)).toEqual([320, 480, 800]);
    expect(thumbnailWidths(799)).toEqual([320, 480]);
    expect(thumbnailWidths(479)).toEqual([320]);
    expect(thumbnailWidths(320)).toEqual([320]);
    expect(thumbnailWidths(200)).toEqual([200]);
  });

  it('scale heights, swap sides for quarter-turn orientations, and format colours', () => {
    expect(scaledHeight(4032, 3024, 320)).toBe(240);
    expect(scaledHeight(10000, 10, 320)).toBe(1);
    expect(uprightSize(640, 480, 6)).toEqual({ width: 480, height: 640 });
    expect(uprightSize(640, 480, 3)).toEqual({ width: 640, height: 480 });
    expect(uprightSize(640, 480, undefined)).toEqual({ width: 640, height: 480 });
    expect(hexColor({ r: 255, g: 8.4, b: 0 })).toBe('#ff0800');
  });

  it('derives per kind of image: photos, artist pictures and site plans each at their widths (never upscaled) and caching', () => {
    expect(renditionWidths('photo', 4032)).toEqual(thumbnailWidths(4032));
    expect(renditionWidths('artist', 1200)).toEqual([128, 480, 960]);
    expect(renditionWidths('artist', 400)).toEqual([128]);
    expect(renditionWidths('site-plan', 5000)).toEqual([960, 1920, 3200]);
    expect(renditionWidths('site-plan', 700)).toEqual([700]);
    expect(IMAGE_KINDS.photo.cacheControl).toBe(PHOTO_RENDITION_CACHE_CONTROL);
    expect(IMAGE_KINDS.artist.cacheControl).toBe(MEDIA_CACHE_CONTROL);
    expect(IMAGE_KINDS['site-plan'].cacheControl).toBe(MEDIA_CACHE_CONTROL);
  });
});

describe('a photo’s renditions: their version and caching', () => {
  it('names the recipe with a short fingerprint that the rules’ file names and the contract’s schema take', () => {
    expect(PHOTO_RENDITION_VERSION).toMatch(/^[a-z0-9]{4,16}$/);
    expect(renditionVersionSchema.safeParse(PHOTO_RENDITION_VERSION).success).toBe(true);
    expect(RENDITION_ENCODING).toEqual({ avif: { quality: 50, effort: 2, chromaSubsampling: '4:2:0' }, webp: { quality: 75, effort: 3 }, jpeg: { quality: 80, progressive: true } });
  });

  it('lets browsers keep a versioned rendition a year and shared caches five minutes, as files made before versions were kept', () => {
    expect(PHOTO_RENDITION_CACHE_CONTROL).toBe('public, max-age=31536000, s-maxage=300, immutable');
    expect(THUMBNAIL_CACHE_CONTROL).toBe('public, max-age=300');
  });
});

describe('app icons (screenShape, centreSquare)', () => {
  it('takes a square of at least 512 pixels, and one within a tenth of square, for an icon only', () => {
    expect(screenShape('festival-icon', 512, 512)).toBeNull();
    expect(screenShape('festival-icon', 1000, 1100)).toBeNull();
    expect(screenShape('festival-icon', 1100, 1000)).toBeNull();
    expect(screenShape('festival-logo', 1600, 200)).toBeNull();
    expect(screenShape('artist', 1600, 200)).toBeNull();
  });

  it('refuses an icon further from square first, then one smaller than 512 on a side, with the numbers its sentence needs', () => {
    expect(screenShape('festival-icon', 1000, 1120)).toEqual({ code: 'icon-not-square', width: 1000, height: 1120 });
    expect(screenShape('festival-icon', 300, 100)).toEqual({ code: 'icon-not-square', width: 300, height: 100 });
    expect(screenShape('festival-icon', 511, 520)).toEqual({ code: 'icon-too-small', width: 511, height: 520, limit: APP_ICON_MIN_SIDE });
  });

  it('cuts the largest square at the centre, and sets a maskable icon at 80% of its side', () => {
    expect(centreSquare(1000, 1080)).toEqual({ left: 0, top: 40, size: 1000 });
    expect(centreSquare(1101, 1000)).toEqual({ left: 50, top: 0, size: 1000 });
    expect(maskableInner(512)).toBe(410);
  });

  it('makes the PNGs the manifest and Apple need, and renditions no wider than the square', () => {
    expect(IMAGE_KINDS['festival-icon'].appIcons).toEqual([
      { purpose: 'apple-touch', size: 180 },
      { purpose: 'any', size: 192 },
      { purpose: 'any', size: 512 },
      { purpose: 'maskable', size: 512 },
    ]);
    expect(renditionWidths('festival-logo', 500)).toEqual([160, 320]);
    expect(IMAGE_KINDS['festival-logo'].appIcons).toBeUndefined();
  });
});
