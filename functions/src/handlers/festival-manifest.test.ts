import { describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { APP_ICONS } from '../domain/festival-manifest.js';
import { ICON } from '../testing/brand-images.js';
import { FESTIVAL_ID, NOW, TEST_SETTINGS, seedFestival, testDeps } from '../testing/deps.js';
import { handleFestivalManifest } from './festival-manifest.js';
import { FIRST_PAGE_CACHE_CONTROL } from './first-page.js';

const get = (path: string, ifNoneMatch?: string) => ({ method: 'GET', path, ifNoneMatch });
const path = `/f/${FESTIVAL_ID}/manifest.webmanifest`;

describe('handleFestivalManifest', () => {
  it("answers the festival's manifest as application/manifest+json, cacheable as the first page is", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const answer = await handleFestivalManifest(deps, get(path));
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': FIRST_PAGE_CACHE_CONTROL });
    expect(answer.headers['etag']).toMatch(/^"[\w-]{27}"$/);
    expect(JSON.parse(answer.body)).toMatchObject({ name: 'Encore', short_name: 'Encore', start_url: `/f/${FESTIVAL_ID}/`, scope: `/f/${FESTIVAL_ID}/` });
  });

  it('answers a revalidation of the same manifest with a 304, and a renamed festival with the new one', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const first = await handleFestivalManifest(deps, get(path));
    expect(await handleFestivalManifest(deps, get(path, first.headers['etag']))).toMatchObject({ status: 304, body: '' });
    await deps.docs.batch((batch) => batch.set(`festivals/${FESTIVAL_ID}`, { name: 'Encore Twenty' }, { merge: true }));
    const renamed = await handleFestivalManifest(deps, get(path, first.headers['etag']));
    expect(renamed.status).toBe(200);
    expect(JSON.parse(renamed.body)).toMatchObject({ name: 'Encore Twenty', short_name: 'Encore' });
  });

  it("lists the festival's own icons once it has one, at the public files' address, and a new icon is a new ETag", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const before = await handleFestivalManifest(deps, get(path));
    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'icon'), { image: ICON, updatedAt: NOW });
    const after = await handleFestivalManifest(deps, get(path, before.headers['etag']));
    expect(after.status).toBe(200);
    const icons = (JSON.parse(after.body) as { icons: Array<{ src: string; purpose: string }> }).icons;
    expect(icons.map((icon) => [icon.src, icon.purpose])).toEqual([
      [`${TEST_SETTINGS.publicFilesBase}${encodeURIComponent(ICON.icons![1]!.path)}?alt=media`, 'any'],
      [`${TEST_SETTINGS.publicFilesBase}${encodeURIComponent(ICON.icons![2]!.path)}?alt=media`, 'any'],
      [`${TEST_SETTINGS.publicFilesBase}${encodeURIComponent(ICON.icons![3]!.path)}?alt=media`, 'maskable'],
    ]);
  });

  it("keeps the app's icons while the festival's first icon is processing", async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'icon'), { imageUpload: { uploadId: 'u1', status: 'processing', rejectReason: null, updatedAt: NOW }, updatedAt: NOW });
    expect(JSON.parse((await handleFestivalManifest(deps, get(path))).body)).toMatchObject({ icons: APP_ICONS });
  });

  it('answers 404 for a festival that does not exist and an address that names none', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const wrong of ['/f/no-such-festival/manifest.webmanifest', '/f/No_Such/manifest.webmanifest', '/manifest.webmanifest']) {
      expect([wrong, (await handleFestivalManifest(deps, get(wrong))).status]).toEqual([wrong, 404]);
    }
  });

  it('answers 503, not cached, when the festival cannot be read', async () => {
    const deps = testDeps();
    deps.docs.get = async () => {
      throw new Error('unavailable');
    };
    const answer = await handleFestivalManifest(deps, get(path));
    expect([answer.status, answer.headers['cache-control']]).toEqual([503, 'no-store']);
  });

  it('refuses other methods than GET and HEAD with 405 and Allow', async () => {
    const answer = await handleFestivalManifest(testDeps(), { method: 'POST', path, ifNoneMatch: undefined });
    expect([answer.status, answer.headers['allow']]).toEqual([405, 'GET, HEAD']);
  });
});
