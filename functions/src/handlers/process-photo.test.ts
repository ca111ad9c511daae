import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { firestorePaths, photoSchema, storagePaths, uploadRefusalsName, uploadRefusalsSchema } from '@encore/model';
import { emptyFile, gpsTaggedJpeg, jpeg, pngBomb, svg, textNamedJpg, truncatedJpeg, heicHead, zeroPngBomb } from '../testing/fixtures.js';
import { TEST_SETTINGS, FESTIVAL_ID, NOW, event, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { sharpImages } from '../platform/images.js';
import { billedReads } from '../testing/billed-reads.js';
import { PHOTO_RENDITION_VERSION } from '../domain/image-policy.js';

const sharpImagesDerive = sharpImages.derive;
import { handleProcessPhoto } from './process-photo.js';
import { handleUploadFinalized } from './upload-finalized.js';

const photoPath = (photoId: string) => firestorePaths.photo(FESTIVAL_ID, photoId);

/** Lands an upload as Storage would: the object, then the finalize trigger's handler. */
async function upload(deps: TestDeps, photoId: string, bytes: Buffer, options: { uid?: string; performanceId?: string; contentType?: string } = {}) {
  const uid = options.uid ?? 'u1';
  const name = storagePaths.upload({ uid, festivalId: FESTIVAL_ID, photoId });
  // As the web SDK leaves it: Firebase gives every upload a download token.
  const metadata = { ...(options.performanceId ? { performanceId: options.performanceId } : {}), firebaseStorageDownloadTokens: `token-${photoId}` };
  const generation = deps.objects.put(name, bytes, new Date(), { ...metadata });
  await handleUploadFinalized(deps, `finalize-${photoId}-${generation}`, {
    bucket: 'demo-encore.appspot.com',
    name,
    size: bytes.length,
    contentType: options.contentType ?? 'image/jpeg',
    generation,
    metadata,
  });
  return deps.publisher.ofType('photo.uploaded').at(-1)!;
}

describe('upload finalized', () => {
  it('creates the photo as processing at once and publishes one photo.uploaded', async () => {
    const deps = testDeps();
    const published = await upload(deps, 'p1', await jpeg(64, 64), { performanceId: 'nina-main' });
    expect(photoSchema.parse(deps.docs.data(photoPath('p1')))).toMatchObject({ status: 'processing', uploaderUid: 'u1', performanceId: 'nina-main', originalPath: 'uploads/u1/encore-2026/p1' });
    expect(published).toMatchObject({ type: 'photo.uploaded', data: { photoId: 'p1', festivalId: FESTIVAL_ID, size: expect.any(Number) } });
  });

  it('removes the original’s download token at once, keeping its other metadata', async () => {
    const deps = testDeps();
    await upload(deps, 'p1', await jpeg(64, 64), { performanceId: 'nina-main' });
    expect(deps.objects.metadata('uploads/u1/encore-2026/p1')).toEqual({ performanceId: 'nina-main' });
  });

  it('deletes a second file under a photo id another original holds, and never publishes it', async () => {
    const deps = testDeps();
    const first = await upload(deps, 'p1', await jpeg(64, 64));
    const before = deps.docs.data(photoPath('p1'));
    const stray = storagePaths.upload({ uid: 'mallory', festivalId: FESTIVAL_ID, photoId: 'p1' });
    const generation = deps.objects.put(stray, Buffer.from('<html>free hosting</html>'), new Date(), { firebaseStorageDownloadTokens: 't' });
    await handleUploadFinalized(deps, 'finalize-stray', { bucket: 'b', name: stray, size: 25, contentType: 'image/jpeg', generation, metadata: undefined });
    expect(deps.objects.paths('uploads/')).toEqual([first.data.path]);
    expect(deps.docs.data(photoPath('p1'))).toEqual(before);
    expect(deps.publisher.ofType('photo.uploaded').map((e) => e.data.path)).toEqual([first.data.path]);
  });

  it('issue 39: deletes a file under the id of a removed photo that was reported, so no new photo inherits its moderation entry', async () => {
    const deps = testDeps();
    const entry = { photoId: 'p-gone', reports: 3 };
    deps.docs.seed(firestorePaths.moderationEntry(FESTIVAL_ID, 'p-gone'), entry);
    const name = storagePaths.upload({ uid: 'mallory', festivalId: FESTIVAL_ID, photoId: 'p-gone' });
    const generation = deps.objects.put(name, await jpeg(64, 64), new Date(), { firebaseStorageDownloadTokens: 't' });
    await handleUploadFinalized(deps, 'finalize-reuse', { bucket: 'b', name, size: 10, contentType: 'image/jpeg', generation, metadata: undefined });
    expect(deps.docs.data(photoPath('p-gone'))).toBeUndefined();
    expect(deps.objects.paths('uploads/')).toEqual([]);
    expect(deps.publisher.published).toEqual([]);
    expect(deps.docs.data(firestorePaths.moderationEntry(FESTIVAL_ID, 'p-gone'))).toEqual(entry);
  });

  it('does nothing for a generation that is gone (deleted or replaced since)', async () => {
    const deps = testDeps();
    const name = storagePaths.upload({ uid: 'u1', festivalId: FESTIVAL_ID, photoId: 'p9' });
    deps.objects.put(name, Buffer.from('x'));
    await handleUploadFinalized(deps, 'old', { bucket: 'b', name, size: 1, contentType: 'image/jpeg', generation: '999', metadata: undefined });
    expect(deps.docs.store.size).toBe(0);
    expect(deps.publisher.published).toEqual([]);
  });

  it('ignores derived files and any path outside uploads/, so thumbnails never re-trigger the pipeline, reading nothing', async () => {
    const deps = testDeps();
    const reads = billedReads(deps.docs);
    deps.objects.removeDownloadTokens = () => Promise.reject(new Error('a derived file is never touched'));
    for (const name of ['photos/encore-2026/p1/320.webp', 'uploads/u1/encore-2026', 'uploads/u1/Bad Festival/p1', 'elsewhere/x.jpg']) {
      await handleUploadFinalized(deps, 'e', { bucket: 'b', name, size: 10, contentType: 'image/webp', generation: '1', metadata: undefined });
    }
    expect(deps.publisher.published).toEqual([]);
    expect(deps.docs.store.size).toBe(0);
    // Each photo's 15 renditions land here too (an invocation each): none costs a read.
    expect(reads.paths).toEqual([]);
  });

  it('signs the photo with the uploader’s chosen display name, and with none when they chose none or an invalid one', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.userPreferences('u1'), { locale: 'en', displayName: 'Vera V.', updatedAt: new Date() });
    deps.docs.seed(firestorePaths.userPreferences('u3'), { locale: 'en', displayName: ' '.repeat(3), updatedAt: new Date() });
    await upload(deps, 'p1', await jpeg(64, 64), { uid: 'u1' });
    await upload(deps, 'p2', await jpeg(64, 64), { uid: 'u2' });
    await upload(deps, 'p3', await jpeg(64, 64), { uid: 'u3' });
    expect(photoSchema.parse(deps.docs.data(photoPath('p1'))).uploaderName).toBe('Vera V.');
    expect(deps.docs.data(photoPath('p2'))).not.toHaveProperty('uploaderName');
    expect(deps.docs.data(photoPath('p3'))).not.toHaveProperty('uploaderName');
  });

  it('does not overwrite the photo when the trigger fires twice', async () => {
    const deps = testDeps();
    await upload(deps, 'p1', await jpeg(64, 64));
    deps.docs.seed(photoPath('p1'), { ...deps.docs.data(photoPath('p1')), status: 'ready' });
    await upload(deps, 'p1', await jpeg(64, 64));
    expect(deps.docs.data(photoPath('p1'))?.status).toBe('ready');
  });
});

