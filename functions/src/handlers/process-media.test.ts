import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { artistSchema, firestorePaths, storagePaths, venueMapSchema, type MediaSubject } from '@encore/model';
import { MEDIA_CACHE_CONTROL } from '../domain/image-policy.js';
import { FESTIVAL_ID, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { gpsTaggedJpeg, jpeg, png, textNamedJpg } from '../testing/fixtures.js';
import { handleMediaUploadFinalized } from './media-upload-finalized.js';
import { handleProcessMedia } from './process-media.js';

const NINA: MediaSubject = { kind: 'artist', artistId: 'nina' };
const PLAN: MediaSubject = { kind: 'site-plan' };
const artistPath = firestorePaths.artist(FESTIVAL_ID, 'nina');
const mapPath = firestorePaths.venueMap(FESTIVAL_ID);

/** Lands a staff upload as Storage would (the object, then the finalize handler) and returns its media.uploaded event, if one was published. */
async function upload(deps: TestDeps, subject: MediaSubject, uploadId: string, bytes: Buffer) {
  const name = storagePaths.mediaUpload({ festivalId: FESTIVAL_ID, subject, uploadId });
  const generation = deps.objects.put(name, bytes, new Date(), { firebaseStorageDownloadTokens: `token-${uploadId}` });
  const before = deps.publisher.ofType('media.uploaded').length;
  await handleMediaUploadFinalized(deps, `finalize-${uploadId}`, { bucket: 'demo-encore.appspot.com', name, size: bytes.length, contentType: 'image/jpeg', generation, metadata: { firebaseStorageDownloadTokens: `token-${uploadId}` } });
  const events = deps.publisher.ofType('media.uploaded');
  return events.length > before ? events.at(-1)! : null;
}

function festival() {
  const deps = testDeps();
  seedFestival(deps.docs);
  return deps;
}

describe('staff images through the photo pipeline', () => {
  it('an artist picture ends as renditions at the artist widths, public for a year, with placeholder and colour, no metadata, and the original gone', async () => {
    const deps = festival();
    const event = await upload(deps, NINA, 'up1', await gpsTaggedJpeg(1200, 1200));
    expect(artistSchema.parse(deps.docs.data(artistPath)).imageUpload).toMatchObject({ uploadId: 'up1', status: 'processing' });
    expect(deps.objects.metadata(event!.data.path)).toEqual({});

    expect(await handleProcessMedia(deps, event!)).toEqual({ status: 'ready' });
    const artist = artistSchema.parse(deps.docs.data(artistPath));
    expect(artist).toMatchObject({ name: 'Nina', imageUpload: { uploadId: 'up1', status: 'ready', rejectReason: null } });
    expect(artist.image).toMatchObject({ uploadId: 'up1', width: 1200, height: 1200, dominantColor: expect.stringMatching(/^#[0-9a-f]{6}$/), placeholder: expect.any(String) });
    expect(artist.image!.renditions.map((r) => `${r.width}.${r.format}`)).toEqual(['128.avif', '128.jpeg', '128.webp', '480.avif', '480.jpeg', '480.webp', '960.avif', '960.jpeg', '960.webp']);
    expect(deps.objects.paths('media/')).toEqual(artist.image!.renditions.map((r) => r.path).sort());
    expect(deps.objects.paths('media/')[0]).toMatch(/^media\/encore-2026\/artists\/nina\/up1\//);
    for (const rendition of artist.image!.renditions) {
      expect(deps.objects.files.get(rendition.path)!.options!.cacheControl).toBe(MEDIA_CACHE_CONTROL);
    }
    const jpegRendition = deps.objects.files.get(artist.image!.renditions.find((r) => r.format === 'jpeg' && r.width === 960)!.path)!.bytes;
    expect(await exifr.gps(jpegRendition).catch(() => undefined)).toBeUndefined();
    expect((await sharp(jpegRendition).metadata()).exif).toBeUndefined();
    expect(deps.objects.paths('staff-uploads/')).toEqual([]);
  });

  it('a site plan creates the venue map document when none exists, and derives at plan widths (never upscaled)', async () => {
    const deps = festival();
    const event = await upload(deps, PLAN, 'plan1', await png(2400, 1600));
    expect(venueMapSchema.parse(deps.docs.data(mapPath))).toMatchObject({ markers: [], routes: [], imageUpload: { status: 'processing' } });
    await handleProcessMedia(deps, event!);
    const map = venueMapSchema.parse(deps.docs.data(mapPath));
    expect(map.image!.renditions.filter((r) => r.format === 'webp').map((r) => [r.width, r.height])).toEqual([
      [960, 640],
      [1920, 1280],
    ]);
  });

  it('keeps the markers staff placed when a new plan arrives', async () => {
    const deps = festival();
    const marker = { id: 'water-1', kind: 'water', x: 0.5, y: 0.5 };
    deps.docs.seed(mapPath, { markers: [marker], routes: [], updatedAt: new Date() });
    await handleProcessMedia(deps, (await upload(deps, PLAN, 'plan2', await jpeg(1000, 800)))!);
    expect(venueMapSchema.parse(deps.docs.data(mapPath))).toMatchObject({ markers: [marker], imageUpload: { status: 'ready' } });
  });

  it('refuses a file that is not an image with a reason, keeps the picture shown, and deletes the original', async () => {
    const deps = festival();
    await handleProcessMedia(deps, (await upload(deps, NINA, 'good', await jpeg(600, 600)))!);
    const shown = artistSchema.parse(deps.docs.data(artistPath)).image;
    expect(await handleProcessMedia(deps, (await upload(deps, NINA, 'bad', textNamedJpg()))!)).toMatchObject({ status: 'rejected' });
    const artist = artistSchema.parse(deps.docs.data(artistPath));
    expect(artist.imageUpload).toMatchObject({ uploadId: 'bad', status: 'rejected', rejectReason: expect.stringContaining('not an image') });
    expect(artist.image).toEqual(shown);
    expect(deps.objects.paths('staff-uploads/')).toEqual([]);
  });

  it('a new picture replaces the old one, whose files are deleted', async () => {
    const deps = festival();
    await handleProcessMedia(deps, (await upload(deps, NINA, 'old', await jpeg(600, 600)))!);
    await handleProcessMedia(deps, (await upload(deps, NINA, 'new', await jpeg(700, 700)))!);
    expect(artistSchema.parse(deps.docs.data(artistPath)).image?.uploadId).toBe('new');
    expect(deps.objects.paths('media/').every((path) => path.startsWith('media/encore-2026/artists/nina/new/'))).toBe(true);
  });

  it('skips an upload overtaken by a newer one before it was processed, and deletes its original', async () => {
    const deps = festival();
    const older = await upload(deps, NINA, 'first', await jpeg(600, 600));
    const newer = await upload(deps, NINA, 'second', await jpeg(600, 600));
    expect(await handleProcessMedia(deps, older!)).toMatchObject({ status: 'skipped', why: 'superseded by upload second' });
    expect(deps.objects.paths('staff-uploads/')).toEqual([newer!.data.path]);
    expect(await handleProcessMedia(deps, newer!)).toEqual({ status: 'ready' });
  });

  it('refuses an upload whose file vanished before it was read, instead of leaving it processing', async () => {
    const deps = festival();
    const event = (await upload(deps, NINA, 'lost', await jpeg(300, 300)))!;
    await deps.objects.delete(event.data.path);
    expect(await handleProcessMedia(deps, event)).toMatchObject({ status: 'rejected', reason: { code: 'gone' } });
    expect(artistSchema.parse(deps.docs.data(artistPath)).imageUpload).toMatchObject({ uploadId: 'lost', status: 'rejected', rejection: { code: 'gone' }, rejectReason: expect.stringContaining('upload it again') });
  });

  it('deletes an upload for an artist that does not exist, and publishes nothing', async () => {
    const deps = festival();
    expect(await upload(deps, { kind: 'artist', artistId: 'ghost' }, 'up1', await jpeg(100, 100))).toBeNull();
    expect(deps.objects.paths()).toEqual([]);
    expect(deps.docs.data(firestorePaths.artist(FESTIVAL_ID, 'ghost'))).toBeUndefined();
  });

  it('applies a redelivered event once: the second run finds the upload done', async () => {
    const deps = festival();
    const event = (await upload(deps, NINA, 'up1', await jpeg(300, 300)))!;
    await handleProcessMedia(deps, event);
    const after = deps.docs.data(artistPath);
    expect(await handleProcessMedia(deps, event)).toMatchObject({ status: 'skipped' });
    expect(deps.docs.data(artistPath)).toEqual(after);
  });

  it('keeps the picture when two deliveries of one upload run at once: the one that finishes second deletes none of its files', async () => {
    const deps = festival();
    const event = (await upload(deps, NINA, 'up1', await jpeg(300, 300)))!;
    const resent = { ...event, id: `${event.id}-again` };
    const outcomes = await Promise.all([handleProcessMedia(deps, event), handleProcessMedia(deps, resent)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['ready', 'skipped']);
    const artist = artistSchema.parse(deps.docs.data(artistPath));
    expect(artist.image?.uploadId).toBe('up1');
    for (const rendition of artist.image!.renditions) expect(deps.objects.paths()).toContain(rendition.path);
  });

  it('a finalize announced twice after processing leaves the record as it is and publishes nothing more', async () => {
    const deps = festival();
    const bytes = await jpeg(300, 300);
    await handleProcessMedia(deps, (await upload(deps, NINA, 'up1', bytes))!);
    const after = deps.docs.data(artistPath);
    expect(await upload(deps, NINA, 'up1', bytes)).toBeNull();
    expect(deps.docs.data(artistPath)).toEqual(after);
  });
});
