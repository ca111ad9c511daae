import { describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { FESTIVAL_ID, event, seedFestival, testDeps, testPhoto, type TestDeps } from '../testing/deps.js';
import { handlePhotoCleanup, handlePhotoCounts } from './photo-changed.js';
import { handlePhotoDeleted } from './photo-deleted.js';
import { handleReactionChanged as acknowledgeReaction } from './reaction-changed.js';
import { runPublicationTasks } from '../testing/publications.js';

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleReactionChanged(deps: TestDeps, e: Parameters<typeof acknowledgeReaction>[1]): Promise<Awaited<ReturnType<typeof acknowledgeReaction>>> {
  const result = await acknowledgeReaction(deps, e);
  await runPublicationTasks(deps);
  return result;
}


const ids = { festivalId: FESTIVAL_ID, photoId: 'ph1' };
const photoPath = firestorePaths.photo(FESTIVAL_ID, 'ph1');
const originalPath = 'uploads/u1/encore-2026/ph1';
const REQUESTED = new Date('2026-08-14T21:00:00Z');

/** The `ready -> deleted` change the uploader's delete request causes. */
const deletedByUploader = (id = 'photo-deleted-1') =>
  event('photo.changed', { ...ids, uploaderUid: 'u1', originalPath, before: { status: 'ready', performanceId: 'nina-main' }, after: { status: 'deleted', performanceId: 'nina-main' } }, id);

/** A ready photo with renditions, its original and two reactions, then deleted by its uploader. */
function arrange(deps: TestDeps, overrides: Parameters<typeof testPhoto>[0] = {}) {
  seedFestival(deps.docs);
  for (const name of ['320.webp', '320.avif', '800.jpg']) deps.objects.put(`photos/${FESTIVAL_ID}/ph1/${name}`, Buffer.from('x'));
  deps.objects.put(`photos/${FESTIVAL_ID}/ph10/320.webp`, Buffer.from('someone else'));
  deps.objects.put(originalPath, Buffer.from('x'));
  deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph1', 'ann'), { kind: 'love', createdAt: REQUESTED });
  deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph1', 'bo'), { kind: 'fire', createdAt: REQUESTED });
  deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, 'ph10', 'ann'), { kind: 'love', createdAt: REQUESTED });
  deps.docs.seed(photoPath, testPhoto({ uploaderUid: 'u1', originalPath, performanceId: 'nina-main', status: 'deleted', deleteRequestedAt: REQUESTED, ...overrides }));
}

const reactionsOf = (deps: TestDeps, photoId: string) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`${firestorePaths.reactions(FESTIVAL_ID, photoId)}/`));

describe('an uploader deleting their photo', () => {
  it('removes its renditions, original, reactions and document, and nothing of other photos', async () => {
    const deps = testDeps();
    arrange(deps);
    expect(await handlePhotoDeleted(deps, deletedByUploader())).toBe('removed');
    expect(deps.objects.paths()).toEqual([`photos/${FESTIVAL_ID}/ph10/320.webp`]);
    expect(reactionsOf(deps, 'ph1')).toEqual([]);
    expect(reactionsOf(deps, 'ph10')).toHaveLength(1);
    expect(deps.docs.data(photoPath)).toBeUndefined();
  });

  it('is done once when the event is delivered again after success', async () => {
    const deps = testDeps();
    arrange(deps);
    const deleted = deletedByUploader();
    expect(await handlePhotoDeleted(deps, deleted)).toBe('removed');
    expect(await handlePhotoDeleted(deps, deleted)).toBe('already-removed');
    expect(deps.docs.data(photoPath)).toBeUndefined();
    expect(reactionsOf(deps, 'ph1')).toEqual([]);
  });

  it('finishes on redelivery when the first delivery died before removing the document', async () => {
    const deps = testDeps();
    arrange(deps);
    const transaction = deps.docs.transaction.bind(deps.docs);
    let crashes = 1;
    deps.docs.transaction = (async (work: Parameters<typeof transaction>[0]) => {
      if (crashes-- > 0) throw new Error('instance lost');
      return transaction(work);
    }) as typeof deps.docs.transaction;
    const deleted = deletedByUploader();
    await expect(handlePhotoDeleted(deps, deleted)).rejects.toThrow('instance lost');
    expect(deps.docs.data(photoPath)).toBeDefined();
    expect(await handlePhotoDeleted(deps, deleted)).toBe('removed');
    expect(deps.docs.data(photoPath)).toBeUndefined();
    expect(deps.objects.paths()).toEqual([`photos/${FESTIVAL_ID}/ph10/320.webp`]);
  });

  it('moves the counts once through the usual counters, whatever the redeliveries', async () => {
    const deps = testDeps();
    arrange(deps, { status: 'ready', deleteRequestedAt: undefined });
    // Before: the photo counted in the totals, with its two reactions.
    await handlePhotoCounts(deps, event('photo.changed', { ...ids, uploaderUid: 'u1', originalPath, before: null, after: { status: 'ready', performanceId: 'nina-main' } }));
    for (const uid of ['ann', 'bo']) await handleReactionChanged(deps, event('reaction.changed', { ...ids, uid, change: 'added' }));
    const totals = () => deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'));
    // (Performances keep only what staff write: the photo figures are the festival's stats.)
    expect([totals()?.photos, totals()?.reactions]).toEqual([1, 2]);

    // The uploader's write, then each subscriber of the change, each delivered twice.
    deps.docs.seed(photoPath, { ...deps.docs.data(photoPath), status: 'deleted', deleteRequestedAt: REQUESTED, updatedAt: REQUESTED });
    const deleted = deletedByUploader();
    for (let delivery = 0; delivery < 2; delivery++) {
      await handlePhotoCounts(deps, deleted);
      await handlePhotoCleanup(deps, deleted);
      await handlePhotoDeleted(deps, deleted);
    }
    // The reaction deletions and the document's deletion fire their own triggers, also twice.
    for (let delivery = 0; delivery < 2; delivery++) {
      for (const uid of ['ann', 'bo']) await handleReactionChanged(deps, event('reaction.changed', { ...ids, uid, change: 'removed' }, `reaction-removed-${uid}`));
      await handlePhotoCounts(deps, event('photo.changed', { ...ids, uploaderUid: 'u1', originalPath, before: { status: 'deleted', performanceId: 'nina-main' }, after: null }, 'photo-gone'));
    }
    expect([totals()?.photos, totals()?.reactions]).toEqual([0, 0]);
    expect(deps.docs.data(photoPath)).toBeUndefined();
  });

  it('keeps a photo marked deleted because its original vanished (no request from its uploader)', async () => {
    const deps = testDeps();
    arrange(deps, { deleteRequestedAt: undefined });
    expect(await handlePhotoDeleted(deps, deletedByUploader())).toBe('not-requested');
    expect(deps.docs.data(photoPath)).toMatchObject({ status: 'deleted' });
    expect(reactionsOf(deps, 'ph1')).toHaveLength(2);
  });

  it('ignores changes that are not to deleted', async () => {
    const deps = testDeps();
    arrange(deps, { status: 'hidden', deleteRequestedAt: undefined });
    const hidden = event('photo.changed', { ...ids, uploaderUid: 'u1', originalPath, before: { status: 'ready', performanceId: null }, after: { status: 'hidden', performanceId: null } });
    expect(await handlePhotoDeleted(deps, hidden)).toBe('not-requested');
    expect(deps.docs.data(photoPath)).toBeDefined();
  });
});
