import { describe, expect, it } from 'vitest';
import { artistSchema, dailyStatsSchema, firestorePaths, livePhotosSchema, liveSetsSchema, message, performanceSchema, photoSchema } from '@encore/model';
import { MAX_REDRIVES, redriveEventId } from '../domain/stuck-uploads.js';
import { FESTIVAL_ID, NOW, emptyBundle, event, seedFestival, testDeps, testPhoto, type TestDeps } from '../testing/deps.js';
import { encore2026 } from '@encore/model/seed';
import { MEMORY_BUCKET } from '../testing/memory-objects.js';
import { handleFavoriteChanged as acknowledgeFavorite } from './favorite-changed.js';
import { NIGHTLY_SUBSCRIBER, handleNightlyMaintenance } from './maintenance.js';
import { handleOriginalDeleted } from './photo-changed.js';
import { runPublicationTasks } from '../testing/publications.js';

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleFavoriteChanged(deps: TestDeps, e: Parameters<typeof acknowledgeFavorite>[1]): Promise<Awaited<ReturnType<typeof acknowledgeFavorite>>> {
  const result = await acknowledgeFavorite(deps, e);
  await runPublicationTasks(deps);
  return result;
}


const HOUR = 3600_000;

describe('nightly maintenance', () => {
  it('repairs the live counts corrupted on purpose, reports what it fixed, and finds nothing the second time', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    for (const uid of ['a', 'b', 'c']) {
      deps.docs.seed(firestorePaths.favorite(uid, 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW, established: true, reputable: true });
      await handleFavoriteChanged(deps, event('favorite.changed', { uid, festivalId: FESTIVAL_ID, performanceId: 'nina-main', change: 'added' }));
    }
    const live = firestorePaths.liveSets(FESTIVAL_ID);
    deps.docs.seed(live, { ...deps.docs.data(live), favorites: { 'nina-main': 999, ghost: 4 } });
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'ready', performanceId: 'kae-tent', reactionCount: 5, originalPath: 'uploads/u/encore-2026/ph1' }));
    deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph1', 'a'), { kind: 'love', createdAt: NOW });
    deps.docs.seed(firestorePaths.livePhotos(FESTIVAL_ID), { reactions: { ph1: { createdAt: NOW, love: 4, wow: 1 } }, publishedAt: NOW });

    const report = await handleNightlyMaintenance(deps);
    expect(report.reactionCountsMigrated).toEqual([{ festivalId: FESTIVAL_ID, photos: 1 }]);
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))).not.toHaveProperty('reactionCount');
    expect(livePhotosSchema.parse(deps.docs.data(firestorePaths.livePhotos(FESTIVAL_ID))).reactions).toEqual({ ph1: { createdAt: NOW, love: 1 } });
    expect(report.repairs).toEqual(
      expect.arrayContaining([
        { path: `${live}#favorites.nina-main`, field: 'favorites', was: 999, now: 3 },
        { path: `${live}#favorites.ghost`, field: 'favorites', was: 4, now: 0 },
        { path: `${firestorePaths.livePhotos(FESTIVAL_ID)}#reactions.ph1`, field: 'reactions', was: 5, now: 1 },
      ]),
    );
    expect(liveSetsSchema.parse(deps.docs.data(live))).toMatchObject({ favorites: { 'nina-main': 3 }, trending: [{ performanceId: 'nina-main', favorites: 3 }] });
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'))).toMatchObject({ favorites: 3, photos: 1, reactions: 1 });
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'stages'))).toMatchObject({ stages: { tent: { photos: 1 } } });

    // Counting continues from the truth after the repair.
    deps.docs.seed(firestorePaths.favorite('d', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: NOW });
    await handleFavoriteChanged(deps, event('favorite.changed', { uid: 'd', festivalId: FESTIVAL_ID, performanceId: 'nina-main', change: 'added' }));
    expect(liveSetsSchema.parse(deps.docs.data(live)).favorites['nina-main']).toBe(4);
    expect((await handleNightlyMaintenance(deps)).repairs).toEqual([]);
  });

  it('migrates the seed festival: counts leave the performances, the bundle is rebuilt once, the live document holds the favourites', async () => {
    const builds: string[] = [];
    const deps = testDeps({ bundler: { build: async (festivalId: string) => (builds.push(festivalId), emptyBundle(`bundle ${festivalId}`)) } as never });
    // Today's seed documents, as festivals deployed before the live document have them: counts on every set.
    const seed = encore2026();
    deps.docs.seed(firestorePaths.festival(FESTIVAL_ID), seed.festival);
    for (const { id, data } of seed.performances) deps.docs.seed(firestorePaths.performance(FESTIVAL_ID, id), { ...data, favoriteCount: 0, photoCount: 0 });
    const performances = seed.performances.map((performance) => performance.id);
    const staffFields = new Map(seed.performances.map(({ id, data }) => [id, Object.keys(data).filter((key) => key !== 'favoriteCount' && key !== 'photoCount').sort()]));
    const [first] = performances;
    deps.docs.seed(firestorePaths.favorite('a', first!), { festivalId: FESTIVAL_ID, performanceId: first!, createdAt: NOW });
    expect(performanceSchema.parse(deps.docs.data(firestorePaths.performance(FESTIVAL_ID, first!)))).toMatchObject({ favoriteCount: 0, photoCount: 0 });

    const report = await handleNightlyMaintenance(deps);
    expect(report.countsMigrated).toEqual([{ festivalId: FESTIVAL_ID, performances: performances.length }]);
    expect(builds).toEqual([FESTIVAL_ID]);
    for (const id of performances) {
      const data = deps.docs.data(firestorePaths.performance(FESTIVAL_ID, id))!;
      expect(Object.keys(data).sort()).toEqual(staffFields.get(id));
    }
    expect(liveSetsSchema.parse(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).favorites).toEqual({ [first!]: 1 });
    // Run again: nothing left to migrate, no rebuild.
    expect((await handleNightlyMaintenance(deps)).countsMigrated).toEqual([]);
    expect(builds).toEqual([FESTIVAL_ID]);
  });

  it('sweeps orphaned files and expired ledger entries, and keeps the original of a photo still processing', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const old = new Date(NOW.getTime() - 2 * HOUR);
    const photo = (id: string, status: 'processing' | 'ready' | 'hidden' | 'rejected' | 'deleted', createdAt = old) =>
      deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, id), testPhoto({ status, createdAt, updatedAt: createdAt, originalPath: `uploads/u/encore-2026/${id}`, ...(status === 'rejected' ? { rejectReason: 'No.' } : {}) }));
    photo('stuck', 'processing');
    photo('fresh', 'processing', new Date(NOW.getTime() - 10 * 60_000));
    photo('kept', 'ready');
    photo('hidden', 'hidden');
    photo('refused', 'rejected');
    for (const id of ['stuck', 'kept', 'hidden', 'refused', 'no-doc-old']) deps.objects.put(`uploads/u/encore-2026/${id}`, Buffer.from('x'), old);
    for (const id of ['fresh', 'no-doc-new']) deps.objects.put(`uploads/u/encore-2026/${id}`, Buffer.from('x'), NOW);
    // A second file under a photo's id (another uploader's): belongs to no photo.
    deps.objects.put('uploads/mallory/encore-2026/kept', Buffer.from('<html>'), old);
    deps.objects.put(`photos/${FESTIVAL_ID}/kept/320.webp`, Buffer.from('x'));
    deps.objects.put(`photos/${FESTIVAL_ID}/gone/320.webp`, Buffer.from('x'));
    const ledger = (expiresAt: Date) => ({ subscriber: 'a', eventId: 'e', processedAt: old, expiresAt });
    deps.docs.seed('eventLedger/a~1', ledger(new Date(NOW.getTime() - 1)));
    deps.docs.seed('eventLedger/a~2', ledger(new Date(NOW.getTime() + HOUR)));

    const report = await handleNightlyMaintenance(deps);
    expect(report.stuckRedriven).toEqual([firestorePaths.photo(FESTIVAL_ID, 'stuck')]);
    expect(report.ledgerEntriesPurged).toBe(1);
    expect(report.orphanFilesDeleted).toEqual(
      expect.arrayContaining(['uploads/u/encore-2026/refused', 'uploads/u/encore-2026/no-doc-old', 'uploads/mallory/encore-2026/kept']),
    );
    expect(deps.objects.paths()).toEqual([
      `photos/${FESTIVAL_ID}/kept/320.webp`,
      'uploads/u/encore-2026/fresh',
      'uploads/u/encore-2026/hidden',
      'uploads/u/encore-2026/kept',
      'uploads/u/encore-2026/no-doc-new',
      'uploads/u/encore-2026/stuck',
    ]);
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'stuck'))).toMatchObject({ status: 'processing', redrives: 1 });
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'fresh'))).toBeDefined();
    // The expired entry is gone; the unexpired one stays, beside the nights this run recorded.
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('eventLedger/a~'))).toEqual(['eventLedger/a~2']);
  });

  it("rolls up yesterday's figures in the festival's zone, the same on a second run", async () => {
    const deps = testDeps({ now: () => new Date('2026-08-15T02:30:00Z') });
    seedFestival(deps.docs);
    // Two favourites held from the evening of the 14th (local), and one given just after midnight (the 15th).
    for (const [uid, createdAt] of [['b', '2026-08-14T20:00:00Z'], ['c', '2026-08-14T21:59:00Z'], ['d', '2026-08-14T22:01:00Z']] as const) {
      deps.docs.seed(firestorePaths.favorite(uid, 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(createdAt) });
    }
    const first = await handleNightlyMaintenance(deps);
    expect(first.dailyRollups).toEqual([`${FESTIVAL_ID}/daily-2026-08-14`]);
    const daily = dailyStatsSchema.parse(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'daily-2026-08-14')));
    expect(daily).toMatchObject({ day: '2026-08-14', favoritesAdded: 2, favoritesRemoved: 0, photosUploaded: 0 });
    await handleNightlyMaintenance(deps);
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'daily-2026-08-14'))).toEqual(daily);
  });

  it('deletes staff images nothing points at: a deleted artist’s, a replaced one left behind, a logo without its document, stray originals; keeps the shown (an app icon’s too) and the one in the works', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const old = new Date(NOW.getTime() - 2 * HOUR);
    const image = (uploadId: string) => ({ uploadId, width: 10, height: 10, renditions: [{ width: 10, height: 10, format: 'webp', path: `media/${FESTIVAL_ID}/artists/nina/${uploadId}/10.webp`, bytes: 1 }], dominantColor: '#000000', placeholder: 'x', updatedAt: old });
    deps.docs.seed(firestorePaths.artist(FESTIVAL_ID, 'nina'), { name: 'Nina', bio: '', genres: [], image: image('shown'), imageUpload: { uploadId: 'next', status: 'processing', rejectReason: null, updatedAt: old } });
    deps.docs.seed(firestorePaths.brandImage(FESTIVAL_ID, 'icon'), { image: { ...image('icon1'), icons: [{ purpose: 'any', size: 512, path: `media/${FESTIVAL_ID}/brand/icon/icon1/any-512.png`, bytes: 1 }] }, updatedAt: old });
    for (const path of ['artists/nina/shown/10.webp', 'artists/nina/next/10.webp', 'artists/nina/replaced/10.webp', 'artists/ghost/gone/10.webp', 'venue/map/plan/960.webp', 'brand/icon/icon1/any-512.png', 'brand/logo/logo0/160.webp']) deps.objects.put(`media/${FESTIVAL_ID}/${path}`, Buffer.from('x'), old);
    deps.objects.put(`media/${FESTIVAL_ID}/artists/nina/brand-new/10.webp`, Buffer.from('x'), NOW);
    for (const path of ['artists/nina/next', 'artists/nina/stale']) deps.objects.put(`staff-uploads/${FESTIVAL_ID}/${path}`, Buffer.from('x'), old);

    const report = await handleNightlyMaintenance(deps);
    expect(report.orphanFilesDeleted).toEqual(
      expect.arrayContaining([`media/${FESTIVAL_ID}/artists/nina/replaced/`, `media/${FESTIVAL_ID}/artists/ghost/gone/`, `media/${FESTIVAL_ID}/venue/map/plan/`, `media/${FESTIVAL_ID}/brand/logo/logo0/`, `staff-uploads/${FESTIVAL_ID}/artists/nina/stale`]),
    );
    expect(deps.objects.paths()).toEqual([
      `media/${FESTIVAL_ID}/artists/nina/brand-new/10.webp`,
      `media/${FESTIVAL_ID}/artists/nina/next/10.webp`,
      `media/${FESTIVAL_ID}/artists/nina/shown/10.webp`,
      `media/${FESTIVAL_ID}/brand/icon/icon1/any-512.png`,
      `staff-uploads/${FESTIVAL_ID}/artists/nina/next`,
    ]);
  });
});

