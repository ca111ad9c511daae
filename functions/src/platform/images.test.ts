import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { avif, gif, gpsTaggedJpeg, png, tiff, truncatedJpeg, webp } from '../testing/fixtures.js';
import { readCaptureFacts } from './exif.js';
import { UnreadableImageError, oneAtATime, sharpImages } from './images.js';

describe('sharp adapter', () => {
  it('turns an EXIF-rotated photo upright and drops every bit of metadata, GPS above all', async () => {
    const original = await gpsTaggedJpeg(640, 480);
    expect(await exifr.gps(original)).toMatchObject({ latitude: 52.375 });
    const header = await sharpImages.readHeader(original);
    expect(header).toMatchObject({ format: 'jpeg', width: 640, height: 480, orientation: 6 });

    const derived = await sharpImages.derive(original, [320]);
    expect(derived).toMatchObject({ width: 480, height: 640 });
    expect(derived.renditions.map((r) => r.format).sort()).toEqual(['avif', 'jpeg', 'webp']);
    for (const rendition of derived.renditions) {
      const metadata = await sharp(rendition.bytes).metadata();
      expect({ format: metadata.format === 'heif' ? 'avif' : metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        format: rendition.format,
        width: 320,
        height: 427,
      });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(await exifr.gps(rendition.bytes).catch(() => undefined)).toBeUndefined();
    }
    expect(derived.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(Buffer.from(derived.placeholder, 'base64').length).toBeGreaterThan(5);
  });

  it('reads the capture time before stripping', async () => {
    expect(await readCaptureFacts(await gpsTaggedJpeg(64, 48, '2026:08:15 01:10:00'))).toEqual({ dateTimeOriginal: '2026:08:15 01:10:00', offsetTimeOriginal: undefined });
    expect(await readCaptureFacts(Buffer.from('no exif here'))).toEqual({ dateTimeOriginal: undefined, offsetTimeOriginal: undefined });
  });

  it('fails strictly on a truncated JPEG, even though its header reads fine', async () => {
    const truncated = await truncatedJpeg();
    expect(await sharpImages.readHeader(truncated)).toMatchObject({ width: 800, height: 600 });
    await expect(sharpImages.derive(truncated, [320])).rejects.toBeInstanceOf(UnreadableImageError);
  });

  it('derives PNG with alpha, the first frame of a GIF, WebP, AVIF and TIFF', async () => {
    for (const input of [await png(400, 300, true), await gif(400, 300), await webp(400, 300), await avif(400, 300), await tiff(400, 300)]) {
      const derived = await sharpImages.derive(input, [320]);
      expect(derived.renditions.map((r) => [r.width, r.height])).toEqual([
        [320, 240],
        [320, 240],
        [320, 240],
      ]);
    }
  });

  it('gives an opaque photo renditions without an alpha plane, and keeps a transparent PNG transparent where the format can be', async () => {
    const opaque = await sharpImages.derive(await gpsTaggedJpeg(640, 480), [320]);
    for (const rendition of opaque.renditions) expect((await sharp(rendition.bytes).metadata()).hasAlpha).toBe(false);
    const transparent = await sharpImages.derive(await png(400, 300, true), [320]);
    const alpha = Object.fromEntries(await Promise.all(transparent.renditions.map(async (r) => [r.format, (await sharp(r.bytes).metadata()).hasAlpha] as const)));
    expect(alpha).toEqual({ avif: true, webp: true, jpeg: false });
  });

  it('keeps the largest rendition at the decoded size', async () => {
    const derived = await sharpImages.derive(await png(1000, 333), [320, 800]);
    expect(derived.renditions.map((r) => `${r.format}@${r.width}x${r.height}`).sort()).toEqual(
      ['avif@320x107', 'avif@800x266', 'jpeg@320x107', 'jpeg@800x266', 'webp@320x107', 'webp@800x266'].sort(),
    );
  });

  it('runs one derivation at a time, even when one fails', async () => {
    let active = 0;
    let most = 0;
    const job = (fail: boolean) => async () => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setImmediate(resolve));
      active--;
      if (fail) throw new Error('bad image');
      return 'done';
    };
    const results = await Promise.allSettled([oneAtATime(job(false)), oneAtATime(job(true)), oneAtATime(job(false))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(most).toBe(1);
  });

  it('calls garbage unreadable', async () => {
    await expect(sharpImages.readHeader(Buffer.from('not an image'))).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
