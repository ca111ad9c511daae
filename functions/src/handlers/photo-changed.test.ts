import { describe, expect, it } from 'vitest';
import { firestorePaths, noticeSchema, type PhotoStatus } from '@encore/model';
import { billedReads } from '../testing/billed-reads.js';
import { FESTIVAL_ID, event, seedFestival, testDeps, testPhoto } from '../testing/deps.js';
import { ledgerPath } from '../domain/ledger.js';
import { COUNT_PHOTO, handleOriginalDeleted, handlePhotoCleanup, handlePhotoCounts, handleUploaderNotice, publishPhotoChanged } from './photo-changed.js';

const ids = { festivalId: FESTIVAL_ID, photoId: 'ph1' };
const doc = (status: PhotoStatus, performanceId: string | null = 'nina-main') =>
  testPhoto({ status, performanceId, uploaderUid: 'u1', originalPath: 'uploads/u1/encore-2026/ph1', ...(status === 'rejected' ? { rejectReason: 'Not a photo.' } : {}) });
const changed = (before: { status: 'processing' | 'ready' | 'rejected' | 'hidden' | 'deleted'; performanceId: string | null } | null, after: typeof before, id?: string) =>
  event('photo.changed', { ...ids, uploaderUid: 'u1', originalPath: 'uploads/u1/encore-2026/ph1', before, after }, id);