describe('issue 24: originals kept only for the festival’s retention period', () => {
  const DAY = 24 * HOUR;
  const thumbnail = (photoId: string) => ({ width: 320, height: 240, format: 'webp' as const, path: `photos/${FESTIVAL_ID}/${photoId}/320.webp`, bytes: 10 });
  /** A photo uploaded `daysAgo` days ago, with its original and (when ready) its rendition. */
  function photoFrom(deps: TestDeps, photoId: string, daysAgo: number, status: 'ready' | 'hidden' | 'processing' = 'ready') {
    const at = new Date(NOW.getTime() - daysAgo * DAY);
    const originalPath = `uploads/u1/${FESTIVAL_ID}/${photoId}`;
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, photoId), testPhoto({ status, originalPath, thumbnails: status === 'processing' ? [] : [thumbnail(photoId)], createdAt: at, updatedAt: at }));
    deps.objects.put(originalPath, Buffer.from('original'), at);
    if (status !== 'processing') deps.objects.put(thumbnail(photoId).path, Buffer.from('rendition'), at);
    return originalPath;
  }

  it('deletes the original of a photo up longer than the retention, keeps its renditions and status; the deletion event leaves it up', async () => {
    const deps = testDeps(); // retention 14 days
    seedFestival(deps.docs);
    const old = photoFrom(deps, 'old', 15);
    const oldHidden = photoFrom(deps, 'old-hidden', 20, 'hidden');
    const recent = photoFrom(deps, 'recent', 13);
    const report = await handleNightlyMaintenance(deps);
    expect(report.originalsRetired.sort()).toEqual([`${FESTIVAL_ID}/old`, `${FESTIVAL_ID}/old-hidden`]);
    expect(deps.objects.paths('uploads/')).toEqual([recent]);
    expect(deps.objects.paths('photos/').sort()).toEqual([thumbnail('old').path, thumbnail('old-hidden').path, thumbnail('recent').path].sort());
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'old'))).toMatchObject({ status: 'ready', originalRetiredAt: NOW });
    // The Storage trigger for the deletion: the photo stays on the wall.
    await handleOriginalDeleted(deps, event('photo.original-deleted', { festivalId: FESTIVAL_ID, photoId: 'old', path: old }));
    await handleOriginalDeleted(deps, event('photo.original-deleted', { festivalId: FESTIVAL_ID, photoId: 'old-hidden', path: oldHidden }));
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'old'))?.status).toBe('ready');
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'old-hidden'))?.status).toBe('hidden');
    // A second night changes nothing.
    expect((await handleNightlyMaintenance(deps)).originalsRetired).toEqual([]);
  });

  it('follows the festival’s own retention, and never retires an original still being processed', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.festival(FESTIVAL_ID), { ...deps.docs.data(firestorePaths.festival(FESTIVAL_ID)), originalRetentionDays: 2 });
    photoFrom(deps, 'three-days', 3);
    const one = photoFrom(deps, 'one-day', 1);
    const stuck = photoFrom(deps, 'stuck', 30, 'processing');
    expect((await handleNightlyMaintenance(deps)).originalsRetired).toEqual([`${FESTIVAL_ID}/three-days`]);
    expect(deps.objects.paths('uploads/')).toEqual(expect.arrayContaining([one, stuck]));
    expect(deps.objects.paths('uploads/')).not.toContain(`uploads/u1/${FESTIVAL_ID}/three-days`);
  });
});

