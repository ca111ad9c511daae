/**
 * The photo pipeline on the local stack, driven as a visitor drives it: signed in on the
 * Auth emulator (email and password, not anonymous), uploading with the web SDK to
 * `uploads/{uid}/{festivalId}/{photoId}`. The functions create the photo as `processing`,
 * publish `photo.uploaded`, and `processPhoto` ends it `ready` (every rendition written,
 * metadata gone) or `rejected` with a reason. Outcomes are awaited on snapshots. The
 * repository's storage.rules are in force, as they always are on the official Emulator Suite.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { connectStorageEmulator, deleteObject, getBytes, getStorage, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { getStorage as adminStorage } from 'firebase-admin/storage';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths, message, storagePaths } from '@encore/model';
import { PHOTO_RENDITION_CACHE_CONTROL, PHOTO_RENDITION_VERSION, THUMBNAIL_FORMATS, THUMBNAIL_WIDTHS, rejectReasons } from '../../src/domain/image-policy.js';
import { emptyFile, gpsTaggedJpeg, heicHead, pngBomb, svg, textNamedJpg, truncatedJpeg } from '../../src/testing/fixtures.js';
import { FESTIVAL_ID, startEncoreStack, waitForDoc, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-photos-it';
let stack: EncoreStack;
let web: FirebaseApp;
let storage: FirebaseStorage;
let uid: string;

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, auth: true, rules: true });
  web = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key', storageBucket: stack.bucket }, 'photos-it');
  const auth = getAuth(web);
  connectAuthEmulator(auth, `http://${stack.hosts.auth}`, { disableWarnings: true });
  const [storageHost, storagePort] = stack.hosts.storage.split(':');
  storage = getStorage(web);
  connectStorageEmulator(storage, storageHost!, Number(storagePort));
  const { user } = await createUserWithEmailAndPassword(auth, 'photographer@encore.test', 'front-row-123');
  expect(user.isAnonymous).toBe(false);
  // Uploading needs a verified email (storage.rules): the photographer opened the link.
  await adminAuth(stack.admin).updateUser(user.uid, { emailVerified: true });
  await user.getIdToken(true);
  uid = user.uid;
});

afterAll(async () => {
  if (web) await deleteApp(web);
  await stack?.stop();
});

/**
 * Uploads with the web SDK (claiming JPEG, as a browser does for a .jpg) and waits for the
 * pipeline's verdict. An empty file the Storage rules refuse (`size > 0`), so only something
 * past them could store one: it is written with firebase-admin, as the pipeline must still
 * cope with it.
 */
async function uploadAndSettle(photoId: string, bytes: Buffer, performanceId?: string) {
  const photo = stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId));
  const path = storagePaths.upload({ uid, festivalId: FESTIVAL_ID, photoId });
  if (bytes.length === 0) {
    await adminStorage(stack.admin).bucket().file(path).save(bytes, { resumable: false, contentType: 'image/jpeg' });
  } else {
    await uploadBytes(ref(storage, path), new Uint8Array(bytes), {
      contentType: 'image/jpeg',
      ...(performanceId ? { customMetadata: { performanceId } } : {}),
    });
  }
  return waitForDoc(photo, (data) => data !== undefined && data.status !== 'processing', 90_000);
}