describe('photo changes', () => {
  it('are published for status and performance changes only', async () => {
    const deps = testDeps();
    await publishPhotoChanged(deps, 'e1', ids, undefined, doc('processing'));
    await publishPhotoChanged(deps, 'e2', ids, doc('processing'), doc('ready'));
    await publishPhotoChanged(deps, 'e3', ids, doc('ready'), { ...doc('ready'), reactionCount: 4 });
    await publishPhotoChanged(deps, 'e4', ids, doc('ready'), doc('ready', 'kae-main'));
    await publishPhotoChanged(deps, 'e5', ids, doc('ready'), undefined);
    expect(deps.publisher.published.map((e) => [e.id, e.type])).toEqual([
      ['e1', 'photo.changed'],
      ['e2', 'photo.changed'],
      ['e4', 'photo.changed'],
      ['e5', 'photo.changed'],
    ]);
    expect(deps.publisher.ofType('photo.changed')[3]!.data).toMatchObject({ before: { status: 'ready', performanceId: 'nina-main' }, after: null });
  });

  it('keep the festival photo figures to the ready photos, once per event, without touching the performances', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const nina = deps.docs.data(firestorePaths.performance(FESTIVAL_ID, 'nina-main'));
    const ready = changed({ status: 'processing', performanceId: 'nina-main' }, { status: 'ready', performanceId: 'nina-main' });
    await handlePhotoCounts(deps, changed(null, { status: 'processing', performanceId: 'nina-main' }));
    await handlePhotoCounts(deps, ready);
    await handlePhotoCounts(deps, ready);
    const stages = () => deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'stages'))?.stages as Record<string, { photos: number }>;
    expect(stages().main?.photos).toBe(1);
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'))).toMatchObject({ photos: 1 });
    await handlePhotoCounts(deps, changed({ status: 'ready', performanceId: 'nina-main' }, { status: 'ready', performanceId: 'kae-tent' }));
    expect([stages().main?.photos, stages().tent?.photos]).toEqual([0, 1]);
    await handlePhotoCounts(deps, changed({ status: 'ready', performanceId: 'kae-tent' }, { status: 'hidden', performanceId: 'kae-tent' }));
    expect(stages().tent?.photos).toBe(0);
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'))).toMatchObject({ photos: 0 });
    expect(deps.docs.data(firestorePaths.performance(FESTIVAL_ID, 'nina-main'))).toEqual(nina);
    const daily = [...deps.docs.store].filter(([path]) => path.includes('/dailyShards/2026-08-14_')).map(([, data]) => data);
    expect(daily.reduce((sum, shard) => sum + Number(shard.photosUploaded ?? 0), 0)).toBe(1);
    // Today's figures for the dashboard, as they happen (no nightly job).
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'today'))).toMatchObject({ day: '2026-08-14', photosUploaded: 1, photosRejected: 0, reactions: 0, reports: 0 });
  });

  it('refresh the dashboard once a photo, when it leaves processing: its upload counted on arrival costs 2 reads, not 24', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    const reads = billedReads(deps.docs);
    const today = () => deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'today'));
    const uploaded = changed(null, { status: 'processing', performanceId: null });
    await handlePhotoCounts(deps, uploaded);
    // The ledger and the festival (its clock); no shard read, no stats document written.
    expect(reads.paths).toEqual([ledgerPath(COUNT_PHOTO, uploaded.id), firestorePaths.festival(FESTIVAL_ID)]);
    expect(today()).toBeUndefined();
    const daily = [...deps.docs.store].filter(([path]) => path.includes('/dailyShards/2026-08-14_')).map(([, data]) => data);
    expect(daily.reduce((sum, shard) => sum + Number(shard.photosUploaded ?? 0), 0)).toBe(1);
    // The pipeline's verdict refreshes them, the upload included (and so would a rejection or a deletion).
    await handlePhotoCounts(deps, changed({ status: 'processing', performanceId: null }, { status: 'ready', performanceId: null }));
    expect(today()).toMatchObject({ day: '2026-08-14', photosUploaded: 1, photosRejected: 0 });
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'))).toMatchObject({ photos: 1 });
  });

  it('delete derived files and the original when the photo goes, and only then', async () => {
    const deps = testDeps();
    for (const name of ['320.webp', '320.avif', '320.jpg']) deps.objects.put(`photos/${FESTIVAL_ID}/ph1/${name}`, Buffer.from('x'));
    deps.objects.put(`photos/${FESTIVAL_ID}/ph10/320.webp`, Buffer.from('x'));
    deps.objects.put('uploads/u1/encore-2026/ph1', Buffer.from('x'));
    expect(await handlePhotoCleanup(deps, changed({ status: 'ready', performanceId: null }, { status: 'hidden', performanceId: null }))).toBe('tokens-revoked');
    expect(deps.objects.paths()).toHaveLength(5);
    expect(await handlePhotoCleanup(deps, changed({ status: 'ready', performanceId: null }, null))).toBe('files-deleted');
    expect(deps.objects.paths()).toEqual([`photos/${FESTIVAL_ID}/ph10/320.webp`]);
  });

  it('delete a rejected photo’s original at once, keeping nothing of it', async () => {
    const deps = testDeps();
    deps.objects.put('uploads/u1/encore-2026/ph1', Buffer.from('<html>not a photo</html>'));
    deps.objects.put('uploads/u1/encore-2026/ph2', Buffer.from('x'));
    expect(await handlePhotoCleanup(deps, changed({ status: 'processing', performanceId: null }, { status: 'rejected', performanceId: null }))).toBe('original-deleted');
    expect(deps.objects.paths()).toEqual(['uploads/u1/encore-2026/ph2']);
  });

  it('take back download tokens of the derived files when the photo leaves the wall', async () => {
    const deps = testDeps();
    const thumbnail = `photos/${FESTIVAL_ID}/ph1/320.webp`;
    deps.objects.put(thumbnail, Buffer.from('x'), new Date(), { firebaseStorageDownloadTokens: 'minted-while-ready' });
    expect(await handlePhotoCleanup(deps, changed({ status: 'ready', performanceId: null }, { status: 'ready', performanceId: 'kae-main' }))).toBe('nothing');
    expect(deps.objects.metadata(thumbnail)).toEqual({ firebaseStorageDownloadTokens: 'minted-while-ready' });
    expect(await handlePhotoCleanup(deps, changed({ status: 'ready', performanceId: 'kae-main' }, { status: 'hidden', performanceId: 'kae-main' }))).toBe('tokens-revoked');
    expect(deps.objects.metadata(thumbnail)).toEqual({});
    expect(deps.objects.paths()).toEqual([thumbnail]);
  });

  it('tell the uploader when the photo is ready or refused', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), { ...doc('rejected'), rejectReason: 'The file is empty (0 bytes).' });
    await handleUploaderNotice(deps, changed({ status: 'processing', performanceId: null }, { status: 'rejected', performanceId: null }));
    expect(noticeSchema.parse(deps.docs.data('users/u1/notices/photo-ph1-rejected'))).toMatchObject({
      kind: 'photo-rejected',
      text: 'Your photo was not accepted: The file is empty (0 bytes).',
    });
    await handleUploaderNotice(deps, changed({ status: 'ready', performanceId: null }, { status: 'hidden', performanceId: null }));
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('users/'))).toHaveLength(1);
  });

  it('tell the uploader in their own language, keeping the reason as a parameter', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.userPreferences('u1'), { locale: 'nl', updatedAt: new Date() });
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), { ...doc('rejected'), rejectReason: 'The file is empty (0 bytes).' });
    await handleUploaderNotice(deps, changed({ status: 'processing', performanceId: null }, { status: 'rejected', performanceId: null }));
    expect(noticeSchema.parse(deps.docs.data('users/u1/notices/photo-ph1-rejected'))).toMatchObject({
      text: 'Je foto is niet geaccepteerd: The file is empty (0 bytes).',
      params: { reason: 'The file is empty (0 bytes).' },
    });
    await handleUploaderNotice(deps, changed({ status: 'processing', performanceId: null }, { status: 'ready', performanceId: null }));
    expect(noticeSchema.parse(deps.docs.data('users/u1/notices/photo-ph1-ready'))).toMatchObject({ kind: 'photo-ready', text: 'Je foto staat op de fotomuur.', params: {} });
  });

  it('mark the photo deleted when its original is deleted', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), doc('ready'));
    await handleOriginalDeleted(deps, event('photo.original-deleted', { ...ids, path: 'uploads/u1/encore-2026/ph1' }));
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))?.status).toBe('deleted');
  });

  it('leave a rejected photo rejected, and a photo alone when another file under its id goes', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), doc('rejected'));
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph2'), testPhoto({ originalPath: 'uploads/u1/encore-2026/ph2' }));
    await handleOriginalDeleted(deps, event('photo.original-deleted', { ...ids, path: 'uploads/u1/encore-2026/ph1' }));
    await handleOriginalDeleted(deps, event('photo.original-deleted', { festivalId: FESTIVAL_ID, photoId: 'ph2', path: 'uploads/mallory/encore-2026/ph2' }));
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))?.status).toBe('rejected');
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph2'))?.status).toBe('ready');
  });
});