describe('nightly maintenance of uploads stuck in processing', () => {
  const HOURS = (n: number) => new Date(NOW.getTime() + n * HOUR);
  const original = `uploads/u/${FESTIVAL_ID}/stuck`;
  const photoPath = firestorePaths.photo(FESTIVAL_ID, 'stuck');

  it('sends a stuck photo through the pipeline again a night at a time, counting attempts, then refuses it as unprocessable', async () => {
    let now = NOW;
    const deps = testDeps({ now: () => now });
    seedFestival(deps.docs);
    const old = new Date(NOW.getTime() - 2 * HOUR);
    deps.docs.seed(photoPath, testPhoto({ status: 'processing', uploaderUid: 'u', performanceId: 'kae-tent', createdAt: old, updatedAt: old, originalPath: original }));
    const generation = deps.objects.put(original, Buffer.from('jpeg bytes'), old);

    for (let attempt = 1; attempt <= MAX_REDRIVES; attempt++) {
      const report = await handleNightlyMaintenance(deps);
      expect(report.stuckRedriven).toEqual([photoPath]);
      expect(deps.docs.data(photoPath)).toMatchObject({ status: 'processing', redrives: attempt, updatedAt: now });
      // A second run the same night sends nothing more: the photo moved less than an hour ago.
      expect((await handleNightlyMaintenance(deps)).stuckRedriven).toEqual([]);
      now = HOURS(24 * attempt);
    }
    const sent = deps.publisher.ofType('photo.uploaded');
    expect(sent.map((event) => event.id)).toEqual([1, 2, 3].map((attempt) => redriveEventId(original, attempt)));
    expect(sent[0]!.data).toEqual({
      bucket: MEMORY_BUCKET,
      path: original,
      uploaderUid: 'u',
      festivalId: FESTIVAL_ID,
      photoId: 'stuck',
      claimedContentType: null,
      size: 'jpeg bytes'.length,
      generation,
      performanceId: 'kae-tent',
    });

    const last = await handleNightlyMaintenance(deps);
    expect(last).toMatchObject({ stuckRedriven: [], stuckRejected: [photoPath] });
    const photo = photoSchema.parse(deps.docs.data(photoPath));
    expect(photo).toMatchObject({ status: 'rejected', rejection: { code: 'unprocessable' }, rejectReason: message('rejection', 'en', { code: 'unprocessable' }), redrives: MAX_REDRIVES });
    expect(deps.publisher.ofType('photo.uploaded')).toHaveLength(MAX_REDRIVES);
  });

  it('refuses a stuck photo whose original is gone at once, and leaves a photo that moved within the hour alone', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const old = new Date(NOW.getTime() - 2 * HOUR);
    deps.docs.seed(photoPath, testPhoto({ status: 'processing', createdAt: old, updatedAt: old, originalPath: original }));
    const recent = firestorePaths.photo(FESTIVAL_ID, 'recent');
    deps.docs.seed(recent, testPhoto({ status: 'processing', createdAt: old, updatedAt: new Date(NOW.getTime() - 10 * 60_000), redrives: 1, originalPath: `uploads/u/${FESTIVAL_ID}/recent` }));

    const report = await handleNightlyMaintenance(deps);
    expect(report).toMatchObject({ stuckRedriven: [], stuckRejected: [photoPath] });
    expect(deps.docs.data(photoPath)).toMatchObject({ status: 'rejected', rejection: { code: 'gone' } });
    expect(deps.docs.data(recent)).toMatchObject({ status: 'processing', redrives: 1 });
    expect(deps.publisher.published).toEqual([]);
  });

  it("sends staff's stuck artist picture, site plan and app icon again, then refuses them with a reason, deleting the original and keeping the image shown", async () => {
    let now = NOW;
    const deps = testDeps({ now: () => now });
    seedFestival(deps.docs);
    const old = new Date(NOW.getTime() - 2 * HOUR);
    const processing = (uploadId: string) => ({ uploadId, status: 'processing', rejectReason: null, updatedAt: old });
    const shown = { uploadId: 'shown', width: 10, height: 10, renditions: [{ width: 10, height: 10, format: 'webp', path: `media/${FESTIVAL_ID}/artists/nina/shown/10.webp`, bytes: 1 }], dominantColor: '#000000', placeholder: 'x', updatedAt: old };
    const nina = firestorePaths.artist(FESTIVAL_ID, 'nina');
    const plan = `festivals/${FESTIVAL_ID}/venue/map`;
    deps.docs.seed(nina, { name: 'Nina', bio: '', genres: [], image: shown, imageUpload: processing('next') });
    deps.docs.seed(plan, { markers: [], routes: [], updatedAt: old, imageUpload: processing('plan') });
    const icon = firestorePaths.brandImage(FESTIVAL_ID, 'icon');
    deps.docs.seed(icon, { updatedAt: old, imageUpload: processing('icon') });
    const ninaOriginal = `staff-uploads/${FESTIVAL_ID}/artists/nina/next`;
    deps.objects.put(ninaOriginal, Buffer.from('png'), old);
    deps.objects.put(`staff-uploads/${FESTIVAL_ID}/venue/map/plan`, Buffer.from('png'), old);
    deps.objects.put(`staff-uploads/${FESTIVAL_ID}/brand/icon/icon`, Buffer.from('png'), old);

    for (let attempt = 1; attempt <= MAX_REDRIVES; attempt++) {
      expect((await handleNightlyMaintenance(deps)).stuckRedriven).toEqual([nina, plan, icon]);
      expect(deps.docs.data(nina)).toMatchObject({ imageUpload: { uploadId: 'next', status: 'processing', redrives: attempt } });
      now = HOURS(24 * attempt);
    }
    const sent = deps.publisher.ofType('media.uploaded');
    expect(sent).toHaveLength(3 * MAX_REDRIVES);
    expect(sent.at(-1)).toMatchObject({ data: { subject: 'brand/icon', uploadId: 'icon' } });
    expect(sent[0]).toMatchObject({ id: redriveEventId(ninaOriginal, 1), data: { path: ninaOriginal, festivalId: FESTIVAL_ID, subject: 'artists/nina', uploadId: 'next', size: 3 } });

    expect((await handleNightlyMaintenance(deps)).stuckRejected).toEqual([nina, plan, icon]);
    const artist = artistSchema.parse(deps.docs.data(nina));
    expect(artist.imageUpload).toMatchObject({ status: 'rejected', rejection: { code: 'unprocessable' }, rejectReason: message('rejection', 'en', { code: 'unprocessable' }) });
    expect(artist.image?.uploadId).toBe('shown');
    expect(deps.objects.paths('staff-uploads/')).toEqual([]);
  });
});