describe('a GPS-tagged, EXIF-rotated JPEG uploaded by a signed-in visitor', () => {
  // 2400x1800 stored, orientation 6: upright it is 1800x2400, wide enough for every width.
  // Taken at 23:15 festival time (21:15 UTC), during kae-main.
  const photoId = 'sunset-gps';
  let photo: FirebaseFirestore.DocumentData | undefined;

  beforeAll(async () => {
    photo = await uploadAndSettle(photoId, await gpsTaggedJpeg(2400, 1800, '2026:08:14 23:15:00'));
  });

  it('becomes ready, upright, with its capture time and a suggested set', () => {
    expect(photo).toMatchObject({ status: 'ready', rejectReason: null, uploaderUid: uid, width: 1800, height: 2400, suggestedPerformanceId: 'kae-main' });
    expect(photo?.capturedAt.toDate().toISOString()).toBe('2026-08-14T21:15:00.000Z');
    expect(photo?.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(typeof photo?.placeholder).toBe('string');
  });

  it('lists a thumbnail in every width and format, at the upright aspect ratio', () => {
    const expected = THUMBNAIL_WIDTHS.flatMap((width) => THUMBNAIL_FORMATS.map((format) => ({ width, format, height: Math.round((width * 4) / 3) })));
    const listed = (photo?.thumbnails as Array<{ width: number; height: number; format: string; path: string }>).map(({ width, height, format }) => ({ width, format, height }));
    expect(listed).toHaveLength(expected.length);
    expect(listed).toEqual(expect.arrayContaining(expected));
  });

  it('serves every derived file to the web SDK, with no GPS, EXIF or other metadata, upright and cacheable', async () => {
    for (const thumbnail of photo?.thumbnails as Array<{ width: number; height: number; format: string; path: string }>) {
      expect(thumbnail.path.startsWith(`${storagePaths.thumbnailFolder(FESTIVAL_ID, photoId)}${PHOTO_RENDITION_VERSION}-`)).toBe(true);
      const bytes = Buffer.from(await getBytes(ref(storage, thumbnail.path)));
      const metadata = await sharp(bytes).metadata();
      expect({ path: thumbnail.path, width: metadata.width, height: metadata.height }).toEqual({ path: thumbnail.path, width: thumbnail.width, height: thumbnail.height });
      expect(metadata.format).toBe(thumbnail.format === 'avif' ? 'heif' : thumbnail.format);
      expect({ path: thumbnail.path, exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc, orientation: metadata.orientation }).toEqual({
        path: thumbnail.path,
        exif: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      expect(await exifr.gps(bytes).catch(() => undefined), thumbnail.path).toBeUndefined();
      const [stored] = await adminStorage(stack.admin).bucket().file(thumbnail.path).getMetadata();
      expect(stored.cacheControl).toBe(PHOTO_RENDITION_CACHE_CONTROL);
    }
  });

  it('leaves the original as uploaded (sideways, with its GPS) under uploads/, outside the derived folder', async () => {
    // Read as the backend reads it: originals are never served to clients.
    const [original] = await adminStorage(stack.admin).bucket().file(storagePaths.upload({ uid, festivalId: FESTIVAL_ID, photoId })).download();
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(52.375, 2);
    expect(await sharp(original).metadata()).toMatchObject({ width: 2400, height: 1800, orientation: 6 });
  });
});

describe('files the pipeline refuses', () => {
  it.each([
    ['text-named-jpg', 'a text file named .jpg', textNamedJpg, rejectReasons.unknown],
    ['truncated', 'a truncated JPEG', truncatedJpeg, rejectReasons.corrupt],
    ['empty', 'a 0-byte file', emptyFile, rejectReasons.empty],
    ['png-bomb', 'a 20000x20000 PNG', pngBomb, rejectReasons.tooManyPixels(20000, 20000)],
    ['svg', 'an SVG drawing with a script', async () => svg(), rejectReasons.svg],
    ['heic', 'an HEIC photo (no HEVC decoder in sharp)', async () => heicHead(), rejectReasons.heic],
  ])('rejects %s (%s) with a clear reason, as a code and in words', async (photoId, _what, make, reason) => {
    const photo = await uploadAndSettle(photoId, await make());
    expect(photo).toMatchObject({ status: 'rejected', rejectReason: message('rejection', 'en', reason), rejection: reason, thumbnails: [] });
  });
});

describe('a photo of a chosen set, from upload to deletion', () => {
  const photoId = 'tent-crowd';
  // Photos per set's stage, as the staff dashboard reads them (performances keep only what staff write).
  const stages = () => stack.db.doc(firestorePaths.stats(FESTIVAL_ID, 'stages'));
  const tentPhotos = (data: Record<string, unknown> | undefined) => (data?.stages as Record<string, { photos: number }> | undefined)?.tent?.photos;

  it('counts towards the set once ready, and tells the uploader', async () => {
    const photo = await uploadAndSettle(photoId, await gpsTaggedJpeg(900, 600), 'kae-tent');
    expect(photo).toMatchObject({ status: 'ready', performanceId: 'kae-tent', suggestedPerformanceId: null });
    expect(tentPhotos(await waitForDoc(stages(), (data) => tentPhotos(data) === 1))).toBe(1);
    const notice = await waitForDoc(stack.db.doc(firestorePaths.notice(uid, `photo-${photoId}-ready`)), (data) => data !== undefined);
    expect(notice).toMatchObject({ kind: 'photo-ready' });
  });

  it('is marked deleted when its original is deleted, leaves the count, and its derived files go', async () => {
    // Listed as the backend lists (the rules let nobody list photos/).
    const derived = async () => (await adminStorage(stack.admin).bucket().getFiles({ prefix: storagePaths.thumbnailFolder(FESTIVAL_ID, photoId) }))[0].map((file) => file.name);
    expect((await derived()).length).toBeGreaterThan(0);
    await deleteObject(ref(storage, storagePaths.upload({ uid, festivalId: FESTIVAL_ID, photoId })));
    expect((await waitForDoc(stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId)), (data) => data?.status === 'deleted'))?.status).toBe('deleted');
    expect(tentPhotos(await waitForDoc(stages(), (data) => tentPhotos(data) === 0))).toBe(0);
    // The status change is one more photo change; its clean-up empties the derived folder.
    await stack.eventually(async () => (await derived()).length === 0, 'the derived folder emptied');
    expect(await derived()).toEqual([]);
  });
});
