import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandImageDocSchema, firestorePaths, message, storagePaths, type MediaSubject } from '@encore/model';
import { MEDIA_CACHE_CONTROL } from '../domain/image-policy.js';
import { sharpImages, type ImageProcessor } from '../platform/images.js';
import { FESTIVAL_ID, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { jpeg, png } from '../testing/fixtures.js';
import { handleMediaUploadFinalized } from './media-upload-finalized.js';
import { handleProcessMedia } from './process-media.js';

const LOGO: MediaSubject = { kind: 'brand', image: 'logo' };
const ICON: MediaSubject = { kind: 'brand', image: 'icon' };
const logoPath = firestorePaths.brandImage(FESTIVAL_ID, 'logo');
const iconPath = firestorePaths.brandImage(FESTIVAL_ID, 'icon');

/** Lands a festival admin's upload as Storage would (the object, then the finalize handler) and returns its media.uploaded event, if one was published. */
async function upload(deps: TestDeps, subject: MediaSubject, uploadId: string, bytes: Buffer) {
  const name = storagePaths.mediaUpload({ festivalId: FESTIVAL_ID, subject, uploadId });
  const generation = deps.objects.put(name, bytes, new Date(), { firebaseStorageDownloadTokens: `token-${uploadId}` });
  const before = deps.publisher.ofType('media.uploaded').length;
  await handleMediaUploadFinalized(deps, `finalize-${uploadId}`, { bucket: 'demo-encore.appspot.com', name, size: bytes.length, contentType: 'image/png', generation, metadata: {} });
  const events = deps.publisher.ofType('media.uploaded');
  return events.length > before ? events.at(-1)! : null;
}

/** A festival, with `colours` if given, over an image processor that counts its derivations. */
function festival(colours?: { primary: string; secondary: string }) {
  const derivations = { count: 0 };
  const images: ImageProcessor = {
    readHeader: (bytes) => sharpImages.readHeader(bytes),
    derive: (...args) => {
      derivations.count += 1;
      return sharpImages.derive(...args);
    },
  };
  const deps = testDeps({ images });
  seedFestival(deps.docs);
  if (colours) deps.docs.seed(firestorePaths.festival(FESTIVAL_ID), { ...deps.docs.data(firestorePaths.festival(FESTIVAL_ID)), colours });
  return { deps, derivations };
}

const pixel = async (bytes: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
};

describe("a festival's logo and app icon through the image pipeline", () => {
  it("the first logo creates the festival's brand/logo document and derives at logo widths, whatever its shape, public for a year", async () => {
    const { deps } = festival();
    const event = await upload(deps, LOGO, 'logo1', await png(1200, 300));
    expect(brandImageDocSchema.parse(deps.docs.data(logoPath))).toMatchObject({ imageUpload: { uploadId: 'logo1', status: 'processing' } });

    expect(await handleProcessMedia(deps, event!)).toEqual({ status: 'ready' });
    const logo = brandImageDocSchema.parse(deps.docs.data(logoPath));
    expect(logo.imageUpload).toMatchObject({ uploadId: 'logo1', status: 'ready' });
    expect(logo.image).toMatchObject({ uploadId: 'logo1', width: 1200, height: 300 });
    expect(logo.image!.icons).toBeUndefined();
    expect(logo.image!.renditions.filter((r) => r.format === 'jpeg').map((r) => [r.width, r.height])).toEqual([
      [160, 40],
      [320, 80],
      [640, 160],
    ]);
    for (const rendition of logo.image!.renditions) {
      expect(rendition.path).toMatch(/^media\/encore-2026\/brand\/logo\/logo1\//);
      expect(deps.objects.files.get(rendition.path)!.options!.cacheControl).toBe(MEDIA_CACHE_CONTROL);
    }
    expect(deps.objects.paths('staff-uploads/')).toEqual([]);
  });

  it("an almost square icon is cut to its centre square, with the manifest's and Apple's PNGs listed by purpose and size", async () => {
    const { deps } = festival({ primary: '#f2c14e', secondary: '#1d3557' });
    expect(await handleProcessMedia(deps, (await upload(deps, ICON, 'icon1', await jpeg(1000, 1080)))!)).toEqual({ status: 'ready' });
    const icon = brandImageDocSchema.parse(deps.docs.data(iconPath)).image!;
    expect([icon.width, icon.height]).toEqual([1000, 1000]);
    expect(icon.renditions.filter((r) => r.format === 'webp').map((r) => [r.width, r.height])).toEqual([
      [192, 192],
      [512, 512],
    ]);
    expect(icon.icons!.map(({ purpose, size, path }) => ({ purpose, size, path }))).toEqual([
      { purpose: 'apple-touch', size: 180, path: 'media/encore-2026/brand/icon/icon1/apple-touch-180.png' },
      { purpose: 'any', size: 192, path: 'media/encore-2026/brand/icon/icon1/any-192.png' },
      { purpose: 'any', size: 512, path: 'media/encore-2026/brand/icon/icon1/any-512.png' },
      { purpose: 'maskable', size: 512, path: 'media/encore-2026/brand/icon/icon1/maskable-512.png' },
    ]);
    for (const file of icon.icons!) {
      const stored = deps.objects.files.get(file.path)!;
      expect(stored.options).toEqual({ contentType: 'image/png', cacheControl: MEDIA_CACHE_CONTROL });
      const metadata = await sharp(stored.bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height, stored.bytes.length]).toEqual(['png', file.size, file.size, file.bytes]);
    }
  });

  it('cuts the square from the icon as it is seen, turned upright by its EXIF orientation', async () => {
    const { deps } = festival();
    // Stored 1080 wide and 1000 high, shown a quarter turn round: 1000 wide and 1080 high.
    expect(await handleProcessMedia(deps, (await upload(deps, ICON, 'turned', await jpeg(1080, 1000, { orientation: 6 })))!)).toEqual({ status: 'ready' });
    const icon = brandImageDocSchema.parse(deps.docs.data(iconPath)).image!;
    expect([icon.width, icon.height]).toEqual([1000, 1000]);
    expect(icon.icons).toHaveLength(4);
  });

  it("the maskable icon sits on the festival's secondary colour with room for any mask; Apple's fills transparency with it; the others keep it", async () => {
    const { deps } = festival({ primary: '#f2c14e', secondary: '#1d3557' });
    await handleProcessMedia(deps, (await upload(deps, ICON, 'icon2', await png(600, 600, true)))!);
    const files = Object.fromEntries(brandImageDocSchema.parse(deps.docs.data(iconPath)).image!.icons!.map((file) => [`${file.purpose}-${file.size}`, deps.objects.files.get(file.path)!.bytes]));
    const navy = [0x1d, 0x35, 0x57];
    // The corner is outside the 80% the image takes: background only.
    expect(await pixel(files['maskable-512']!, 2, 2)).toEqual(navy);
    expect((await sharp(files['maskable-512']!).metadata()).hasAlpha).toBe(false);
    expect((await pixel(files['maskable-512']!, 256, 256)).slice(0, 3)).not.toEqual(navy);
    expect((await sharp(files['apple-touch-180']!).metadata()).hasAlpha).toBe(false);
    expect((await sharp(files['any-512']!).metadata()).hasAlpha).toBe(true);
  });

  it('a festival without colours gets its maskable icon on white', async () => {
    const { deps } = festival();
    await handleProcessMedia(deps, (await upload(deps, ICON, 'icon3', await jpeg(512, 512)))!);
    const maskable = brandImageDocSchema.parse(deps.docs.data(iconPath)).image!.icons!.find((file) => file.purpose === 'maskable')!;
    expect(await pixel(deps.objects.files.get(maskable.path)!.bytes, 1, 1)).toEqual([255, 255, 255]);
  });

  it.each([
    { name: 'a wide picture', width: 1200, height: 600, rejection: { code: 'icon-not-square', width: 1200, height: 600 }, nl: 'moet vierkant zijn' },
    { name: 'a square under 512 pixels', width: 400, height: 400, rejection: { code: 'icon-too-small', width: 400, height: 400, limit: 512 }, nl: 'minstens 512×512' },
  ])('refuses $name as an app icon with a reason in both languages, deriving nothing and keeping the icon shown', async ({ width, height, rejection, nl }) => {
    const { deps, derivations } = festival();
    await handleProcessMedia(deps, (await upload(deps, ICON, 'good', await jpeg(600, 600)))!);
    const shown = brandImageDocSchema.parse(deps.docs.data(iconPath)).image;
    const before = derivations.count;
    expect(await handleProcessMedia(deps, (await upload(deps, ICON, 'bad', await jpeg(width, height)))!)).toMatchObject({ status: 'rejected', reason: rejection });
    const doc = brandImageDocSchema.parse(deps.docs.data(iconPath));
    expect(doc.imageUpload).toMatchObject({ uploadId: 'bad', status: 'rejected', rejection, rejectReason: message('rejection', 'en', rejection as never) });
    expect(message('rejection', 'nl', doc.imageUpload!.rejection!)).toContain(nl);
    expect(doc.image).toEqual(shown);
    expect(derivations.count).toBe(before);
    expect(deps.objects.paths('media/encore-2026/brand/icon/bad/')).toEqual([]);
    expect(deps.objects.paths('staff-uploads/')).toEqual([]);
  });

  it.each([
    { subject: LOGO, path: logoPath, bytes: () => png(800, 400) },
    { subject: ICON, path: iconPath, bytes: () => png(640, 640) },
  ])('derives the $subject.image once when its upload and then its event are delivered again, each after the first finished', async ({ subject, path, bytes }) => {
    const { deps, derivations } = festival();
    const image = await bytes();
    const event = (await upload(deps, subject, 'up1', image))!;
    // Announced again while processing: the same event again (its id is the finalize's).
    expect((await upload(deps, subject, 'up1', image))?.id).toBe(event.id);
    expect(await handleProcessMedia(deps, event)).toEqual({ status: 'ready' });
    // Announced again once derived: nothing more.
    expect(await upload(deps, subject, 'up1', image)).toBeNull();
    const after = deps.docs.data(path);
    const files = new Map([...deps.objects.files].map(([file, { generation }]) => [file, generation]));

    expect(await handleProcessMedia(deps, event)).toMatchObject({ status: 'skipped' });
    expect(await handleProcessMedia(deps, { ...event, id: `${event.id}-again` })).toMatchObject({ status: 'skipped' });
    expect(derivations.count).toBe(1);
    expect(deps.docs.data(path)).toEqual(after);
    expect(new Map([...deps.objects.files].map(([file, { generation }]) => [file, generation]))).toEqual(files);
  });

  it('a new icon replaces the old one, whose PNGs are deleted with its renditions', async () => {
    const { deps } = festival();
    await handleProcessMedia(deps, (await upload(deps, ICON, 'old', await png(512, 512)))!);
    await handleProcessMedia(deps, (await upload(deps, ICON, 'new', await png(520, 520)))!);
    expect(brandImageDocSchema.parse(deps.docs.data(iconPath)).image?.uploadId).toBe('new');
    expect(deps.objects.paths('media/').every((path) => path.startsWith('media/encore-2026/brand/icon/new/'))).toBe(true);
  });
});