describe('issue 35: each festival’s night on its own clock, archived ones left alone', () => {
  const festival = (timeZone: string, extra: Record<string, unknown> = {}) => ({ name: 'Edition', timeZone, startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Somewhere', ...extra });
  const totals = (festivalId: string) => firestorePaths.stats(festivalId, 'totals');
  /** Runs the hourly job at a UTC instant; the festivals whose night it did. */
  async function runAt(deps: TestDeps, iso: string): Promise<string[]> {
    const report = await handleNightlyMaintenance(testDeps({ docs: deps.docs, objects: deps.objects, now: () => new Date(iso) }));
    return report.nights;
  }

  it('does Amsterdam’s and New York’s night at their own 04:00, once each, whatever the runs in between', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.festival('ams'), festival('Europe/Amsterdam'));
    deps.docs.seed(firestorePaths.festival('nyc'), festival('America/New_York'));
    // 01:00 UTC on the 15th: 03:00 in Amsterdam, 21:00 on the 14th in New York. First runs ever do the night that has passed.
    expect(await runAt(deps, '2026-08-15T01:00:00Z')).toEqual(['ams~2026-08-14', 'nyc~2026-08-14', '(project)~2026-08-14']);
    // 02:00 UTC: 04:00 in Amsterdam: its night of the 15th; New York's has not come.
    expect(await runAt(deps, '2026-08-15T02:00:00Z')).toEqual(['ams~2026-08-15']);
    // The same hour again (a retry, a second instance): nothing twice.
    expect(await runAt(deps, '2026-08-15T02:00:00Z')).toEqual([]);
    expect(await runAt(deps, '2026-08-15T03:00:00Z')).toEqual([]);
    // 04:00 UTC: the project's night (UTC); 08:00 UTC: 04:00 in New York.
    expect(await runAt(deps, '2026-08-15T04:00:00Z')).toEqual(['(project)~2026-08-15']);
    expect(await runAt(deps, '2026-08-15T07:00:00Z')).toEqual([]);
    expect(await runAt(deps, '2026-08-15T08:00:00Z')).toEqual(['nyc~2026-08-15']);
    expect(await runAt(deps, '2026-08-15T09:00:00Z')).toEqual([]);
    // The nights are in the ledger, where the nightly purge finds them once expired.
    expect(deps.docs.data(`eventLedger/${NIGHTLY_SUBSCRIBER}~${encodeURIComponent('nyc~2026-08-15')}`)).toMatchObject({ subscriber: NIGHTLY_SUBSCRIBER, eventId: 'nyc~2026-08-15' });
  });

  it('does a night’s work at that night (the festival’s counts recounted), and none for an archived festival, whose counts stay', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.festival('open'), festival('Europe/Amsterdam'));
    deps.docs.seed(firestorePaths.festival('past'), festival('Europe/Amsterdam', { archivedAt: new Date('2026-08-20T10:00:00Z') }));
    for (const festivalId of ['open', 'past']) {
      const thumbnails = [{ width: 320, height: 240, format: 'webp' as const, path: `photos/${festivalId}/ph1/320.webp`, bytes: 100 }];
      deps.docs.seed(firestorePaths.photo(festivalId, 'ph1'), testPhoto({ status: 'ready', originalPath: `uploads/u/${festivalId}/ph1`, thumbnails }));
      deps.docs.seed(totals(festivalId), { favorites: 0, photos: 7, reactions: 0, reports: 0 });
    }
    const report = await handleNightlyMaintenance(testDeps({ docs: deps.docs, objects: deps.objects, now: () => new Date('2026-09-05T02:00:00Z') }));
    expect(report.nights).toEqual(['open~2026-09-05', '(project)~2026-09-04']);
    expect(report.archivedSkipped).toEqual(['past']);
    expect(deps.docs.data(totals('open'))).toMatchObject({ photos: 1 });
    expect(deps.docs.data(firestorePaths.photo('open', 'ph1'))).toHaveProperty('originalRetiredAt');
    // The archived festival's figures, photo and its original are as they were: no recount, no retirement, no roll-up.
    expect(deps.docs.data(totals('past'))).toEqual({ favorites: 0, photos: 7, reactions: 0, reports: 0 });
    expect(deps.docs.data(firestorePaths.photo('past', 'ph1'))).not.toHaveProperty('originalRetiredAt');
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('festivals/past/stats/daily-'))).toEqual([]);
    expect([...deps.docs.store.keys()].filter((path) => path.includes('past~'))).toEqual([]);
  });
});
