// @vitest-environment node
/**
 * "More photos" on the festival's photo wall, in Chromium against the whole local stack and
 * the production build: with more ready photos than the published wall carries
 * (`live/photos.wall`, LIVE_WALL_SIZE), the wall first shows the newest ones the functions
 * published, and pressing "More photos" brings the older ones (a one-off query), newest
 * first after them, each photo once; then the button goes, as nothing older remains. Phone
 * size; axe before and after. Lean: the photos are written ready as the pipeline leaves them
 * (no upload; only the newest has a rendition in Storage, the others show their colour), and
 * the functions publish the wall from them as they do in production. The newest one's image
 * loads from the published tile, which carries no rendition paths (the app derives them).
 */
import { LIVE_WALL_SIZE, firestorePaths, storagePaths, type Photo } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import type { LocalStack } from './local-stack';
import { useBrowserSession } from './session';

const F = encore2026().festivalId;
const LIVE = 60_000;
/** Older photos than the wall carries: fewer than a page, so one press brings them all. */
const OLDER = 5;
const TOTAL = LIVE_WALL_SIZE + OLDER;
let stack: LocalStack;
let admin: App;
const { newPage, uncaught } = useBrowserSession('photos-more-test', (session) => {
  ({ stack, admin } = session);
});

/** Photo i's uploader name: "Fan 01" is the newest. */
const fan = (i: number) => `Fan ${String(i + 1).padStart(2, '0')}`;

/** A photo written ready, as the pipeline leaves it (without renditions unless given: it shows its colour). */
function readyPhoto(photo: { uploaderUid: string; uploaderName: string; photoId: string; createdAt: Date; dominantColor: string; thumbnails?: Photo['thumbnails'] }): Photo {
  return {
    uploaderUid: photo.uploaderUid,
    uploaderName: photo.uploaderName,
    performanceId: null,
    status: 'ready',
    rejectReason: null,
    originalPath: `uploads/${photo.uploaderUid}/${F}/${photo.photoId}`,
    width: 1200,
    height: 900,
    thumbnails: photo.thumbnails ?? [],
    dominantColor: photo.dominantColor,
    placeholder: null,
    capturedAt: null,
    reportCount: 0,
    createdAt: photo.createdAt,
    updatedAt: photo.createdAt,
  };
}

beforeAll(async () => {
  const db = getFirestore(admin);
  // The newest photo's one rendition, where the pipeline puts it.
  const rendition = storagePaths.thumbnail(F, 'more-00', 320, 'jpg');
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#ff3d7f' } }).jpeg().toBuffer();
  await getStorage(admin).bucket(`${stack.projectId}.appspot.com`).file(rendition).save(jpeg, { contentType: 'image/jpeg' });
  const newest = Date.now();
  const batch = db.batch();
  for (let i = 0; i < TOTAL; i++) {
    const photo = readyPhoto({
      uploaderUid: `more-photos-uploader-${i}`,
      uploaderName: fan(i),
      photoId: `more-${i}`,
      createdAt: new Date(newest - i * 60_000),
      dominantColor: '#336699',
      thumbnails: i === 0 ? [{ width: 320, height: 240, format: 'jpeg', path: rendition, bytes: jpeg.byteLength }] : [],
    });
    batch.set(db.doc(firestorePaths.photo(F, `more-${String(i).padStart(2, '0')}`)), photo);
  }
  await batch.commit();
  // The functions publish the newest LIVE_WALL_SIZE as the wall (photo.changed → publishWallPhoto).
  const live = db.doc(firestorePaths.livePhotos(F));
  const deadline = Date.now() + 120_000;
  while (((await live.get()).get('wall') as unknown[] | undefined)?.length !== LIVE_WALL_SIZE) {
    if (Date.now() > deadline) throw new Error('the wall was not published with its newest photos');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 180_000);

/** The uploader names on the wall's tiles, top to bottom. */
const fansShown = (page: Page) =>
  page.locator('.photo-tile').evaluateAll((tiles) => tiles.map((tile) => /Fan \d\d/.exec(tile.textContent ?? '')?.[0] ?? '?'));

describe('the photo wall', () => {
  it('shows the published newest photos, and the older ones in order, each once, when "More photos" is pressed', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/photos`);
    const expected = Array.from({ length: TOTAL }, (_, i) => fan(i));
    // First the wall as published: the newest LIVE_WALL_SIZE, newest first.
    await expect.poll(() => fansShown(page), { timeout: LIVE }).toEqual(expected.slice(0, LIVE_WALL_SIZE));
    // The newest tile's image, from a path the app derived (the published tile carries none).
    const firstImage = page.locator('.photo-tile').first().locator('img');
    // Loaded (a broken image has no natural width; this one's is its srcset width scaled to `sizes`).
    await expect.poll(() => firstImage.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), { timeout: LIVE }).toBe(true);
    expect(await firstImage.evaluate((img) => (img as HTMLImageElement).currentSrc)).toContain(encodeURIComponent(`photos/${F}/more-00/320.jpg`));
    const more = page.getByRole('button', { name: 'More photos' });
    await more.waitFor({ timeout: LIVE });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await more.click();
    // The older ones after them, in order, none twice (the names are the photos' own, one each).
    await expect.poll(() => fansShown(page), { timeout: LIVE }).toEqual(expected);
    // Fewer than a page came back: nothing older remains, so the button goes.
    await expect.poll(() => more.count(), { timeout: LIVE }).toBe(0);
    expect(new Set(await fansShown(page)).size).toBe(TOTAL);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'photos-more');
    expect(uncaught(page)).toEqual([]);
  }, 240_000);

  it('keeps the photo open in the lightbox when a newer one is published at the top of the wall', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/photos`);
    await expect.poll(async () => (await fansShown(page))[1], { timeout: LIVE }).toBe(fan(1));
    await page.locator('.photo-tile').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.innerText(), { timeout: LIVE }).toContain(`by ${fan(1)}`);
    expect(await dialog.innerText()).toContain('Photo 2 of');

    // A newer photo, ready, as the pipeline leaves it: the functions publish it first on the wall.
    const db = getFirestore(admin);
    await db.doc(firestorePaths.photo(F, 'more-newer')).set(readyPhoto({ uploaderUid: 'more-photos-newer', uploaderName: 'Newest Fan', photoId: 'newer', createdAt: new Date(), dominantColor: '#663399' }));
    // The wall behind the dialog now starts with it...
    await expect.poll(async () => ((await db.doc(firestorePaths.livePhotos(F)).get()).get('wall') as Array<{ id: string }> | undefined)?.[0]?.id, { timeout: LIVE }).toBe('more-newer');
    await expect.poll(() => dialog.innerText(), { timeout: LIVE }).toContain('Photo 3 of');
    // ...and the lightbox still shows the photo the person opened, one place further down.
    expect(await dialog.innerText()).toContain(`by ${fan(1)}`);
    expect(uncaught(page)).toEqual([]);
  }, 180_000);
});