describe('photo pipeline', () => {
  it('makes a GPS-tagged JPEG ready: upright renditions in every width and format, no metadata, a suggestion from its capture time', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    // 21:10 in Amsterdam is 19:10 UTC: only nina-main plays then.
    const uploaded = await upload(deps, 'p1', await gpsTaggedJpeg(2000, 1200, '2026:08:14 21:10:00'));
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'ready' });

    const photo = photoSchema.parse(deps.docs.data(photoPath('p1')));
    expect(photo).toMatchObject({ status: 'ready', width: 1200, height: 2000, suggestedPerformanceId: 'nina-main', capturedAt: new Date('2026-08-14T19:10:00Z') });
    expect(photo.thumbnails.map((t) => `${t.width}.${t.format}`)).toEqual(['320.avif', '320.jpeg', '320.webp', '480.avif', '480.jpeg', '480.webp', '800.avif', '800.jpeg', '800.webp', '1200.avif', '1200.jpeg', '1200.webp']);
    // The recipe's version in every name: the URL changes whenever the bytes could.
    expect(photo.renditionVersion).toBe(PHOTO_RENDITION_VERSION);
    expect(deps.objects.paths('photos/')).toEqual(
      ['1200.avif', '1200.jpg', '1200.webp', '320.avif', '320.jpg', '320.webp', '480.avif', '480.jpg', '480.webp', '800.avif', '800.jpg', '800.webp'].map((name) => `photos/${FESTIVAL_ID}/p1/${PHOTO_RENDITION_VERSION}-${name}`),
    );
    for (const thumbnail of photo.thumbnails) {
      const file = deps.objects.files.get(thumbnail.path)!;
      // A year in the browser (the versioned URL never names other bytes), five minutes in shared caches: a photo taken off the wall leaves the CDN within minutes.
      expect(file.options).toEqual({ contentType: `image/${thumbnail.format}`, cacheControl: 'public, max-age=31536000, s-maxage=300, immutable' });
      expect(await exifr.gps(file.bytes).catch(() => undefined)).toBeUndefined();
      expect((await sharp(file.bytes).metadata()).exif).toBeUndefined();
      expect(thumbnail.bytes).toBe(file.bytes.length);
    }
    expect(photo.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(photo.placeholder).toBeTruthy();
  });

  it.each([
    ['a text file named .jpg', () => textNamedJpg(), 'unknown', 'This file is not an image Encore can read: upload a JPEG, PNG, WebP, AVIF, TIFF or GIF.'],
    ['a truncated JPEG', () => truncatedJpeg(), 'corrupt', 'The image is damaged or incomplete (was the upload cut off?): please upload it again.'],
    ['a 0-byte file', () => emptyFile(), 'empty', 'The file is empty (0 bytes).'],
    ['an SVG', () => svg(), 'svg', 'SVG drawings are not accepted: upload a photo (JPEG, PNG, WebP, AVIF, TIFF or GIF).'],
    ['an HEIC photo', () => heicHead(), 'heic', "HEIC photos aren't supported yet: export as JPEG (on iPhone: Settings > Camera > Formats > Most Compatible)."],
  ] as const)('rejects %s with a reason as a code and in English words, for good', async (_name, make, code, words) => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const uploaded = await upload(deps, 'bad', await make());
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'rejected', reason: { code } });
    expect(photoSchema.parse(deps.docs.data(photoPath('bad')))).toMatchObject({ status: 'rejected', rejectReason: words, rejection: { code }, thumbnails: [] });
    expect(deps.objects.paths('photos/')).toEqual([]);
    // Redelivered: nothing more happens.
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'skipped', why: 'photo is rejected' });
  });

  it('rejects a 20000x20000 PNG from its header, without decoding it', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const uploaded = await upload(deps, 'bomb', await pngBomb(), { contentType: 'image/png' });
    const started = process.memoryUsage().rss;
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({
      status: 'rejected',
      reason: { code: 'too-many-pixels', width: 20000, height: 20000, limit: 40_000_000 },
    });
    expect(deps.docs.data(photoPath('bomb'))).toMatchObject({ rejectReason: 'The image is 20000×20000 pixels (400 megapixels); the limit is 40 megapixels.' });
    // Decoding would have needed 1.2 GB; reading the header needs next to nothing.
    expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);

  it('issue 24: refuses the 39 KB all-zero 8000x5000 PNG from its header, without decoding it, with a reason', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const bomb = zeroPngBomb();
    expect(bomb.length).toBeLessThan(45 * 1024);
    // Its header is honest (sharp reads 8000x5000 from it); decoding it is what must never happen.
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 8000, height: 5000, format: 'png' });
    const decoded: number[] = [];
    deps.images = { ...deps.images, derive: (bytes, widths, onRendition) => (decoded.push(bytes.length), sharpImagesDerive(bytes, widths, onRendition)) };
    const uploaded = await upload(deps, 'zeros', bomb, { contentType: 'image/png' });
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'rejected', reason: { code: 'implausible-size', width: 8000, height: 5000, bytes: bomb.length } });
    expect(decoded).toEqual([]);
    expect(deps.docs.data(photoPath('zeros'))).toMatchObject({ status: 'rejected', rejectReason: expect.stringMatching(/^The image says it is 8000×5000 pixels, far more than a file of \d+ KB can hold/) });
    // The honest photo beside it still goes through.
    expect(await handleProcessPhoto(deps, await upload(deps, 'honest', await jpeg(640, 480)))).toEqual({ status: 'ready' });
    expect(decoded).toHaveLength(1);
  });

  it('refuses a file over 20 MB from the event alone, without downloading it', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const uploaded = await upload(deps, 'huge', await jpeg(64, 64));
    deps.objects.read = () => Promise.reject(new Error('must not download'));
    expect(await handleProcessPhoto(deps, { ...uploaded, data: { ...uploaded.data, size: 25 * 1024 * 1024 } })).toEqual({
      status: 'rejected',
      reason: { code: 'too-large', bytes: 25 * 1024 * 1024, limit: 20 * 1024 * 1024 },
    });
    expect(deps.docs.data(photoPath('huge'))).toMatchObject({ rejectReason: 'The file is 25.0 MB; images can be at most 20 MB.' });
  });

  it('issue 24: takes at most the festival-wide uploads an hour, from everyone together, and says when to try again', async () => {
    const deps = testDeps({ settings: { ...TEST_SETTINGS, festivalUploadsPerHour: 2 } });
    seedFestival(deps.docs);
    const small = await jpeg(64, 64);
    // Three accounts, one photo each: the third is past the festival's hour, though well within its own day.
    expect(await handleProcessPhoto(deps, await upload(deps, 'f1', small, { uid: 'sock-1' }))).toEqual({ status: 'ready' });
    const second = await upload(deps, 'f2', small, { uid: 'sock-2' });
    expect(await handleProcessPhoto(deps, second)).toEqual({ status: 'ready' });
    expect(await handleProcessPhoto(deps, await upload(deps, 'f3', small, { uid: 'sock-3' }))).toEqual({
      status: 'rejected',
      reason: { code: 'festival-busy', limit: 2, retryInMinutes: 60 - NOW.getUTCMinutes() },
    });
    expect(deps.docs.data(photoPath('f3'))).toMatchObject({ rejectReason: expect.stringMatching(/^So many photos are being uploaded to this festival right now \(at most 2 an hour, from everyone\).*again in \d+ minutes\.$/) });
    // A retried photo counts once, and the refused one used up nobody's daily quota.
    deps.docs.seed(photoPath('f2'), { ...deps.docs.data(photoPath('f2')), status: 'processing' });
    expect(await handleProcessPhoto(deps, second)).toEqual({ status: 'ready' });
    expect(deps.docs.data(`festivals/${FESTIVAL_ID}/uploadQuotas/sock-3_2026-08-14`)).toBeUndefined();
  });

  it('issue 39: junk files leave the festival-wide hour untouched, count against their sender, and a real photo still goes through', async () => {
    const deps = testDeps({ settings: { ...TEST_SETTINGS, festivalUploadsPerHour: 2, dailyUploadQuota: 3 } });
    seedFestival(deps.docs);
    // Twelve fresh accounts sending 12-byte files: none reaches the festival's hour.
    for (let sock = 1; sock <= 12; sock += 1) {
      const outcome = await handleProcessPhoto(deps, await upload(deps, `junk-${sock}`, Buffer.from('not an image'), { uid: `sock-${sock}` }));
      expect(outcome).toMatchObject({ status: 'rejected' });
    }
    expect(deps.docs.data(`festivals/${FESTIVAL_ID}/uploadRate/${NOW.toISOString().slice(0, 13)}`)).toBeUndefined();
    expect(await handleProcessPhoto(deps, await upload(deps, 'real', await jpeg(64, 64), { uid: 'visitor' }))).toEqual({ status: 'ready' });
    // Each junk file used up a place of its sender's day: the fourth of one sender is refused by the quota.
    for (const id of ['more-1', 'more-2']) await handleProcessPhoto(deps, await upload(deps, id, Buffer.from('junk'), { uid: 'sock-1' }));
    expect(await handleProcessPhoto(deps, await upload(deps, 'sock-photo', await jpeg(64, 64), { uid: 'sock-1' }))).toEqual({ status: 'rejected', reason: { code: 'quota', limit: 3 } });
  });

  it('issue 39: a file refused by the decoder after its header passed gives the festival-wide hour its place back', async () => {
    const deps = testDeps({ settings: { ...TEST_SETTINGS, festivalUploadsPerHour: 1 } });
    seedFestival(deps.docs);
    expect(await handleProcessPhoto(deps, await upload(deps, 'cut', await truncatedJpeg(), { uid: 'u-cut' }))).toMatchObject({ status: 'rejected', reason: { code: 'corrupt' } });
    // It was admitted (its header is whole), then taken back out of the hour.
    const hour = `festivals/${FESTIVAL_ID}/uploadRate/${NOW.toISOString().slice(0, 13)}`;
    expect(deps.docs.data(hour)).toEqual({ photoIds: [], hour: NOW.toISOString().slice(0, 13) });
    expect(await handleProcessPhoto(deps, await upload(deps, 'whole', await jpeg(64, 64), { uid: 'u-whole' }))).toEqual({ status: 'ready' });
  });

  it('enforces the daily quota per person, counting a retried photo once', async () => {
    const deps = testDeps({ settings: { ...TEST_SETTINGS, dailyUploadQuota: 2, reportHideThreshold: 2 } });
    seedFestival(deps.docs);
    const small = await jpeg(64, 64);
    const first = await upload(deps, 'q1', small);
    await handleProcessPhoto(deps, first);
    deps.docs.seed(photoPath('q1'), { ...deps.docs.data(photoPath('q1')), status: 'processing' });
    await handleProcessPhoto(deps, first);
    await handleProcessPhoto(deps, await upload(deps, 'q2', small));
    expect(await handleProcessPhoto(deps, await upload(deps, 'q3', small))).toEqual({
      status: 'rejected',
      reason: { code: 'quota', limit: 2 },
    });
    expect(deps.docs.data(photoPath('q3'))).toMatchObject({ rejectReason: "You have reached today's limit of 2 photo uploads; you can upload more tomorrow." });
    expect(await handleProcessPhoto(deps, await upload(deps, 'other', small, { uid: 'u2' }))).toEqual({ status: 'ready' });
  });

  it('issue 39: grows the daily quota with reputation, asking Auth only once the base quota is used up', async () => {
    const deps = testDeps({ settings: { ...TEST_SETTINGS, dailyUploadQuota: 2 } });
    seedFestival(deps.docs);
    const small = await jpeg(64, 64);
    // A visitor made and verified today, and one with reputation (a month old, a favourite two days ago).
    deps.accounts.add('fresh', { createdAt: new Date(NOW.getTime() - 60_000) });
    deps.accounts.add('known', { createdAt: new Date(NOW.getTime() - 20 * 86_400_000) });
    deps.docs.seed(firestorePaths.favorite('known', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(NOW.getTime() - 2 * 86_400_000) });
    const found: string[] = [];
    const find = deps.accounts.find.bind(deps.accounts);
    deps.accounts.find = async (uid) => (found.push(uid), find(uid));
    for (const uid of ['fresh', 'known']) {
      for (let i = 1; i <= 2; i++) expect(await handleProcessPhoto(deps, await upload(deps, `${uid}-${i}`, small, { uid }))).toEqual({ status: 'ready' });
    }
    expect(found).toEqual([]);
    expect(await handleProcessPhoto(deps, await upload(deps, 'fresh-3', small, { uid: 'fresh' }))).toEqual({ status: 'rejected', reason: { code: 'quota', limit: 2 } });
    for (let i = 3; i <= 4; i++) expect(await handleProcessPhoto(deps, await upload(deps, `known-${i}`, small, { uid: 'known' }))).toEqual({ status: 'ready' });
    expect(await handleProcessPhoto(deps, await upload(deps, 'known-5', small, { uid: 'known' }))).toEqual({ status: 'rejected', reason: { code: 'quota', limit: 4 } });
  });

  it('issue 39: counts each refused upload once on the dashboard, by hour (festival time) and reason', async () => {
    const deps = testDeps({ settings: { ...TEST_SETTINGS, dailyUploadQuota: 1 } });
    seedFestival(deps.docs);
    const junk = await upload(deps, 'junk', Buffer.from('not an image'));
    await handleProcessPhoto(deps, junk);
    // A redelivered event of a photo already refused adds nothing.
    await handleProcessPhoto(deps, junk);
    await handleProcessPhoto(deps, await upload(deps, 'empty', emptyFile()));
    await handleProcessPhoto(deps, await upload(deps, 'over', await jpeg(64, 64), { uid: 'u1' }));
    await handleProcessPhoto(deps, await upload(deps, 'fine', await jpeg(64, 64), { uid: 'u2' }));
    // NOW is 22:00 in Amsterdam, 14 August: its hour starts at 20:00 UTC.
    expect(uploadRefusalsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, uploadRefusalsName('2026-08-14'))))).toEqual({
      day: '2026-08-14',
      hours: { '2026-08-14T20:00:00.000Z': { unknown: 1, empty: 1, quota: 1 } },
      updatedAt: NOW,
    });
  });

  it('suggests the set the uploader favourited when two stages play at the capture time', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    // 21:45 in Amsterdam is 19:45 UTC: nina-main and kae-tent both play; u1 favourited kae-tent.
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-tent'), { festivalId: FESTIVAL_ID, performanceId: 'kae-tent', createdAt: new Date() });
    const uploaded = await upload(deps, 'tie', await gpsTaggedJpeg(400, 300, '2026:08:14 21:45:00'));
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'ready' });
    expect(deps.docs.data(photoPath('tie'))).toMatchObject({ suggestedPerformanceId: 'kae-tent', performanceId: null });

    const other = await upload(deps, 'tie-2', await gpsTaggedJpeg(400, 300, '2026:08:14 21:45:00'), { uid: 'u2' });
    await handleProcessPhoto(deps, other);
    expect(deps.docs.data(photoPath('tie-2'))).toMatchObject({ suggestedPerformanceId: null });
  });

  it('reads each document once, the day\'s reservation and the uploader\'s favourites with it, and keeps no ledger entry: 8 reads for a photo with a tie to break', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const reads = billedReads(deps.docs);
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-tent'), { festivalId: FESTIVAL_ID, performanceId: 'kae-tent', createdAt: new Date() });
    const uploaded = await upload(deps, 'tie', await gpsTaggedJpeg(400, 300, '2026:08:14 21:45:00'));
    reads.reset();
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'ready' });
    const day = `festivals/${FESTIVAL_ID}/uploadQuotas/u1_2026-08-14`;
    const hour = `festivals/${FESTIVAL_ID}/uploadRate/${NOW.toISOString().slice(0, 13)}`;
    // The photo twice (before the work, and in the transaction that ends it); the reservation once
    // (it was read before its transaction too); one query for the favourites of the two sets
    // playing (one read per set before); no ledger entry (the photo's status is the guard).
    expect(reads.paths.toSorted()).toEqual(
      [photoPath('tie'), firestorePaths.festival(FESTIVAL_ID), day, hour, firestorePaths.performance(FESTIVAL_ID, 'nina-main'), firestorePaths.performance(FESTIVAL_ID, 'kae-tent'), firestorePaths.favorite('u1', 'kae-tent'), photoPath('tie')].toSorted(),
    );
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('eventLedger/'))).toEqual([]);
    expect(deps.docs.data(photoPath('tie'))).toMatchObject({ suggestedPerformanceId: 'kae-tent' });

    // Without a favourite among the sets playing: the query finds none, one read.
    const other = await upload(deps, 'tie-2', await gpsTaggedJpeg(400, 300, '2026:08:14 21:45:00'), { uid: 'u2' });
    reads.reset();
    await handleProcessPhoto(deps, other);
    expect(reads.paths.filter((path) => path.startsWith('users/'))).toEqual([`${firestorePaths.favorites('u2')}?`]);
    // Redelivered once ready: two reads (the photo and its festival, in one batch), nothing written.
    reads.reset();
    const commits = deps.docs.commits;
    expect(await handleProcessPhoto(deps, other)).toEqual({ status: 'skipped', why: 'photo is ready' });
    expect([reads.paths.length, deps.docs.commits]).toEqual([2, commits]);
  });

  it('suggests a set of the longest length a set may last, near its end, and breaks no tie with a favourite of another festival', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    // A day-long set on a third stage: 12 hours from 08:00 UTC (the longest a set may last), still playing beside nina-main and kae-tent.
    deps.docs.seed(firestorePaths.performance(FESTIVAL_ID, 'marathon'), { artistId: 'nina', stageId: 'field', startsAt: new Date('2026-08-14T08:00:00Z'), endsAt: new Date('2026-08-14T20:00:00Z'), status: 'scheduled' });
    // 21:59 in Amsterdam is 19:59 UTC, a minute before its end: three sets play, and u1 favourited the long one.
    deps.docs.seed(firestorePaths.favorite('u1', 'marathon'), { festivalId: FESTIVAL_ID, performanceId: 'marathon', createdAt: new Date() });
    await handleProcessPhoto(deps, await upload(deps, 'late', await gpsTaggedJpeg(400, 300, '2026:08:14 21:59:00')));
    expect(deps.docs.data(photoPath('late'))).toMatchObject({ suggestedPerformanceId: 'marathon' });

    deps.docs.seed(firestorePaths.favorite('u2', 'kae-tent'), { festivalId: 'another-festival', performanceId: 'kae-tent', createdAt: new Date() });
    await handleProcessPhoto(deps, await upload(deps, 'elsewhere', await gpsTaggedJpeg(400, 300, '2026:08:14 21:45:00'), { uid: 'u2' }));
    expect(deps.docs.data(photoPath('elsewhere'))).toMatchObject({ suggestedPerformanceId: null });
  });

  it('keeps the uploader’s own performance and makes no suggestion', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    await handleProcessPhoto(deps, await upload(deps, 'p2', await gpsTaggedJpeg(400, 300), { performanceId: 'kae-main' }));
    expect(deps.docs.data(photoPath('p2'))).toMatchObject({ status: 'ready', performanceId: 'kae-main', suggestedPerformanceId: null });
  });

  it('processes only the original the photo names: an event for another file under its id is skipped untouched', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const uploaded = await upload(deps, 'p6', await jpeg(64, 64));
    deps.objects.read = () => Promise.reject(new Error('must not download'));
    const other = { ...uploaded, id: 'forged', data: { ...uploaded.data, path: 'uploads/mallory/encore-2026/p6', uploaderUid: 'mallory' } };
    expect(await handleProcessPhoto(deps, other)).toEqual({ status: 'skipped', why: "uploads/mallory/encore-2026/p6 is not the photo's original (uploads/u1/encore-2026/p6)" });
    expect(deps.docs.data(photoPath('p6'))?.status).toBe('processing');
    expect([...deps.docs.store.keys()].some((path) => path.includes('/uploadQuotas/'))).toBe(false);
  });

  it('skips a photo that is gone and retries nothing when the original vanished', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const uploaded = await upload(deps, 'p3', await jpeg(64, 64));
    await deps.objects.delete(uploaded.data.path);
    expect(await handleProcessPhoto(deps, uploaded)).toEqual({ status: 'skipped', why: 'original is gone' });
    expect(await handleProcessPhoto(deps, event('photo.uploaded', { ...uploaded.data, photoId: 'never-created' }))).toEqual({ status: 'skipped', why: 'photo is gone' });
  });

  it('rejects an upload to a festival that does not exist', async () => {
    const deps = testDeps();
    expect(await handleProcessPhoto(deps, await upload(deps, 'p5', await jpeg(64, 64)))).toEqual({ status: 'rejected', reason: { code: 'no-festival' } });
  });

  it('lets infrastructure errors escape so Pub/Sub retries them', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const uploaded = await upload(deps, 'p4', await jpeg(64, 64));
    deps.objects.write = async () => {
      throw new Error('503 Service Unavailable');
    };
    await expect(handleProcessPhoto(deps, uploaded)).rejects.toThrow('503');
    expect(deps.docs.data(photoPath('p4'))?.status).toBe('processing');
  });
});

